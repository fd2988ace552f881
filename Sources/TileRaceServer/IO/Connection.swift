import Dispatch
import TileRaceTransport

/// One accepted player connection. Read unless the core holds its input or
/// more than `backpressureBytes` wait to be sent.
///
/// Owned by its shard's queue (its `SocketChannel` asserts it).
final class Connection {
    let id: ConnectionID
    let peer: String
    var isFlushScheduled = false
    /// Latest write time of output waiting for the next reply; nil when none.
    var outputWaitsUntil: Int?
    var wantsInputTurn = false

    /// Closing, detaching and the rest go to it directly.
    let channel: SocketChannel
    private let outputLimit: Int
    private let backpressureBytes: Int
    private var isInputHeld = false
    private var isReadingHeld = false

    init(
        id: ConnectionID, fd: Int32, peer: String, queue: DispatchQueue, outputLimit: Int, backpressureBytes: Int,
        closeTimeoutMilliseconds: Int, pendingOutput: OutputBuffer = OutputBuffer(), poller: ReadinessPoller? = nil
    ) {
        self.id = id
        self.peer = peer
        self.outputLimit = outputLimit
        self.backpressureBytes = backpressureBytes
        channel = SocketChannel(
            fd: fd, queue: queue, outputLimit: outputLimit, closeTimeoutMilliseconds: closeTimeoutMilliseconds,
            pendingOutput: pendingOutput, poller: poller)
    }

    var isOutputBacklogged: Bool { channel.pendingOutputBytes > backpressureBytes }

    /// Then `updateReading`.
    func holdInput(_ held: Bool) {
        isInputHeld = held
    }

    /// Returns false (and closes) when unsent output would pass the limit.
    /// Ignored unless open.
    @discardableResult
    func enqueue(_ lines: OutgoingLines) -> Bool {
        let (first, second) = lines.parts
        return channel.enqueue(bytes: first) && (second.isEmpty || channel.enqueue(bytes: second))
    }

    /// Then `updateReading`.
    func flush() {
        channel.flush()
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

    /// After a flush, a change of hold, or the output drained. Returns
    /// whether reading is held now, if that changed.
    func updateReading() -> Bool? {
        let held = isInputHeld || isOutputBacklogged
        guard held != isReadingHeld else { return nil }
        isReadingHeld = held
        channel.holdReading(held)
        return held
    }
}
