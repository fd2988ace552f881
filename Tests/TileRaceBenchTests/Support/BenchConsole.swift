import Foundation
import TileRaceBench
import TileRaceCLI

/// Runs `tilerace-bench` on a console that records what it writes.
enum BenchConsole {
    /// Runs `tilerace-bench` with `arguments`; returns the exit status and what it wrote.
    static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let output = Recorded()
        let error = Recorded()
        let console = Console(writeOutput: output.append, writeError: error.append, readAllInput: { nil })
        let status = BenchCommand.run(arguments: arguments, console: console)
        return (status, output.text, error.text)
    }

    /// Text written from any thread (the bot bench prints from a queue of its own).
    private final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var written = ""

        var text: String { lock.withLock { written } }

        @Sendable func append(_ text: String) {
            lock.withLock { written += text }
        }
    }
}
