import Dispatch

/// Out of descriptors, it pauses accepting briefly instead of spinning.
/// Owned by its queue (checked); the handlers run there.
package final class Listener: @unchecked Sendable {
    package let port: Int
    private let fd: Int32
    private let queue: DispatchQueue
    private let source: DispatchSourceRead
    private var isPaused = false
    private var isStopped = false

    package init(fd: Int32, port: Int, queue: DispatchQueue) {
        self.fd = fd
        self.port = port
        self.queue = queue
        self.source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    }

    /// `accepted` gets each new socket and its peer's address.
    package func start(accepted: @escaping (Int32, String) -> Void, failed: @escaping (String) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        let fd = self.fd
        source.setEventHandler { [weak self] in
            guard let self else { return }
            for _ in 0..<64 {
                switch Socket.accept(fd) {
                case .accepted(let socket, let peer):
                    accepted(socket, peer)
                case .wouldBlock:
                    return
                case .failed(let code):
                    failed("error: cannot accept a connection: \(FileDescriptor.describe(code)); pausing accepts for 100 ms")
                    pause()
                    return
                }
            }
        }
        source.setCancelHandler { FileDescriptor.close(fd) }
        source.resume()
    }

    package func stop() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isStopped else { return }
        isStopped = true
        if isPaused { source.resume() }
        source.cancel()
    }

    private func pause() {
        guard !isPaused, !isStopped else { return }
        isPaused = true
        source.suspend()
        queue.asyncAfter(deadline: .now() + .milliseconds(100)) { [weak self] in
            guard let self, self.isPaused, !self.isStopped else { return }
            self.isPaused = false
            self.source.resume()
        }
    }
}
