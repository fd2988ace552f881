import Dispatch
import TileRaceTransport

/// One accepted player connection. Read unless the core holds its input or
/// more than `backpressureBytes` wait to be sent.
///
/// Its handlers capture the id, not the connection: a weak reference would
/// add a side table and put every retain/release on the runtime's slow path.
///
/// Owned by its shard's queue (its `SocketChannel` asserts it).
final class Connection {
    struct Handlers {
        /// Only while open; the bytes are lent for the call.
        var received: (ConnectionID, UnsafeRawBufferPointer) -> Void
        /// The connection ended on its own (peer closed, error, too much unsent
        /// output). Called at most once.
        var ended: (ConnectionID, SocketChannel.EndReason) -> Void
        var closed: (ConnectionID) -> Void
        /// The owner then calls `outputDrained()`.
        var drained: (ConnectionID) -> Void
    }

    let id: ConnectionID
    let peer: String
    var isFlushScheduled = false
    /// Latest write time of output waiting for the next reply; nil when none.
    var outputWaitsUntil: Int?
    var wantsInputTurn = false

    private let channel: SocketChannel
    private let outputLimit: Int
    private let backpressureBytes: Int
    private let handlers: Handlers
    private var isInputHeld = false

    init(
        id: ConnectionID, fd: Int32, peer: String, queue: DispatchQueue, outputLimit: Int, backpressureBytes: Int,
        closeTimeoutMilliseconds: Int, handlers: Handlers, pendingOutput: OutputBuffer = OutputBuffer(),
        poller: ReadinessPoller? = nil
    ) {
        self.id = id
        self.peer = peer
        self.outputLimit = outputLimit
        self.backpressureBytes = backpressureBytes
        self.handlers = handlers
        channel = SocketChannel(
            fd: fd, queue: queue, outputLimit: outputLimit, closeTimeoutMilliseconds: closeTimeoutMilliseconds,
            pendingOutput: pendingOutput, poller: poller)
    }

    func start() {
        let id = id
        let handlers = handlers
        channel.start(
            SocketChannel.Handlers(
                received: { bytes in handlers.received(id, bytes) },
                ended: { reason in handlers.ended(id, reason) },
                closed: { handlers.closed(id) },
                drained: { handlers.drained(id) }))
    }

    var isOutputBacklogged: Bool { channel.pendingOutputBytes > backpressureBytes }

    func holdInput(_ held: Bool) {
        isInputHeld = held
        updateReading()
    }

    /// Returns false (and closes) when unsent output would pass the limit.
    /// Ignored unless open.
    @discardableResult
    func enqueue(_ lines: OutgoingLines) -> Bool {
        let (first, second) = lines.parts
        return channel.enqueue(bytes: first) && (second.isEmpty || channel.enqueue(bytes: second))
    }

    func flush() {
        channel.flush()
        updateReading()
    }

    /// Then waits up to `lingerMilliseconds` for the peer to hang up.
    func closeAfterFlush(lingerMilliseconds: Int = 1000) {
        channel.closeAfterFlush(lingerMilliseconds: lingerMilliseconds)
    }

    /// Drops unsent output.
    func closeNow() {
        channel.closeNow()
    }

    /// Hands the socket and unsent output to `next` once the sources are
    /// cancelled. Returns false unless open.
    func detach(to next: @escaping (Int32, OutputBuffer) -> Void) -> Bool {
        channel.detach(to: next)
    }

    func outputDrained() {
        updateReading()
    }

    func describe(_ reason: SocketChannel.EndReason) -> String {
        switch reason {
        case .peerClosed:
            return "closed by the client"
        case .readFailed(let code):
            return "read failed: \(FileDescriptor.describe(code).lowercased())"
        case .writeFailed(let code):
            return "write failed: \(FileDescriptor.describe(code))"
        case .outputLimit:
            return "reading too slowly (more than \(outputLimit) bytes waiting)"
        }
    }

    private func updateReading() {
        channel.holdReading(isInputHeld || isOutputBacklogged)
    }
}
