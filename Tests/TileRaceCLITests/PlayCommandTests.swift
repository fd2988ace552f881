import Foundation
import Testing
import TileRaceClient

@testable import TileRaceCLI

/// `tilerace play` refuses bad options before touching the terminal or the network.
struct PlayCommandTests {
    private final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var err = ""
        var errors: String { lock.withLock { err } }
        var console: Console {
            Console(writeOutput: { _ in }, writeError: { [self] text in lock.withLock { err += text } }, readAllInput: { nil })
        }
    }

    @Test(arguments: [
        (["play", "--offline", "--room", "fri"], "tilerace play: --room needs a server; it cannot be used with --offline"),
        (["play", "--host", "h", "--local"], "tilerace play: --local is for the embedded server; it cannot be used with --host"),
        (["--port", "0"], "tilerace play: invalid value '0' for --port: expected a whole number from 1 to 65535"),
        (["play", "--nick", "no spaces"], "tilerace play: invalid value 'no spaces' for --nick: expected 1-16 letters, digits, _ or -"),
        (["play", "--offline", "--size", "3", "--size", "5"], "tilerace play: --size is given twice ('3', then '5'); give it once"),
        (["--offline", "--offline"], "tilerace play: --offline is given twice; give it once"),
        (
            ["play", "--ghost", "ana", "--offline"],
            "tilerace play: --ghost NICK races a server's record; offline, race a record file with --ghost-file PATH --seed S"
        ),
        (
            ["play", "--ghost", "ana", "--seed", "7"],
            "tilerace play: --ghost races the entry's own seed, size and target: --seed, --size and --target cannot be given"
        ),
        (
            ["play", "--ghost", "ana", "--board", "weekly"],
            "tilerace play: invalid value 'weekly' for --board: expected one of all, daily, sprint, sprint-daily"
        ),
        (
            ["play", "--ghost", "ana", "--board", "rating"],
            "tilerace play: invalid value 'rating' for --board: expected one of all, daily, sprint, sprint-daily"
        ),
        (["play", "--board", "sprint"], "tilerace play: --board says which board's entry --ghost races; give --ghost NICK too"),
        (
            ["play", "--ghost-file", "/nonexistent"],
            "tilerace play: --ghost-file needs the record's seed: give --seed S (and --size, --target if not 4 and 2048)"
        ),
    ])
    func badOptionsAreOneLineAndTheUsage(_ arguments: [String], _ message: String) {
        let captured = Captured()
        #expect(CLI.run(arguments: arguments, console: captured.console) == CLI.usageError)
        #expect(captured.errors == message + "\nRun 'tilerace help play' for usage.\n")
    }

    @Test func aGhostFileIsReadInTheReplayNotationOnItsSeed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghost-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "L@0D@150\nR@300\n".write(toFile: path, atomically: true, encoding: .utf8)
        var options = try ClientOptions.parse(values: ["--seed": "42", "--ghost-file": path], flags: [])
        #expect(!options.opensPracticeDirectly || options.ghostRecord == nil)
        let record = try PlayCommand.ghostRecord(path, options: options)
        #expect(record.log.description == "L@0D@150R@300")
        #expect(record.seed.text == "42")
        options.ghostRecord = record
        #expect(!options.opensPracticeDirectly, "the ghost's seed opens the ghost race, not practice")
        try "LQ".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CommandLineError.self) { try PlayCommand.ghostRecord(path, options: options) }
    }

    @Test func helpExplainsHostingAndJoining() {
        let help = PlayCommand().helpText
        #expect(help.contains("--host H"))
        #expect(help.contains("hosts a race server in this process"))
        #expect(help.contains("--room R"))
    }
}
