import Dispatch

/// Connects without blocking its queue, or a thread for long: a blocking connect on a
/// global queue holds one of its few threads while a peer is silent. One deadline overall.
/// Owned by `queue` (checked); the completion runs on it at most once, and the socket is
/// then the caller's. Sockets close only in their write source's cancel handler.
package final class SocketConnector: @unchecked Sendable {
    package typealias Completion = (Result<Int32, Socket.ConnectFailure>) -> Void

    private let host: String
    private let port: Int
    private let timeoutMilliseconds: Int
    private let queue: DispatchQueue
    private var completion: Completion?
    private var addresses: [SocketAddress] = []
    private var source: (any DispatchSourceWrite)?
    private var connectedFD: Int32 = -1
    private var lastFailure: Socket.ConnectFailure

    package init(host: String, port: Int, timeoutMilliseconds: Int, queue: DispatchQueue) {
        self.host = host
        self.port = port
        self.timeoutMilliseconds = timeoutMilliseconds
        self.queue = queue
        lastFailure = .unknownHost(host)
    }

    deinit {
        source?.cancel()
    }

    package func start(_ completion: @escaping Completion) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard self.completion == nil, source == nil, addresses.isEmpty else { return }
        self.completion = completion
        queue.asyncAfter(deadline: .now() + .milliseconds(timeoutMilliseconds)) { [weak self] in
            self?.finish(.failure(.timedOut))
        }
        let (host, port, queue) = (self.host, self.port, self.queue)
        // Resolving may wait on the network.
        DispatchQueue.global().async { [self] in
            let resolved: Result<[SocketAddress], Socket.ConnectFailure>
            do throws(Socket.ConnectFailure) {
                resolved = .success(try Socket.resolve(host: host, port: port))
            } catch {
                resolved = .failure(error)
            }
            queue.async { self.resolved(resolved) }
        }
    }

    /// The completion is not called, and a socket under way is closed.
    package func cancel() {
        dispatchPrecondition(condition: .onQueue(queue))
        completion = nil
        addresses = []
        source?.cancel()
        source = nil
    }

    private func resolved(_ result: Result<[SocketAddress], Socket.ConnectFailure>) {
        guard completion != nil else { return }
        switch result {
        case .success(let addresses):
            self.addresses = addresses
            tryNextAddress()
        case .failure(let failure):
            finish(.failure(failure))
        }
    }

    private func tryNextAddress() {
        while completion != nil, !addresses.isEmpty {
            switch Socket.startConnect(to: addresses.removeFirst()) {
            case .connected(let fd):
                finish(.success(fd))
                return
            case .inProgress(let fd):
                watch(fd)
                return
            case .failed(let failure):
                lastFailure = failure
            }
        }
        finish(.failure(lastFailure))
    }

    private func watch(_ fd: Int32) {
        let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { [weak self] in self?.writable(fd) }
        source.setCancelHandler { [weak self] in
            if let self, connectedFD == fd, let completion {
                self.completion = nil
                completion(.success(fd))
            } else {
                FileDescriptor.close(fd)
            }
        }
        self.source = source
        source.resume()
    }

    private func writable(_ fd: Int32) {
        guard let source, completion != nil else { return }
        self.source = nil
        if let failure = Socket.finishConnect(fd) {
            lastFailure = failure
            source.cancel()
            tryNextAddress()
        } else {
            // The completion runs from the cancel handler, with the source gone.
            connectedFD = fd
            source.cancel()
        }
    }

    private func finish(_ result: Result<Int32, Socket.ConnectFailure>) {
        guard let completion else {
            if case .success(let fd) = result { FileDescriptor.close(fd) }
            return
        }
        self.completion = nil
        addresses = []
        source?.cancel()
        source = nil
        completion(result)
    }
}
