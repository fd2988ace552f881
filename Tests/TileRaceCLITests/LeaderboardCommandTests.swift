import Foundation
import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer
import TileRaceServerTestSupport
import TileRaceTestSupport

@testable import TileRaceCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct LeaderboardCommandTests {
    private func temporaryPath() -> String {
        NSTemporaryDirectory() + "tilerace-cli-tests-" + UUID().uuidString
    }

    @Test func demoFillsAnEmptyLeaderboardOnly() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = CapturedConsole()
        #expect(CLI.run(arguments: ["leaderboard", "--demo", "12", "--data", path], console: first.console) == 0)
        #expect(first.output == "added 12 games played by bots to the leaderboard in \(path); the all-time board holds 12\n")
        let second = CapturedConsole()
        #expect(CLI.run(arguments: ["leaderboard", "--demo", "3", "--data", path], console: second.console) == 1)
        #expect(second.errors == "tilerace leaderboard: the leaderboard in \(path) is not empty; --demo only fills an empty one\n")
        let bad = CapturedConsole()
        #expect(CLI.run(arguments: ["leaderboard", "--demo", "0", "--data", path], console: bad.console) == 2)
        #expect(bad.errors.hasPrefix("tilerace leaderboard: invalid value '0' for --demo: expected a whole number from 1 to 100\n"))
    }

    /// Demo entries are real games: each keeps its record, and replaying it
    /// gives the entry's score, best tile and moves, as for any submission.
    @Test func demoEntriesAreBotGamesWhoseRecordsReplayToTheirFigures() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(CLI.run(arguments: ["leaderboard", "--demo", "8", "--data", path], console: CapturedConsole().console) == 0)
        let store = try LeaderboardStore.open(directory: path)
        let entries = store.leaderboard.entries(on: .allTime)
        store.close()
        #expect(entries.count == 8)
        for entry in entries {
            let log = try #require(entry.log, "\(entry.nickname) has no record")
            let game = try Replay.run(seedText: entry.seed, log: log).game
            #expect(game.score == entry.score && game.board.largestValue == entry.largestTile && game.moveCount == entry.moves)
            #expect(game.isOver && entry.assists == 0 && entry.size == 4 && entry.target == 2048)
            // The entry's time is its record's; people's names.
            #expect(entry.milliseconds == (try GameLog(parsing: log)).times?.last)
            #expect(LeaderboardDemo.nicknames.contains { entry.nickname.hasPrefix($0) })
        }
        // People's paces differ: equal move counts need not take equal times.
        #expect(Set(entries.map { Double($0.milliseconds) / Double($0.moves) }).count > 1)
        // And a server lets anyone check one, like any other entry.
        let host = try TestHost { $0.dataDirectory = path }
        let nickname = try #require(entries.first?.nickname)
        let replay = TestConsole.run(["replay", "--host", "127.0.0.1", "--port", String(host.port), "--nick", nickname])
        #expect(replay.status == 0)
        #expect(replay.output.hasSuffix("the replay gives the entry's figures\n"))
    }

    @Test func aBotGameIsPlayedToItsEndAndRecorded() throws {
        #expect(DemoGames.bots.map(\.strength) == [1, 2, 3])
        let played = DemoGames.play(bot: DemoGames.bots[1], seed: Seed(7), random: .system)
        let game = Replay.run(seed: Seed(7), log: played.log).game
        #expect(game.isOver)
        #expect(played.log.entries.count == game.moveCount)
        #expect(played.milliseconds == played.log.times?.last)
    }

    @Test func printsARunningServersBoardSorted() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(CLI.run(arguments: ["leaderboard", "--demo", "5", "--data", path], console: CapturedConsole().console) == 0)
        // A server on the leaderboard in `path`.
        let host = try TestHost { $0.dataDirectory = path }
        let port = host.port
        let captured = CapturedConsole()
        #expect(
            CLI.run(arguments: ["leaderboard", "--port", String(port), "--sort", "score", "--order", "asc"], console: captured.console) == 0
        )
        let lines = captured.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "all-time leaderboard on 127.0.0.1:\(port), by score (ascending): 5 entries")
        #expect(lines.count == 7)
        #expect(lines[1].hasPrefix("rank  nickname"))
        let scores = lines.dropFirst(2).map { Int($0.split(separator: " ")[2])! }
        #expect(scores == scores.sorted())
        // docs/playing.md's own example: --sort nick.
        let byNick = CapturedConsole()
        #expect(
            CLI.run(arguments: ["leaderboard", "--port", String(port), "--sort", "nick", "--order", "desc"], console: byNick.console)
                == 0)
        let nickLines = byNick.output.split(separator: "\n").map(String.init)
        #expect(nickLines.first == "all-time leaderboard on 127.0.0.1:\(port), by nick (descending): 5 entries")
        let nicknames = nickLines.dropFirst(2).map { String($0.split(separator: " ")[1]) }
        #expect(nicknames.count == 5)
        #expect(nicknames == nicknames.sorted { $0.lowercased() > $1.lowercased() })
        let unknown = CapturedConsole()
        #expect(CLI.run(arguments: ["leaderboard", "--port", String(port), "--sort", "nickname"], console: unknown.console) == 2)
        #expect(unknown.errors.hasPrefix("tilerace leaderboard: invalid value 'nickname' for --sort: expected one of rank, nick, score\n"))
        let twice = CapturedConsole()
        #expect(CLI.run(arguments: ["leaderboard", "--sort", "nick", "--sort", "score"], console: twice.console) == 2)
        #expect(twice.errors.hasPrefix("tilerace leaderboard: --sort is given twice ('nick', then 'score'); give it once\n"))
        let daily = CapturedConsole()
        #expect(
            CLI.run(arguments: ["leaderboard", "--port", String(port), "--daily", "--date", "2026-01-02"], console: daily.console) == 0)
        #expect(daily.output == "daily board of 2026-01-02 on 127.0.0.1:\(port), by rank (ascending): 0 entries\n(no entries yet)\n")
    }

    @Test func anUnreachableServerIsOneClearLine() throws {
        // A port bound but not listening: connections are refused, and no
        // other test can take it meanwhile.
        let (fd, port) = try #require(TestSockets.boundButNotListening())
        defer { close(fd) }
        let captured = CapturedConsole()
        #expect(CLI.run(arguments: ["leaderboard", "--port", String(port)], console: captured.console) == 1)
        #expect(
            captured.errors
                == "tilerace leaderboard: cannot reach 127.0.0.1:\(port): connection refused (is `tilerace serve` running there?)\n")
    }

    /// A server that answers, but whose leaderboard store is down: said so,
    /// with the server's own words; no "is `tilerace serve` running there?".
    @Test func aServerWhoseStoreIsDownIsNotUnreachable() throws {
        let refusal = "the shared leaderboard cannot be reached right now; nothing was changed, try again in a moment"
        let fake = try #require(FakeServer(sending: "HELLO tilerace 1\nOK HELLO\nERR unavailable \(refusal)\n"))
        let captured = CapturedConsole()
        #expect(CLI.run(arguments: ["leaderboard", "--port", String(fake.port)], console: captured.console) == 1)
        #expect(
            captured.errors
                == "tilerace leaderboard: the server at 127.0.0.1:\(fake.port) answered, but its leaderboard store is unavailable: \(refusal)\n"
        )
    }

    /// A refused request still ends the conversation politely: QUIT, then
    /// the close (the server logs a quit, not a dropped connection).
    @Test func aRefusedRequestStillSaysQuit() throws {
        let fake = try #require(FakeServer(sending: "HELLO tilerace 1\nOK HELLO\nERR unknown no such nickname\n"))
        let captured = CapturedConsole()
        #expect(CLI.run(arguments: ["leaderboard", "--port", String(fake.port)], console: captured.console) == 1)
        let lines = fake.received().split(separator: "\n")
        #expect(lines.first == "HELLO tilerace 1")
        #expect(lines.last == "QUIT")
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let silent = try #require(SilentPort())
        let query = LeaderboardQuery(board: .all, sort: .rank, order: .asc, offset: 0, limit: 10)
        do {
            _ = try ServerRequest.ask([.top(query)], host: "127.0.0.1", port: silent.port, connectTimeoutMilliseconds: 300)
            Issue.record("a connect that never completes succeeded")
        } catch {
            #expect(error.message == "cannot reach 127.0.0.1:\(silent.port): timed out after 300 ms")
            #expect(error.isTimeout)
        }
    }

    @Test func aServerThatConnectsButNeverGreetsIsNotUnreachable() throws {
        let fake = try #require(FakeServer(sending: ""))
        let query = LeaderboardQuery(board: .all, sort: .rank, order: .asc, offset: 0, limit: 10)
        do {
            _ = try ServerRequest.ask([.top(query)], host: "127.0.0.1", port: fake.port, greetingTimeoutMilliseconds: 300)
            Issue.record("a server that never greets answered")
        } catch {
            #expect(
                error.message == "connected to 127.0.0.1:\(fake.port), but no greeting within 300 ms: is it a TileRace server?")
        }
    }

    /// A data directory whose sprint boards hold ana's timed game of seed 42
    /// (a sprint time of 1:05.4, so the table shows it).
    private func storeWithSprint(_ path: String) throws -> (log: String, result: GameResult) {
        let log = "L@0D@100R@150U@65154"
        let game = try Replay.run(seedText: "42", log: log).game
        let result = GameResult(
            score: game.score, largestTile: game.board.largestValue, moves: game.moveCount, milliseconds: 70_000, size: 4, target: 2048,
            assists: 0, seed: "42")
        let store = try LeaderboardStore.open(directory: path)
        defer { store.close() }
        let today = UTCTime.date(epochMilliseconds: SystemClock().wallMilliseconds)
        let submission = try store.leaderboard.submission(
            of: result, log: log, date: today, dailyDate: nil, sprintTime: 65_404, nickname: "ana", token: nil
        ) { "t0k3n" }
        try store.commit(submission.records)
        return (log, result)
    }

    @Test func printsTheSprintBoardWithTimesAndReplaysItsTimedRecord() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try storeWithSprint(path)
        let host = try TestHost { $0.dataDirectory = path }
        let port = String(host.port)
        let board = TestConsole.run(["leaderboard", "--port", port, "--board", "sprint"])
        #expect(board.status == 0)
        let lines = board.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "sprint board (fastest to 2048) on 127.0.0.1:\(port), by rank (ascending): 1 entry")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("rank  nickname    sprint    score"))
        #expect(lines[2].hasPrefix("   1  ana        01:05.4 "))
        let daily = TestConsole.run(["leaderboard", "--port", port, "--board", "sprint-daily"])
        #expect(daily.status == 0)
        #expect(daily.output.contains("  ana        01:05.4 "))
        #expect(TestConsole.run(["leaderboard", "--port", port, "--board", "all"]).output.contains("sprint") == false)
        let replay = TestConsole.run(["replay", "--host", "127.0.0.1", "--port", port, "--nick", "ana", "--board", "sprint"])
        #expect(replay.status == 0)
        let today = UTCTime.date(epochMilliseconds: SystemClock().wallMilliseconds)
        #expect(replay.output.hasSuffix("ana, rank 1 on the sprint board (\(today)): the replay gives the entry's figures\n"))
        for (arguments, error) in [
            (
                ["leaderboard", "--board", "weekly"],
                "invalid value 'weekly' for --board: expected one of all, daily, sprint, sprint-daily, rating"
            ),
            (["leaderboard", "--board", "sprint", "--date", "2026-01-02"], "--date needs --daily, --board daily or --board sprint-daily"),
            (["leaderboard", "--board", "sprint", "--daily"], "--daily cannot be used with --board (it is --board daily)"),
        ] {
            let run = TestConsole.run(arguments)
            #expect(run.status == 2)
            #expect(run.error.hasPrefix("tilerace leaderboard: \(error)\n"), "\(run.error)")
        }
    }

    @Test func tableAndTimes() {
        let entry = LeaderboardEntry(
            rank: 1, nickname: "ana",
            result: GameResult(
                score: 20116, largestTile: 2048, moves: 938, milliseconds: 432_400, size: 4, target: 2048, assists: 3, seed: "42"),
            date: "2026-11-22")
        #expect(
            TextTable.render(title: "t", entries: [entry]) == """
                t
                rank  nickname    score      max   moves  assists      time  date
                   1  ana         20116     2048     938        3   07:12.4  2026-11-22
                """)
        var sprint = entry
        sprint.sprintTime = 95_431
        #expect(
            TextTable.render(title: "t", entries: [sprint]) == """
                t
                rank  nickname    sprint    score      max   moves  assists      time  date
                   1  ana        01:35.4    20116     2048     938        3   07:12.4  2026-11-22
                """)
    }

    @Test func ratingTableListsProvisionalRatingsApart() {
        let ratings = [
            RatingEntry(rank: 1, nickname: "ana", rating: 1523, deviation: 96, races: 14, isProvisional: false),
            RatingEntry(rank: 1, nickname: "bo", rating: 1700, deviation: 290, races: 1, isProvisional: true),
            RatingEntry(rank: 2, nickname: "cyrano", rating: 1337, deviation: 250, races: 2, isProvisional: true),
        ]
        #expect(
            TextTable.renderRatings(title: "t", ratings: ratings) == """
                t
                rank  nickname   rating  deviation  races
                   1  ana          1523         96     14
                provisional (deviation above 110):
                   1  bo          1700?        290      1
                   2  cyrano      1337?        250      2
                """)
        #expect(TextTable.renderRatings(title: "t", ratings: []) == "t\n(nobody is rated yet: race in a rated room)")
        // A server that lists established ratings only, none of them yet.
        #expect(TextTable.renderRatings(title: "t", ratings: [], unlisted: 2) == "t\n(no rating is listed yet: 10 rated races make one)")
    }

    @Test func printsARunningServersRatingBoard() throws {
        let host = try TestHost()
        let run = TestConsole.run(["leaderboard", "--port", String(host.port), "--board", "rating"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "rating board on 127.0.0.1:\(host.port): 0 players\n(nobody is rated yet: race in a rated room)\n")
    }
}

