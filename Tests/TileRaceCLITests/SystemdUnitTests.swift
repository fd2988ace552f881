import Foundation
import Testing

@testable import TileRaceCLI

/// `Deploy/tilerace.service`: the keys a public server needs, an `ExecStart`
/// that `tilerace serve` accepts, and (where systemd is installed)
/// `systemd-analyze verify`.
struct SystemdUnitTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let analyzer = "/usr/bin/systemd-analyze"

    private static func unitText() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Deploy/tilerace.service"), encoding: .utf8)
    }

    /// `section.key` to its value (a key given twice keeps its last value, as systemd does).
    private static func keys(of text: String) -> [String: String] {
        var keys: [String: String] = [:]
        var section = ""
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            keys[section + "." + line[..<equals]] = String(line[line.index(after: equals)...])
        }
        return keys
    }

    @Test func theUnitRunsAHardenedServerThatRestartsOnFailure() throws {
        let keys = Self.keys(of: try Self.unitText())
        #expect(keys["Service.Restart"] == "on-failure")
        #expect(keys["Service.RestartPreventExitStatus"] == String(CLI.usageError))
        #expect(keys["Service.DynamicUser"] == "yes")
        #expect(keys["Service.StateDirectory"] == "tilerace")
        #expect(keys["Service.ProtectSystem"] == "strict")
        #expect(keys["Service.NoNewPrivileges"] == "yes")
        #expect(keys["Install.WantedBy"] == "multi-user.target")
    }

    @Test func execStartIsAServeCommandLineReadingTheConfigFile() throws {
        let keys = Self.keys(of: try Self.unitText())
        let words = try #require(keys["Service.ExecStart"]).split(separator: " ").map(String.init)
        #expect(words.prefix(2) == ["/usr/local/bin/tilerace", "serve"])
        let serve = ServeCommand()
        let arguments = try Arguments(parsing: Array(words.dropFirst(2)), options: serve.options)
        try arguments.requireNoPositionals()
        #expect(arguments.value("--config") == "/etc/tilerace/tilerace.conf")
        // The example config file keeps the leaderboard in the unit's state directory.
        let config = try String(contentsOf: Self.root.appendingPathComponent("Deploy/tilerace.conf"), encoding: .utf8)
        let file = try ConfigFile(parsing: config, path: "tilerace.conf", options: serve.options, excluded: ["--config"])
        let data = try file.arguments.value("--data")
        #expect(data == "/var/lib/" + (keys["Service.StateDirectory"] ?? "?"))
    }

    /// systemd's own check, with `ExecStart`'s program (not installed here) replaced by `/bin/true`.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: analyzer) && FileManager.default.fileExists(atPath: "/bin/true")))
    func systemdAnalyzeVerifiesTheUnit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tilerace-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let unit = directory.appendingPathComponent("tilerace.service")
        try Self.unitText().replacingOccurrences(of: "/usr/local/bin/tilerace", with: "/bin/true").write(
            to: unit, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.analyzer)
        process.arguments = ["verify", unit.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.isEmpty, "systemd-analyze verify: \(output)")
    }
}
