import Foundation
import TileRaceTransport

/// So tests run commands without the process's real streams.
public struct Console: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// All of standard input, or nil when it cannot be read.
    public var readAllInput: @Sendable () -> Data?

    public init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        readAllInput: @escaping @Sendable () -> Data?
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readAllInput = readAllInput
    }

    public static let standard = Console(
        // A closed pipe (`tilerace ... | head`) is not an error worth a crash.
        writeOutput: { text in try? FileSystem.writeAll(1, Array(text.utf8), path: "standard output") },
        writeError: { text in try? FileSystem.writeAll(2, Array(text.utf8), path: "standard error") },
        readAllInput: { try? FileHandle.standardInput.readToEnd() ?? Data() }
    )

    public func print(_ line: String) {
        writeOutput(line + "\n")
    }

    public func printError(_ line: String) {
        writeError(line + "\n")
    }
}
