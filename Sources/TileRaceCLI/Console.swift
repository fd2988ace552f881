import Foundation
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes its output and reads its input, so commands can run
/// in tests without touching the process's real streams.
public struct Console: Sendable {
    /// Writes text to standard output.
    public var writeOutput: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Reads all of standard input, or nil when it cannot be read.
    public var readAllInput: @Sendable () -> Data?

    /// Creates a console from its three operations.
    public init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        readAllInput: @escaping @Sendable () -> Data?
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readAllInput = readAllInput
    }

    /// The process's standard output, error and input.
    public static let standard = Console(
        // A closed pipe (`tilerace ... | head`) is not an error worth a crash.
        writeOutput: { text in try? FileSystem.writeAll(1, Array(text.utf8), path: "standard output") },
        writeError: { text in try? FileSystem.writeAll(2, Array(text.utf8), path: "standard error") },
        readAllInput: { try? FileHandle.standardInput.readToEnd() ?? Data() }
    )

    /// Writes one line to standard output.
    public func print(_ line: String) {
        writeOutput(line + "\n")
    }

    /// Writes one line to standard error.
    public func printError(_ line: String) {
        writeError(line + "\n")
    }
}
