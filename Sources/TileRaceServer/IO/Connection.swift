import Dispatch

/// One accepted TCP connection over a non-blocking socket: a read source
/// delivers bytes, a write source drains a bounded output buffer. A peer that
/// reads so slowly that more than the limit waits is disconnected, so it never
/// holds up anyone else or grows memory without bound.
///
/// Closing is graceful: what was queued is written, then the write side is
/// shut down and the rest of the peer's input is read and dropped for a moment,
/// so the peer sees the last lines (e.g. `BYE`) before the end of the stream.
/// The descriptor is closed only in the sources' cancel handlers.
///
/// Owned by the server's queue: every method must be called on it, and the
/// sources' handlers run on it.
final class Connection: @unchecked Sendable {
    /// Where the connection is in its life.
    enum Phase {
        /// Reading and writing.
        case open
        /// Writing what is queued, then closing.
        case draining
        /// Write side shut down; waiting briefly for the peer to close.
        case lingering
        /// Both sources cancelled.
        case closed
    }

    /// What the connection reports to its owner.
    struct Handlers {
        /// Bytes arrived (only while open).
        var received: (ConnectionID, [UInt8]) -> Void
        /// The connection ended by itself while open: the peer closed it, an
        /// error, or too much unsent output. Called at most once.
        var ended: (ConnectionID, String) -> Void
        /// The descriptor was closed; forget the connection.
        var closed: (ConnectionID) -> Void
    }

    let id: ConnectionID
    let peer: String
    private(set) var phase = Phase.open
    /// Set while the connection waits in its owner's list of connections to flush.
    var isFlushScheduled = false

    private let fd: Int32
    private let queue: DispatchQueue
    private let handlers: Handlers
    private let outputLimit: Int
    private let closeTimeoutMilliseconds: Int
    private let readSource: DispatchSourceRead
    private let writeSource: DispatchSourceWrite
    private var output = OutputBuffer()
    private var isReading = true
    private var isWriting = false
    private var lingerMilliseconds = 1000

    private static let readChunk = 16384

    init(
        id: ConnectionID, fd: Int32, peer: String, queue: DispatchQueue, outputLimit: Int,
        closeTimeoutMilliseconds: Int, handlers: Handlers
    ) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.queue = queue
        self.outputLimit = outputLimit
        self.closeTimeoutMilliseconds = closeTimeoutMilliseconds
        self.handlers = handlers
        readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
    }

    /// Starts reading. The write source stays inactive until output backs up.
    func start() {
        let closer = DescriptorCloser(fd: fd, sources: 2) { [handlers, id] in handlers.closed(id) }
        readSource.setEventHandler { [weak self] in self?.readAvailable() }
        writeSource.setEventHandler { [weak self] in self?.flush() }
        readSource.setCancelHandler { closer.sourceCancelled() }
        writeSource.setCancelHandler { closer.sourceCancelled() }
        readSource.resume()
    }

    /// Queues lines. Returns false (and closes at once) when the unsent output
    /// would pass the limit. Ignored unless open.
    @discardableResult
    func enqueue(_ lines: [String]) -> Bool {
        guard phase == .open else { return true }
        for line in lines { output.append(line: line) }
        guard output.count <= outputLimit else {
            handlers.ended(id, "reading too slowly (more than \(outputLimit) bytes waiting)")
            teardown()
            return false
        }
        return true
    }

    /// Writes as much queued output as the socket takes now; the write source
    /// finishes the rest when the socket drains.
    func flush() {
        guard phase == .open || phase == .draining else { return }
        while !output.isEmpty {
            switch output.withUnsentBytes({ Socket.send(fd, $0) }) {
            case .sent(let count):
                output.consume(count)
            case .wouldBlock:
                resumeWriting()
                return
            case .failed(let code):
                if phase == .open { handlers.ended(id, "write failed: \(Socket.describe(code))") }
                teardown()
                return
            }
        }
        pauseWriting()
        if phase == .draining { linger() }
    }

    /// Closes once the queued output is written (or after the close timeout),
    /// then waits up to `lingerMilliseconds` for the peer to hang up.
    func closeAfterFlush(lingerMilliseconds: Int = 1000) {
        guard phase == .open else { return }
        self.lingerMilliseconds = lingerMilliseconds
        phase = .draining
        queue.asyncAfter(deadline: .now() + .milliseconds(closeTimeoutMilliseconds)) { [weak self] in self?.teardown() }
        flush()
    }

    /// Closes now, dropping unsent output.
    func closeNow() {
        teardown()
    }

    private func readAvailable() {
        guard phase != .closed else { return }
        let result = receive()
        switch result.1 {
        case .bytes:
            if phase == .open { handlers.received(id, result.0) }
        case .wouldBlock:
            break
        case .endOfStream:
            pauseReading()
            switch phase {
            case .open:
                handlers.ended(id, "closed by the client")
                closeAfterFlush()
            case .lingering:
                teardown()
            case .draining, .closed:
                break
            }
        case .failed(let code):
            if phase == .open { handlers.ended(id, "read failed: \(Socket.describe(code).lowercased())") }
            teardown()
        }
    }

    private func receive() -> ([UInt8], Socket.ReceiveResult) {
        withUnsafeTemporaryAllocation(byteCount: Connection.readChunk, alignment: 1) { buffer -> ([UInt8], Socket.ReceiveResult) in
            let result = Socket.receive(fd, into: buffer)
            guard case .bytes(let count) = result else { return ([], result) }
            return (Array(buffer[0..<count]), result)
        }
    }

    /// Everything is written: send the FIN, drop what the peer already sent,
    /// and give it a moment to hang up. (Closing with unread input would reset
    /// the connection, and the peer could lose the last lines.)
    private func linger() {
        phase = .lingering
        Socket.shutdownWriting(fd)
        while isReading, case .bytes = receive().1 {}
        guard isReading, lingerMilliseconds > 0 else {
            teardown()
            return
        }
        queue.asyncAfter(deadline: .now() + .milliseconds(lingerMilliseconds)) { [weak self] in self?.teardown() }
    }

    private func teardown() {
        guard phase != .closed else { return }
        phase = .closed
        output = OutputBuffer()
        // A suspended (or never activated) source must run again to be cancelled.
        if !isReading { readSource.resume() }
        if !isWriting { writeSource.resume() }
        isReading = true
        isWriting = true
        readSource.cancel()
        writeSource.cancel()
    }

    private func resumeWriting() {
        guard !isWriting else { return }
        isWriting = true
        writeSource.resume()
    }

    private func pauseWriting() {
        guard isWriting else { return }
        isWriting = false
        writeSource.suspend()
    }

    private func pauseReading() {
        guard isReading else { return }
        isReading = false
        readSource.suspend()
    }
}

/// Closes a descriptor once every dispatch source using it was cancelled.
/// Its counter is touched only by cancel handlers, which run on the owner queue.
private final class DescriptorCloser: @unchecked Sendable {
    private let fd: Int32
    private var remaining: Int
    private let closed: () -> Void

    init(fd: Int32, sources: Int, closed: @escaping () -> Void) {
        self.fd = fd
        self.remaining = sources
        self.closed = closed
    }

    func sourceCancelled() {
        remaining -= 1
        guard remaining == 0 else { return }
        Socket.close(fd)
        closed()
    }
}
