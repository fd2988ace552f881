import Testing
import TileRaceTestSupport

@testable import TileRaceCLI

/// `tilerace bot`: clear errors for bad options, the bots' nicknames, and a
/// run against a real server that ends when no bot can play.
struct BotCommandTests {
    @Test(arguments: [
        (["bot", "--room", "r"], "tilerace bot: --host is needed: the server the bots play on"),
        (["bot", "--host", "h"], "tilerace bot: --room or --arena is needed: where the bots race"),
        (
            ["bot", "--host", "h", "--room", "r", "--arena", "2"],
            "tilerace bot: --arena and --room (or --code) cannot be used together: bots race in one or the other"
        ),
        (["bot", "--host", "h", "--arena", "two"], "tilerace bot: invalid arena id 'two': ARENAS lists them"),
        (["bot", "--host", "h", "--room", "a b"], "tilerace bot: invalid room name 'a b': 1 to 16 characters from A-Z a-z 0-9 _ -"),
        (
            ["bot", "--host", "h", "--room", "r", "--code", "x!"],
            "tilerace bot: invalid join code 'x!': 1 to 16 characters from A-Z a-z 0-9 _ -"
        ),
        (
            ["bot", "--host", "h", "--room", "r", "--strength", "6"],
            "tilerace bot: invalid value '6' for --strength: expected a whole number from 1 to 5"
        ),
        (
            ["bot", "--host", "h", "--room", "r", "--speed", "fast"],
            "tilerace bot: invalid value 'fast' for --speed: expected moves per second from 0.1 to 100 (the server allows 200 requests a second)"
        ),
        (
            ["bot", "--host", "h", "--room", "r", "--speed", "500"],
            "tilerace bot: invalid value '500' for --speed: expected moves per second from 0.1 to 100 (the server allows 200 requests a second)"
        ),
        (
            ["bot", "--host", "h", "--room", "r", "--count", "9"],
            "tilerace bot: invalid value '9' for --count: expected a whole number from 1 to 8"
        ),
        (
            ["bot", "--host", "h", "--room", "r", "--count", "2", "--nick", "sixteen-letters1"],
            "tilerace bot: invalid nickname 'sixteen-letters1-1': 1 to 16 characters from A-Z a-z 0-9 _ - (with --count, NAME gets -1, -2 ...)"
        ),
        (["bot", "--host", "h", "--room", "r", "extra"], "tilerace bot: unexpected argument 'extra'"),
        (["bot", "--host", "h", "--room", "r", "--room", "s"], "tilerace bot: --room is given twice ('r', then 's'); give it once"),
    ])
    func badOptionsAreOneLineAndTheUsage(_ arguments: [String], _ message: String) {
        let console = TestConsole()
        #expect(CLI.run(arguments: arguments, console: console.console) == CLI.usageError)
        #expect(console.error == message + "\nRun 'tilerace help bot' for usage.\n")
    }

    @Test func nicknamesAreNumberedWithCount() throws {
        let arguments = try Arguments(
            parsing: ["--host", "h", "--room", "r", "--count", "3", "--nick", "rob", "--speed", "2.5"], options: BotCommand().options)
        let settings = try BotCommand.settings(arguments)
        #expect(settings.map(\.nickname) == ["rob-1", "rob-2", "rob-3"])
        #expect(settings.allSatisfy { $0.movesPerSecond == 2.5 && $0.port == 2048 && $0.bot.strength == BotCommand.defaultStrength })
        let single = try BotCommand.settings(try Arguments(parsing: ["--host", "h", "--room", "r"], options: BotCommand().options))
        #expect(single.map(\.nickname) == ["bot-1"])
    }

    @Test func withoutAServerEveryBotStopsAndTheCommandFails() throws {
        let closed = try #require(TestSockets.boundButNotListening())
        let console = TestConsole()
        let status = CLI.run(
            arguments: ["bot", "--host", "127.0.0.1", "--port", String(closed.port), "--room", "r", "--count", "2"],
            console: console.console)
        #expect(status == CLI.failure)
        #expect(console.output.contains("bot-1: stopped: cannot reach 127.0.0.1:\(closed.port): connection refused"))
        #expect(console.output.contains("bot-2: stopped: cannot reach"))
    }
}
