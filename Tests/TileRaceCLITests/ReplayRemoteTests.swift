import Foundation
import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer
import TileRaceServerTestSupport
import TileRaceTestSupport

@testable import TileRaceCLI

/// `tilerace replay --host`: a leaderboard entry's record, fetched and checked.
struct ReplayRemoteTests {
    /// A server whose all-time board holds `ana` (with her record `log`, or
    /// figures that do not match it when `tampered`) and `old` (no record).
    private func withServer(log: String, tampered: Bool = false, _ body: (Int) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "tilerace-cli-replay-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        let game = try Replay.run(seedText: "42", log: log).game
        let result = GameResult(
            score: game.score + (tampered ? 4 : 0), largestTile: game.board.largestValue, moves: game.moveCount, milliseconds: 9000,
            size: 4, target: 2048, assists: game.assistCount, seed: "42")
        do {
            let store = try LeaderboardStore.open(directory: path)
            try store.commit([
                .entry(.allTime, BoardEntry(sequence: 1, nickname: "ana", result: result, date: "2026-11-22", log: log)),
                .entry(.allTime, BoardEntry(sequence: 2, nickname: "old", result: result, date: "2026-11-22")),
            ])
            store.close()
        }
        // A server on the leaderboard in `path`.
        let host = try TestHost { $0.dataDirectory = path }
        let port = host.port
        try body(port)
    }

    @Test func printsTheSameJSONAsALocalReplayOfTheRecord() throws {
        let log = "LDRDLULZDX30L"
        try withServer(log: log) { port in
            let run = TestConsole.run(["replay", "--host", "127.0.0.1", "--port", String(port), "--nick", "ANA", "--json"])
            #expect(run.error == "")
            #expect(run.status == 0)
            let local = TestConsole.run(["replay", "--seed", "42", "--moves", log, "--json"])
            #expect(run.output == local.output)
            #expect(run.output.contains("\"score\":20"))
        }
    }

    @Test func aLongRecordComesWholeAndPeopleSeeTheCheck() throws {
        // A long game: many moves, each undone and played again, across several LOG lines.
        var log = ""
        var player = Game(config: .standard, seed: try Seed(parsing: "42"))
        while log.count < 2500, let direction = Direction.allCases.first(where: { player.board.sliding($0) != nil }) {
            _ = try player.move(direction)
            log.append(direction.letter)
            guard !player.isOver else { break }
            try player.undo()
            _ = try player.move(direction)
            log += "Z\(direction.letter)"
        }
        try withServer(log: log) { port in
            let run = TestConsole.run(["replay", "--host", "127.0.0.1", "--port", String(port), "--nick", "ana"])
            #expect(run.status == 0)
            #expect(run.output.hasSuffix("ana, rank 1 on the all-time board (2026-11-22): the replay gives the entry's figures\n"))
        }
    }

    @Test func aRecordThatDoesNotGiveTheEntrysFiguresIsAnError() throws {
        try withServer(log: "LDRD", tampered: true) { port in
            let run = TestConsole.run(["replay", "--host", "127.0.0.1", "--port", String(port), "--nick", "ana", "--json"])
            #expect(run.status == 1)
            #expect(run.output.isEmpty)
            #expect(run.error.hasPrefix("tilerace replay: the record does not give the entry's figures: score: replay "))
        }
    }

    @Test func missingRecordsAreOneClearLine() throws {
        try withServer(log: "LDRD") { port in
            for nickname in ["old", "nobody"] {
                let run = TestConsole.run(["replay", "--host", "127.0.0.1", "--port", String(port), "--nick", nickname])
                #expect(run.status == 1)
                #expect(
                    run.error == "tilerace replay: the server refused: no-record: \(nickname) has no game record on the all-time board\n")
            }
        }
    }

    @Test(arguments: [
        (["replay", "--host", "h"], "tilerace replay: --nick is required with --host"),
        (["replay", "--host", "h", "--nick", "a b"], "tilerace replay: invalid value 'a b' for --nick: 1-16 letters, digits, _ or -"),
        (
            ["replay", "--host", "h", "--nick", "a", "--seed", "1"],
            "tilerace replay: --seed cannot be used with --host (the record comes from the server)"
        ),
        (
            ["replay", "--host", "h", "--nick", "a", "--date", "2026-11-22"],
            "tilerace replay: --date needs --daily, --board daily or --board sprint-daily"
        ),
        (
            ["replay", "--host", "h", "--nick", "a", "--board", "rating"],
            "tilerace replay: --board rating keeps ratings, not games: replay an entry of all, daily, sprint or sprint-daily"
        ),
        (
            ["replay", "--host", "h", "--nick", "a", "--daily", "--date", "22/11"],
            "tilerace replay: invalid value '22/11' for --date: expected YYYY-MM-DD"
        ),
        (
            ["replay", "--host", "h", "--nick", "a", "--port", "0"],
            "tilerace replay: invalid value '0' for --port: expected a whole number from 1 to 65535"
        ),
        (["replay", "--seed", "1", "--moves", "L", "--nick", "a"], "tilerace replay: --nick needs --host"),
        (["replay", "--seed", "1", "--moves", "L", "--daily"], "tilerace replay: --daily needs --host"),
        (["replay", "--seed", "1", "--moves", "L", "--json", "--watch"], "tilerace replay: give --json or --watch, not both"),
    ])
    func mistakesExitWithStatusTwo(arguments: [String], message: String) {
        let run = TestConsole.run(arguments)
        #expect(run.status == 2)
        #expect(run.error.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func anUnreachableServerIsOneClearLine() throws {
        let (fd, port) = try #require(TestSockets.boundButNotListening())
        defer { close(fd) }
        let run = TestConsole.run(["replay", "--host", "127.0.0.1", "--port", String(port), "--nick", "ana"])
        #expect(run.status == 1)
        #expect(run.error == "tilerace replay: cannot reach 127.0.0.1:\(port): connection refused (is `tilerace serve` running there?)\n")
    }
}
