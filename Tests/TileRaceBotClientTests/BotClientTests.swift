import Testing
import TileRaceBot
import TileRaceEngine
import TileRaceProtocol
import TileRaceServerTestSupport
import TileRaceTestSupport

@testable import TileRaceBotClient

/// Bots against a real server on 127.0.0.1: joining, getting ready, racing to
/// the finish, answering `PING`, adopting `RESYNC`, leaving.
@Suite struct BotClientTests {
    static func settings(port: Int, room: String = "race", nickname: String = "bot-1", speed: Double = 100) -> BotSettings {
        BotSettings(host: "127.0.0.1", port: port, room: room, nickname: nickname, bot: try! Bot(strength: 2), movesPerSecond: speed)
    }

    @Test func aBotJoinsGetsReadyAndRacesToTheFinish() throws {
        let host = try TestHost()
        let ana = try Peer(port: host.port, nickname: "ana")
        #expect(try ana.ask("CREATE race target=16").hasPrefix("OK CREATE"))
        let recorder = BotRecorder()
        let bot = recorder.bot(Self.settings(port: host.port))
        bot.start()
        defer { bot.stop() }
        #expect(try ana.line("JOINED") == "JOINED room=race nick=bot-1 role=player bot=yes strength=2")
        #expect(try ana.line("READY") == "READY room=race nick=bot-1 ready=yes")
        #expect(try ana.ask("READY") == "OK READY ready=yes")
        #expect(try ana.line("START").hasSuffix("players=ana,bot-1 bots=bot-1"))
        #expect(try ana.ask("RESIGN") == "OK RESIGN score=0")
        // The bot plays on to 16 (or until it cannot move); then the race ends.
        let finish = try ana.line("FINISH", where: { $0.contains("nick=bot-1") })
        #expect(finish.contains("reason=target") || finish.contains("reason=over"))
        #expect(try ana.line("END").hasPrefix("END room=race"))
        #expect(recorder.wait { reports, _ in reports.contains { if case .placed(1, 2, _) = $0 { true } else { false } } })
        // Ready for the next race at once.
        #expect(try ana.line("READY", where: { $0.contains("bot-1") }) == "READY room=race nick=bot-1 ready=yes")
        let reports = recorder.reports
        #expect(reports.first == .connected(nickname: "bot-1"))
        #expect(reports.contains(.joined(room: "race", created: false)))
        #expect(reports.contains { if case .raceStarted(_, 2) = $0 { true } else { false } })
    }

    @Test func aBotCreatesAMissingRoomAndRacesAlone() throws {
        let host = try TestHost()
        let recorder = BotRecorder()
        let bot = recorder.bot(Self.settings(port: host.port, room: "solo"))
        bot.start()
        defer { bot.stop() }
        #expect(recorder.wait(for: { $0 == .joined(room: "solo", created: true) }))
        // Alone, it is everyone: its ready mark starts the race.
        #expect(recorder.wait(for: { if case .raceStarted(_, 1) = $0 { true } else { false } }))
    }

    @Test func aBotAnswersPingsAndStaysConnected() throws {
        let host = try TestHost { configuration in
            configuration.limits.pingMilliseconds = 100
            // Long enough that a loaded machine's stall is not taken for silence.
            configuration.limits.idleMilliseconds = 1500
            configuration.limits.sweepMilliseconds = 20
        }
        let recorder = BotRecorder()
        let bot = recorder.bot(Self.settings(port: host.port))
        // Someone in the room who is not ready keeps the bot waiting, silent
        // (ana does not answer PING: she is soon gone, and the bot, ready,
        // waits alone for a countdown nobody starts).
        let ana = try Peer(port: host.port, nickname: "ana")
        _ = try ana.ask("CREATE race")
        bot.start()
        defer { bot.stop() }
        // Twenty pings take longer than the idle limit: only answers keep the bot in.
        #expect(recorder.wait { reports, ending in ending != nil || reports.filter { $0 == .pinged }.count >= 20 })
        #expect(recorder.ending == nil)
        let cy = try Peer(port: host.port, nickname: "cy")
        _ = try cy.ask("WATCH race")
        #expect(try cy.request("WHO").contains("MEMBER nick=bot-1 role=player ready=yes state=waiting bot=yes strength=2"))
    }

