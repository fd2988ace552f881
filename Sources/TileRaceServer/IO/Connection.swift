import Dispatch
import TileRaceTransport

/// One accepted player connection: the transport's `LineChannel` plus the
/// connection's identity, and the words the server logs when it ends.
///
/// Owned by the server's queue: every method must be called on it.
final class Connection {
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
    /// Set while the connection waits in its owner's list of connections to flush.
    var isFlushScheduled = false

    private let channel: LineChannel
    private let outputLimit: Int
    private let handlers: Handlers

    init(
        id: ConnectionID, fd: Int32, peer: String, queue: DispatchQueue, outputLimit: Int,
        closeTimeoutMilliseconds: Int, handlers: Handlers
    ) {
        self.id = id
        self.peer = peer
        self.outputLimit = outputLimit
        self.handlers = handlers
        channel = LineChannel(fd: fd, queue: queue, outputLimit: outputLimit, closeTimeoutMilliseconds: closeTimeoutMilliseconds)
    }

    /// Starts reading.
    func start() {
        let id = id
        let handlers = handlers
        channel.start(
            LineChannel.Handlers(
                received: { bytes in handlers.received(id, bytes) },
                ended: { [weak self] reason in self?.ended(reason) },
                closed: { handlers.closed(id) }))
    }

    /// Queues lines. Returns false (and closes at once) when the unsent output
    /// would pass the limit. Ignored unless open.
    @discardableResult
    func enqueue(_ lines: [String]) -> Bool {
        channel.enqueue(lines)
    }

    /// Writes as much queued output as the socket takes now.
    func flush() {
        channel.flush()
    }

    /// Closes once the queued output is written (or after the close timeout),
    /// then waits up to `lingerMilliseconds` for the peer to hang up.
    func closeAfterFlush(lingerMilliseconds: Int = 1000) {
        channel.closeAfterFlush(lingerMilliseconds: lingerMilliseconds)
    }

    /// Closes now, dropping unsent output.
    func closeNow() {
        channel.closeNow()
    }

    private func ended(_ reason: LineChannel.EndReason) {
        switch reason {
        case .peerClosed:
            handlers.ended(id, "closed by the client")
            closeAfterFlush()
        case .readFailed(let code):
            handlers.ended(id, "read failed: \(FileDescriptor.describe(code).lowercased())")
        case .writeFailed(let code):
            handlers.ended(id, "write failed: \(FileDescriptor.describe(code))")
        case .outputLimit:
            handlers.ended(id, "reading too slowly (more than \(outputLimit) bytes waiting)")
        }
    }
}
