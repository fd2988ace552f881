import Dispatch
import Foundation
import Testing

@testable import TileRaceServer

/// A log whose output is not read never stalls the server.
@Suite struct LogWriterTests {
    /// Collects what the writer hands over; blocks while `isBlocked` (a full pipe).
    final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        var isBlocked = true

        func write(_ text: String) {
            let mustWait = lock.withLock { isBlocked }
            if mustWait {
                entered.signal()
                gate.wait()
            }
            lock.withLock { texts.append(text) }
        }

        func unblock() {
            lock.withLock { isBlocked = false }
            gate.signal()
        }

        var written: String { lock.withLock { texts.joined() } }
    }

    @Test func aStuckOutputDropsLinesWithACountInsteadOfWaiting() throws {
        let sink = Sink()
        let writer = LogWriter(capacity: 5) { sink.write($0) }
        writer.write("line 0\n")
        // The writing queue is now stuck in the sink, as in a full pipe.
        #expect(sink.entered.wait(timeout: .now() + 5) == .success)
        let returned = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for index in 1...20 { writer.write("line \(index)\n") }
            returned.signal()
        }
        #expect(returned.wait(timeout: .now() + 5) == .success)
        #expect(writer.droppedCount == 15)
        sink.unblock()
        #expect(writer.waitUntilWritten(timeoutMilliseconds: 5000))
        let lines = sink.written.split(separator: "\n").map(String.init)
        #expect(lines == (0...5).map { "line \($0)" } + ["warning: 15 log line(s) dropped: standard error was not being read"])
    }

    @Test func waitingForAStuckOutputGivesUp() {
        let sink = Sink()
        let writer = LogWriter(capacity: 5) { sink.write($0) }
        writer.write("line 0\n")
        #expect(sink.entered.wait(timeout: .now() + 5) == .success)
        #expect(!writer.waitUntilWritten(timeoutMilliseconds: 50))
        sink.unblock()
        #expect(writer.waitUntilWritten(timeoutMilliseconds: 5000))
    }
}