struct ServeCommandTests {
    @Test func aPortInUseIsOneLineAndExitOne() throws {
        var configuration = RaceServer.Configuration()
        configuration.bindAddress = "127.0.0.1"
        configuration.port = 0
        configuration.log = .silent
        let server = RaceServer(configuration: configuration)
        let port = try server.start()
        defer { server.stop() }
        let path = NSTemporaryDirectory() + "tilerace-cli-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        let captured = CapturedConsole()
        let status = CLI.run(
            arguments: ["serve", "--port", String(port), "--bind", "127.0.0.1", "--data", path, "--quiet"], console: captured.console)
        #expect(status == 1)
        #expect(
            captured.errors
                == "tilerace serve: port \(port) on 127.0.0.1 is already in use; is another server running? pick another port with --port N\n"
        )
    }

    @Test func badOptionsAreUsageErrors() {
        for arguments in [
            ["serve", "--quiet", "--verbose"], ["serve", "--port", "70000"], ["serve", "extra"], ["serve", "--log-format", "xml"],
        ] {
            let captured = CapturedConsole()
            #expect(CLI.run(arguments: arguments, console: captured.console) == 2)
            #expect(captured.errors.hasPrefix("tilerace serve: "))
        }
        let twice = CapturedConsole()
        #expect(CLI.run(arguments: ["serve", "--port", "1", "--port", "2"], console: twice.console) == 2)
        #expect(
            twice.errors == "tilerace serve: --port is given twice ('1', then '2'); give it once\nRun 'tilerace help serve' for usage.\n")
        let quietTwice = CapturedConsole()
        #expect(CLI.run(arguments: ["serve", "--quiet", "--quiet"], console: quietTwice.console) == 2)
        #expect(quietTwice.errors.hasPrefix("tilerace serve: --quiet is given twice; give it once\n"))
    }

    /// A Redis store nobody answers at: one line saying so, with what to do;
    /// no "retrying" (the server does not start without its store).
    @Test func aRedisStoreThatCannotBeReachedIsOneLineWithWhatToDo() throws {
        let (fd, port) = try #require(TestSockets.boundButNotListening())
        defer { close(fd) }
        let captured = CapturedConsole()
        let status = CLI.run(
            arguments: ["serve", "--port", "0", "--bind", "127.0.0.1", "--store", "redis://127.0.0.1:\(port)", "--quiet"],
            console: captured.console)
        #expect(status == 1)
        #expect(
            captured.errors
                == "tilerace serve: cannot connect to the leaderboard store redis://127.0.0.1:\(port): connection refused; "
                + "is Redis running there? Start it with `redis-server --port \(port) --appendonly yes --appendfsync always`, "
                + "or check the address given to --store\n")
    }
}
