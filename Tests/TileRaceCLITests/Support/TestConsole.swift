import Foundation
import TileRaceCLI

/// A console that records what a command writes and feeds it fixed input.
final class TestConsole: @unchecked Sendable {
    // A lock in a tiny test helper: commands write from the test's thread only,
    // but the closures must be Sendable.
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""
    private let input: Data?

    /// A console whose standard input holds `input` (nil: unreadable).
    init(input: Data? = Data()) {
        self.input = input
    }

    /// Everything written to standard output.
    var output: String { locked { outputText } }
    /// Everything written to standard error.
    var error: String { locked { errorText } }

    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The console to pass to `CLI.run`.
    var console: Console {
        Console(
            writeOutput: { text in self.locked { self.outputText += text } },
            writeError: { text in self.locked { self.errorText += text } },
            readAllInput: { self.input })
    }

    /// Runs `tilerace` with `arguments`; returns the exit status.
    static func run(_ arguments: [String], input: Data? = Data()) -> (status: Int32, output: String, error: String) {
        let test = TestConsole(input: input)
        let status = CLI.run(arguments: arguments, console: test.console)
        return (status, test.output, test.error)
    }
}
