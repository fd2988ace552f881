import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceServer

/// Whole races over real sockets on 127.0.0.1.
@Suite struct RaceIntegrationTests {
    /// One racer: a client, its own copy of the game, and every entry it sent.
    final class Racer {
        let client: TestClient
        var player: Autoplayer
        var log: [Direction] = []
        var finished: String?

        init(client: TestClient, seed: String, target: Int, preference: [Direction]) throws {
            self.client = client
            self.player = try Autoplayer(seed: seed, target: target, preference: preference)
        }

        /// Plays up to `count` moves, sent `batch` entries per MOVE line; checks
        /// each `OK MOVE` against its own game. Stops when the server says finished.
        func play(_ count: Int, batch: Int = 1) throws {
            var left = count
            while left > 0, finished == nil {
                var entries = ""
                for _ in 0..<min(batch, left) {
                    guard let direction = player.next() else { break }
                    entries.append(direction.letter)
                    log.append(direction)
                    if player.game.hasWon || player.game.isOver { break }
                }
                guard !entries.isEmpty else { return }
                left -= entries.count
                let reply = try client.ask("MOVE \(log.count - entries.count + 1) \(entries)")
                let game = player.game
                #expect(
                    reply.hasPrefix("OK MOVE seq=\(log.count) score=\(game.score) moves=\(game.moveCount) max=\(game.board.largestValue)"),
                    "\(client.name): \(reply)")
                finished = reply.field("finished")
            }
        }
    }

    @Test func threePlayersRaceOnOneSeedAndTheServerReplaysEveryEntry() throws {
        let server = try TestServer(random: CountingRandom.make(start: 41))
        defer { server.stop() }
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        let cy = try server.client("cy")
        #expect(
            try ana.ask("CREATE friday target=32")
                == "OK CREATE room=friday state=waiting size=4 target=32 assists=no limit=0 private=no players=1 watchers=0")
        #expect(try bo.ask("JOIN friday").hasSuffix("players=2 watchers=0"))
        #expect(try cy.ask("JOIN friday").hasSuffix("players=3 watchers=0"))
        for client in [ana, bo, cy] { #expect(try client.ask("READY") == "OK READY ready=yes") }
        let starts = try [ana, bo, cy].map { try $0.event("START") }
        #expect(Set(starts).count == 1)
        let start = try #require(starts.first)
        #expect(start.hasPrefix("START room=friday race=") && start.hasSuffix("size=4 target=32 assists=no limit=0 players=ana,bo,cy"))
        let seed = try #require(start.field("seed"))
        #expect(seed == "42")

        let racers = try [
            Racer(client: ana, seed: seed, target: 32, preference: [.left, .down, .right, .up]),
            Racer(client: bo, seed: seed, target: 32, preference: [.down, .left, .up, .right]),
            Racer(client: cy, seed: seed, target: 32, preference: [.right, .up, .left, .down]),
        ]
        let (anaRacer, boRacer, cyRacer) = (racers[0], racers[1], racers[2])
        // bo and cy play a little; ana plays until she reaches 32 (or cannot move).
        try boRacer.play(6, batch: 2)
        try cyRacer.play(9, batch: 3)
        let boProgress = try ana.event("PROGRESS", where: { $0.field("nick") == "bo" })
        #expect(boProgress.hasPrefix("PROGRESS room=friday nick=bo "))
        try anaRacer.play(1000, batch: 4)
        #expect(anaRacer.finished == "target")

        // Everyone sees ana's finish, with her last progress just before it.
        for client in [bo, cy] {
            let lines = try client.events(until: "FINISH", where: { $0.field("nick") == "ana" })
            let lastProgress = try #require(lines.last { $0.hasPrefix("PROGRESS") && $0.field("nick") == "ana" })
            #expect(lastProgress.number("score") == anaRacer.player.game.score)
            #expect(lastProgress.number("moves") == anaRacer.player.game.moveCount)
            #expect(lastProgress.field("board") == BoardField.encode(anaRacer.player.game.board.rows.flatMap { $0 }))
        }
        #expect(try bo.ask("RESIGN") == "OK RESIGN score=\(boRacer.player.game.score)")
        try cyRacer.play(3)
        #expect(try cy.ask("RESIGN") == "OK RESIGN score=\(cyRacer.player.game.score)")

        // The standings: the target first, then by score, moves and finish order.
        let results = try ana.events(until: "END").filter { $0.hasPrefix("RESULT") }
        #expect(results.count == 3)
        #expect(try bo.events(until: "END").filter { $0.hasPrefix("RESULT") } == results)
        let others = [boRacer, cyRacer].map { ($0.client.name, $0.player.game.score, $0.player.game.moveCount) }
            .enumerated().sorted { left, right in
                let (l, r) = (left.element, right.element)
                return l.1 != r.1 ? l.1 > r.1 : l.2 != r.2 ? l.2 < r.2 : left.offset < right.offset
            }.map(\.element.0)
        #expect(results.map { $0.field("nick")! } == ["ana"] + others)
        #expect(results.map { $0.number("place")! } == [1, 2, 3])

        // Official scores are the engine's replay of each player's entries.
        for racer in racers {
            var replay = Game(config: try GameConfig(size: 4, target: 32), seed: try Seed(parsing: seed))
            for direction in racer.log { try replay.move(direction) }
            let result = try #require(results.first { $0.field("nick") == racer.client.name })
            #expect(result.number("score") == replay.score)
            #expect(result.number("moves") == replay.moveCount)
            #expect(result.number("max") == replay.board.largestValue)
        }

        // The room waits again; ana's win goes on the leaderboard and claims her name.
        #expect(try ana.request("WHO").first == "MEMBER nick=ana role=player ready=no state=waiting")
        let receipt = try ana.ask("SUBMIT ana")
        #expect(receipt.hasPrefix("OK SUBMIT nick=ana board=all score=\(anaRacer.player.game.score) rank=1 best="))
        #expect(receipt.field("token")?.count == 32)
        let top = try cy.request("TOP limit=5")
        #expect(top.count == 2)
        #expect(
            top[0].hasPrefix(
                "ENTRY rank=1 nick=ana score=\(anaRacer.player.game.score) max=\(anaRacer.player.game.board.largestValue) moves=\(anaRacer.player.game.moveCount) time="
            ))
        #expect(
            top[0].hasSuffix(
                "size=4 target=32 assists=0 seed=\(seed) date=\(UTCTime.date(epochMilliseconds: SystemClock().wallMilliseconds))"))
        #expect(top[1] == "OK TOP board=all total=1 offset=0 count=1")
    }

    /// Two players race and chat; one reports the other: the operator's
    /// `REPORTS` shows the race they shared and the room's lines, after a
    /// restart too, and the reported connection gets nothing of it.
    @Test func aReportReachesTheOperatorAndNeverTheReportedPlayer() throws {
        let directory = TemporaryDirectory()
        let secret = "0123456789abcdef0123456789abcdef"
        var server = try TestServer(dataDirectory: directory.path, operatorSecret: secret)
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        #expect(try ana.ask("CREATE fri").hasPrefix("OK CREATE"))
        #expect(try bo.ask("JOIN fri").hasPrefix("OK JOIN"))
        #expect(try ana.ask("READY") == "OK READY ready=yes")
        #expect(try bo.ask("READY") == "OK READY ready=yes")
        let start = try ana.event("START")
        _ = try bo.event("START")
        let race = try #require(start.field("race"))
        let seed = try #require(start.field("seed"))
        #expect(try ana.ask("RESIGN").hasPrefix("OK RESIGN"))
        #expect(try bo.ask("RESIGN").hasPrefix("OK RESIGN"))
        _ = try ana.event("END")
        _ = try bo.event("END")
        #expect(try bo.ask("SAY text=lol you are slow") == "OK SAY")
        _ = try ana.event("CHAT room=fri nick=bo text=lol you are slow")
        _ = try bo.events(until: "CHAT room=fri nick=bo")
        #expect(try ana.ask("REPORT bo reason=insults me") == "OK REPORT nick=bo")
        let expected = [
            "from=ana nick=bo", "races=\(race):fri:\(seed) reason=insults%20me", "REPORT-LINE id=1 room=fri nick=bo text=lol you are slow",
            "OK REPORTS count=1",
        ]
        let admin = try server.client()
        #expect(try admin.ask("AUTH \(secret)") == "OK AUTH operator=yes")
        let reports = try admin.request("REPORTS").joined(separator: "\n")
        for part in expected { #expect(reports.contains(part), "\(reports)") }
        #expect(reports.hasPrefix("REPORT id=1 "))
        // bo's connection heard nothing of it: its next reply is the first line it gets.
        #expect(try bo.request("PING") == ["PONG"])
        #expect(bo.linesAtHand().isEmpty)
        for client in [ana, bo, admin] { client.close() }
        server.stop()
        server = try TestServer(dataDirectory: directory.path, operatorSecret: secret)
        let again = try server.client()
        #expect(try again.ask("AUTH \(secret)") == "OK AUTH operator=yes")
        #expect(try again.request("REPORTS").joined(separator: "\n") == reports)
        #expect(try again.ask("DISMISS 1") == "OK DISMISS id=1")
        #expect(try again.request("REPORTS") == ["OK REPORTS count=0"])
        server.stop()
    }

    @Test func aRacerWhoDisconnectsDoesNotBreakTheRace() throws {
        var limits = ServerLimits.fast
        limits.resumeGraceMilliseconds = 0  // no seat held: the racer counts as left at once
        let server = try TestServer(limits: limits, random: CountingRandom.make(start: 6))
        defer { server.stop() }
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        let watcher = try server.client()
        _ = try ana.ask("CREATE r assists=yes")
        _ = try bo.ask("JOIN r")
        _ = try ana.ask("READY")
        _ = try bo.ask("READY")
        let seed = try #require(try ana.event("START").field("seed"))
        _ = try bo.event("START")
        let anaRacer = try Racer(client: ana, seed: seed, target: 2048, preference: [.left, .down, .right, .up])
        try anaRacer.play(3)
        bo.close()
        let finish = try ana.event("FINISH")
        #expect(finish.hasPrefix("FINISH room=r nick=bo reason=left score=0"))
        #expect(try ana.event("LEFT") == "LEFT room=r nick=bo")
        // A late watcher catches up, and ana plays on, with an undo (assists are on here).
        let caughtUp = try watcher.request("WATCH r")
        #expect(caughtUp == ["OK WATCH room=r state=racing size=4 target=2048 assists=yes limit=0 private=no players=1 watchers=1"])
        #expect(try watcher.event("START").contains(" players=ana,bo elapsed="))
        #expect(try watcher.event("PROGRESS").contains("nick=ana"))
        #expect(try watcher.event("PROGRESS").contains("nick=bo"))
        #expect(try watcher.event("FINISH").contains("nick=bo reason=left"))
        try anaRacer.play(2)
        let undo = try ana.ask("MOVE 6 Z")
        #expect(undo.hasPrefix("OK MOVE seq=6 ") && undo.number("moves") == 4)
        #expect(try ana.ask("RESIGN").hasPrefix("OK RESIGN"))
        let results = try watcher.events(until: "END").filter { $0.hasPrefix("RESULT") }
        // bo left with 0 points and 0 moves; ana (seed 7) scored, so she is first.
        #expect(results.first?.number("score") ?? 0 > 0)
        #expect(results.map { $0.field("nick")! } == ["ana", "bo"])
        #expect(server.server.connectionCount == 2)
    }

    @Test func aPracticeGameIsVerifiedAndSubmitted() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try server.client("ana")
        #expect(try ana.ask("PRACTICE seed=friday target=8") == "OK PRACTICE seed=friday size=4 target=8")
        var player = try Autoplayer(seed: "friday", target: 8)
        var log = ""
        while log.count < 30, let direction = player.next() { log.append(direction.letter) }
        // Reaching the target does not end a practice game.
        let reply = try ana.ask("MOVE 1 \(log)")
        #expect(
            reply
                == "OK MOVE seq=\(log.count) score=\(player.game.score) moves=\(player.game.moveCount) max=\(player.game.board.largestValue) won=yes over=no"
        )
        // Assists are allowed in practice: undo, then remove the first tile.
        try player.game.undo()
        let cell = try #require((0..<16).map { Cell(row: $0 / 4, column: $0 % 4) }.first { player.game.board[$0.row, $0.column] != 0 })
        try player.game.removeTile(at: cell)
        let assisted = try ana.ask("MOVE \(log.count + 1) ZX\(cell.row)\(cell.column)")
        #expect(
            assisted
                == "OK MOVE seq=\(log.count + 2) score=\(player.game.score) moves=29 max=\(player.game.board.largestValue) won=\(player.game.hasWon ? "yes" : "no") over=no"
        )
        #expect(try ana.ask("RESIGN").hasPrefix("OK RESIGN score="))
        #expect(try ana.ask("SUBMIT ana").hasPrefix("OK SUBMIT nick=ana board=all"))
        #expect(try ana.request("TOP").first?.contains("target=8 assists=") == true)
    }
}
