import Dispatch
import TileRaceProtocol

/// Writes log lines to standard error without making the caller wait: a
/// bounded buffer, written by a queue of its own. When the output is not
/// read, extra lines are dropped and counted, and the count written later.
/// `bufferQueue` never blocks; writes run on `writeQueue`.
public final class LogWriter: @unchecked Sendable {
    /// How many lines wait at most before new ones are dropped.
    public let capacity: Int
    private let sink: @Sendable (String) -> Void
    private let format: ServerLog.Format
    private let clock: any ServerClock
    private let bufferQueue = DispatchQueue(label: "tilerace.log.buffer")
    private let writeQueue = DispatchQueue(label: "tilerace.log.write")
    private var lines: [String] = []
    private var dropped = 0
    private var isWriting = false

    /// `sink` may block; at most `capacity` lines are held meanwhile.
    public init(
        capacity: Int = 10_000, format: ServerLog.Format = .text, clock: any ServerClock = SystemClock(),
        sink: @escaping @Sendable (String) -> Void
    ) {
        self.capacity = capacity
        self.format = format
        self.clock = clock
        self.sink = sink
    }

    /// Queues a finished line (with its newline); returns at once.
    public func write(_ line: String) {
        bufferQueue.async {
            guard self.lines.count < self.capacity else {
                self.dropped += 1
                return
            }
            self.lines.append(line)
            guard !self.isWriting else { return }
            self.isWriting = true
            self.writeQueue.async { self.drain() }
        }
    }

    /// How many lines were dropped and not yet reported (for tests).
    var droppedCount: Int { bufferQueue.sync { dropped } }

    /// Waits at most `timeoutMilliseconds`, since the output may never
    /// drain. Returns whether everything was written.
    @discardableResult
    public func waitUntilWritten(timeoutMilliseconds: Int) -> Bool {
        let deadline = DispatchTime.now() + .milliseconds(timeoutMilliseconds)
        while bufferQueue.sync(execute: { isWriting }) {
            let turn = DispatchSemaphore(value: 0)
            writeQueue.async { turn.signal() }
            guard turn.wait(timeout: deadline) == .success else { return false }
        }
        return true
    }

    /// The warning that `lost` lines were dropped (in text, without a time as ever).
    private func droppedNotice(_ lost: Int) -> String {
        let message = "warning: \(lost) log line(s) dropped: standard error was not being read"
        guard format == .json else { return message + "\n" }
        let entry = LogEntry("log.dropped", [.init("lines", lost)], message: message)
        return format.line(entry, level: .error, time: UTCTime.timestamp(epochMilliseconds: clock.wallMilliseconds))
    }

    private func drain() {
        dispatchPrecondition(condition: .onQueue(writeQueue))
        while true {
            let (batch, lost) = bufferQueue.sync { () -> ([String], Int) in
                let taken = (lines, dropped)
                lines = []
                dropped = 0
                if taken.0.isEmpty, taken.1 == 0 { isWriting = false }
                return taken
            }
            if batch.isEmpty, lost == 0 { return }
            var text = batch.joined()
            if lost > 0 { text += droppedNotice(lost) }
            sink(text)
        }
    }
}