    @Test func aBotAdoptsTheServersCopyAndRacesOn() throws {
        let host = try TestHost()
        let ana = try Peer(port: host.port, nickname: "ana")
        _ = try ana.ask("CREATE race target=64")
        let recorder = BotRecorder()
        let bot = recorder.bot(Self.settings(port: host.port, speed: 50))
        bot.start()
        defer { bot.stop() }
        try ana.line("READY", where: { $0.contains("bot-1") })
        _ = try ana.ask("READY")
        #expect(recorder.wait(for: { if case .raceStarted = $0 { true } else { false } }))
        // Its copy of the game goes wrong: the server's copy must come back.
        bot.withPlayer { player in
            guard let game = player.game else { return }
            var wrong = Game(config: game.config, seed: Seed(977))
            for direction in [Direction.up, .left, .up, .left] { _ = try? wrong.move(direction) }
            player.game = wrong
        }
        #expect(recorder.wait(for: { if case .resynced = $0 { true } else { false } }))
        _ = try ana.ask("RESIGN")
        #expect(
            recorder.wait(for: {
                if case .finished(.target, _, _, _) = $0 { true } else if case .finished(.over, _, _, _) = $0 { true } else { false }
            }))
        #expect(try ana.line("END").hasPrefix("END room=race"))
    }

    @Test func aStoppedBotLeavesAndSaysGoodbye() throws {
        let host = try TestHost()
        let ana = try Peer(port: host.port, nickname: "ana")
        _ = try ana.ask("CREATE race")
        let recorder = BotRecorder()
        let bot = recorder.bot(Self.settings(port: host.port))
        bot.start()
        try ana.line("READY", where: { $0.contains("bot-1") })
        bot.stop()
        #expect(try ana.line("LEFT") == "LEFT room=race nick=bot-1")
        #expect(recorder.waitForEnding() == .stopped)
    }

    @Test func aTakenNicknameGetsASuffix() throws {
        let host = try TestHost()
        let ana = try Peer(port: host.port, nickname: "bot-1")
        _ = try ana.ask("CREATE race")
        let recorder = BotRecorder()
        let bot = recorder.bot(Self.settings(port: host.port))
        bot.start()
        defer { bot.stop() }
        #expect(try ana.line("JOINED") == "JOINED room=race nick=bot-1-2 role=player bot=yes strength=2")
        #expect(recorder.reports.contains(.nicknameTaken("bot-1", next: "bot-1-2")))
    }

    @Test func anOKItCannotReadStillAnswersItsRequestSoLaterRepliesPairRight() throws {
        let peer = try #require(ScriptedPeer())
        let recorder = BotRecorder()
        let bot = recorder.bot(Self.settings(port: peer.port))
        bot.start()
        defer { bot.stop() }
        #expect(peer.accept())
        peer.send("HELLO tilerace 1 server=scripted")
        #expect(peer.readLine() == "HELLO tilerace 1 bot-1 bot=yes")
        peer.send(ServerMessage.ok(.hello(nickname: "bot-1")).line)
        #expect(peer.readLine() == "JOIN race")
        let room = RoomDescription(
            name: "race", state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 0, isPrivate: false,
            playerCount: 1, watcherCount: 0)
        peer.send(ServerMessage.ok(.join(room)).line)
        #expect(peer.readLine() == "READY yes")
        // An OK the bot cannot read: it still answers READY, the oldest request.
        peer.send("OK READY ready=perhaps")
        let start = RaceStart(
            room: "race", race: 1, seed: "42", size: 4, target: 2048, allowsAssists: false, timeLimit: 0, players: ["bot-1"])
        peer.send(ServerMessage.event(.start(start)).line)
        var game = try start.makeGame()
        // Each move's OK MOVE must reach its MOVE: only then is the next one sent.
        for seq in 1...3 {
            let line = try #require(peer.readLine(), "no MOVE \(seq)")
            guard case .move(seq, let entries) = try ClientMessage.parse(line) else {
                Issue.record("expected MOVE \(seq), got \(line)")
                return
            }
            for entry in entries { try game.apply(entry) }
            let acknowledgement = MoveAck(
                seq: seq, score: game.score, moves: game.moveCount, largestTile: game.board.largestValue, hasWon: game.hasWon,
                isOver: game.isOver)
            peer.send(ServerMessage.ok(.move(acknowledgement)).line)
        }
        #expect(recorder.reports.contains { if case .note(let text) = $0 { text.hasPrefix("READY refused:") } else { false } })
        #expect(recorder.ending == nil)
    }

    @Test func noServerEndsTheBotWithTheReason() throws {
        let closed = try #require(TestSockets.boundButNotListening())
        let recorder = BotRecorder()
        let bot = recorder.bot(Self.settings(port: closed.port))
        bot.start()
        let ending = try #require(recorder.waitForEnding())
        guard case .disconnected(let reason) = ending else {
            Issue.record("ended \(ending)")
            return
        }
        #expect(reason == "cannot reach 127.0.0.1:\(closed.port): connection refused")
    }
}

/// `tilerace bot --arena`: bots on a real server race whoever the arena pairs them with, and score.
@Suite struct BotArenaTests {
    @Test func twoBotsRaceInAnArenaAndScore() throws {
        let host = try TestHost { configuration in
            configuration.operatorSecret = "bot-arena-secret"
            configuration.limits.arenaPairingMilliseconds = 100
        }
        let admin = try Peer(port: host.port, nickname: "admin")
        #expect(try admin.ask("AUTH bot-arena-secret") == "OK AUTH operator=yes")
        #expect(try admin.ask("ARENA-CREATE length=120 size=3 target=16 limit=30").hasPrefix("OK ARENA-CREATE id=1 state=running "))
        let recorders = [BotRecorder(), BotRecorder()]
        let bots = recorders.enumerated().map { index, recorder in
            var settings = BotClientTests.settings(port: host.port, nickname: "bot-\(index + 1)")
            settings.arena = 1
            return recorder.bot(settings)
        }
        for bot in bots { bot.start() }
        defer {
            for bot in bots { bot.stop() }
        }
        for recorder in recorders {
            #expect(recorder.wait(for: { $0 == .joinedArena(1) }))
            // Paired, raced and placed: the race scored; then paired again.
            #expect(recorder.wait(for: { if case .placed = $0 { true } else { false } }))
            #expect(recorder.wait { reports, _ in reports.filter { if case .raceStarted = $0 { true } else { false } }.count >= 2 })
        }
        #expect(try admin.ask("STANDINGS 1") == "OK STANDINGS arena=1 count=2")
        for nickname in ["bot-1", "bot-2"] {
            let line = try admin.line("STANDING ") { $0.contains(" nick=\(nickname) ") }
            let races = line.split(separator: " ").first { $0.hasPrefix("races=") }.flatMap { Int($0.dropFirst(6)) } ?? 0
            #expect(races >= 1, "\(line)")
        }
    }
}
