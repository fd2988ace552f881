import Foundation
import Testing

/// Runs a shell (bash, zsh, fish) on a script, for the completion tests.
enum ShellRun {
    /// The shell's path, or nil when it is not installed.
    static func path(of shell: String) -> String? {
        ["/bin/", "/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + shell }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes `script` to a temporary file and runs `shell` with `arguments`
    /// (`SCRIPT_PATH` among them replaced by the file's path); returns its status
    /// and what it wrote to standard output and error. Waits at most 10 s.
    static func run(_ shell: String, script: String, arguments: [String]) throws -> (status: Int32, output: String) {
        let executable = try #require(path(of: shell))
        let file = NSTemporaryDirectory() + "tilerace-completion-" + UUID().uuidString
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments.map { $0.replacingOccurrences(of: "SCRIPT_PATH", with: file) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // The output is a few lines: it fits in the pipe while the shell runs.
        guard exited.wait(timeout: .now() + 10) == .success else {
            process.terminate()
            Issue.record("\(shell) did not finish within 10 s")
            return (-1, "")
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
