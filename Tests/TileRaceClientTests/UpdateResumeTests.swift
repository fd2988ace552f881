import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Taking a dropped seat back (issue 20): the usual case (nothing left to
/// send), what a resume finds changed, and what the player may do meanwhile.
/// Each case was found by the simulator (`tilerace-sim`).
@Suite struct UpdateResumeTests {
    static let secret = String(repeating: "a", count: 32)

    /// A race in progress whose connection just dropped: resuming.
    static func resumingRace() -> Model {
        var model = Fixtures.race()
        model.network.resumeSecret = secret
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        return model
    }

    /// The room `friday` as a resumed `OK HELLO` describes it.
    static func friday(_ state: RoomState) -> RoomDescription {
        RoomDescription(
            name: "friday", state: state, size: 4, target: 2048, allowsAssists: false, timeLimit: 300, isPrivate: false,
            playerCount: 4, watcherCount: 0)
    }

    static func resumedHello(room: RoomDescription?) -> ServerUpdate {
        .reply(
            .hello(nickname: "ana", resume: secret),
            .success(.hello(nickname: "ana", session: String(repeating: "b", count: 32), isResumed: true, room: room)), items: [])
    }

    @Test func aBlipWithNothingLeftToSendResendsNothing() throws {
        var model = Self.resumingRace()
        // Every entry was acknowledged before the drop.
        model.session?.unacknowledged = [:]
        model.session?.expected = [:]
        _ = update(&model, .server(Self.resumedHello(room: Self.friday(.racing))))
        let session = try #require(model.session)
        let sync = GameSync(seq: session.sequence, game: session.game)
        #expect(update(&model, .server(.event(.resync(sync)))) == [])
        #expect(model.session?.game == session.game)
        #expect(!model.network.isCatchingUp)
    }

    @Test func entriesNotAcknowledgedAreSentAgainOntoTheSameGame() throws {
        var model = Self.resumingRace()
        let session = try #require(model.session)
        #expect(session.sequence == 5)
        // The server got three of the five entries.
        var earlier = Game(config: .standard, seed: Seed(2024))
        for direction in [Direction.left, .up, .left] { _ = earlier.moveIfValid(direction) }
        model.session?.expected = [3: Figures(score: earlier.score, moves: earlier.moveCount, largestTile: earlier.board.largestValue)]
        _ = update(&model, .server(Self.resumedHello(room: Self.friday(.racing))))
        let effects = update(&model, .server(.event(.resync(GameSync(seq: 3, game: earlier)))))
        guard case .send(.move(let seq, let entries))? = effects.first else {
            Issue.record("expected the missing entries, got \(effects)")
            return
        }
        #expect(seq == 4)
        #expect(entries.count == 2)
    }

    @Test func aDifferentGameAtTheSameEntryIsReplacedByTheServersCopy() throws {
        var model = Self.resumingRace()
        model.session?.unacknowledged = [:]
        _ = update(&model, .server(Self.resumedHello(room: Self.friday(.racing))))
        var other = Game(config: .standard, seed: Seed(7))
        for direction in [Direction.down, .right, .down, .right, .up] { _ = other.moveIfValid(direction) }
        let sync = GameSync(seq: try #require(model.session).sequence, game: other)
        #expect(update(&model, .server(.event(.resync(sync)))) == [])
        #expect(model.session?.game.board == other.board)
        #expect(model.session?.game.score == other.score)
    }

    @Test func aPracticeGameTheServerNeverAcknowledgedIsPlayedHereOnlyAfterAResume() throws {
        // A seed chosen on the command line: the client's own, sent as it is dealt.
        var model = Fixtures.connected(Fixtures.model(options: Fixtures.chosenSeed))
        model.network.resumeSecret = Self.secret
        var sent = update(&model, .key(.character("p")))
        let seed = try #require(model.session).game.seed.text
        for direction in [Key.left, .up, .right] { sent += update(&model, .key(direction)) }
        #expect(sent.contains(.send(.practice(PracticeOptions(seed: seed, size: 4, target: 2048)))))
        // The line fails before OK PRACTICE: the server still has an earlier game, at entry 2.
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        _ = update(&model, .server(Self.resumedHello(room: nil)))
        var earlier = Game(config: .standard, seed: Seed(99))
        for direction in [Direction.down, .down] { _ = earlier.moveIfValid(direction) }
        let board = try #require(model.session).game.board
        #expect(update(&model, .server(.event(.resync(GameSync(seq: 2, game: earlier))))) == [])
        #expect(model.session?.serverCopy == .localOnly("the server did not get it before the connection failed"))
        #expect(model.session?.game.board == board)
    }

    @Test func anAcknowledgedPracticeGameResendsWhatTheServerMissed() throws {
        // A seed chosen on the command line: the client's own, sent with the first move.
        var model = Fixtures.connected(Fixtures.model(options: Fixtures.chosenSeed))
        model.network.resumeSecret = Self.secret
        _ = update(&model, .key(.character("p")))
        let session = try #require(model.session)
        _ = update(&model, .key(.left))
        let options = PracticeOptions(seed: session.game.seed.text, size: 4, target: 2048)
        _ = update(&model, .server(.reply(.practice(options), .success(.practice(options)), items: [])))
        #expect(model.session?.isServerCopyConfirmed == true)
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        _ = update(&model, .server(Self.resumedHello(room: nil)))
        let effects = update(&model, .server(.event(.resync(GameSync(seq: 0, game: session.game)))))
        guard case .send(.move(1, let entries))? = effects.first else {
            Issue.record("expected the missing entry, got \(effects)")
            return
        }
        #expect(entries.count == model.session?.sequence)
    }

    @Test func aRestartLostWithTheLineLeavesTheServersEarlierGameWhichWins() throws {
        var model = Self.resumingRace()
        // Before the drop: RESTART, then two entries, none of it acknowledged;
        // the server still has the earlier game at entry 1, whose figures
        // happen to equal ours after our first entry.
        var ours = Game(config: .standard, seed: Seed(2024))
        _ = ours.moveIfValid(.right)
        var theirs = Game(config: .standard, seed: Seed(2024))
        _ = theirs.moveIfValid(.left)
        model.session?.sequence = 2
        model.session?.expected = [1: Figures(score: theirs.score, moves: theirs.moveCount, largestTile: theirs.board.largestValue)]
        model.session?.boardsAfter = [1: ours.board]
        model.session?.unacknowledged = [1: .move(.right), 2: .move(.down)]
        _ = update(&model, .server(Self.resumedHello(room: Self.friday(.racing))))
        #expect(ours.board != theirs.board)
        let effects = update(&model, .server(.event(.resync(GameSync(seq: 1, game: theirs)))))
        #expect(!effects.contains { if case .send(.move) = $0 { true } else { false } })
        #expect(model.session?.game.board == theirs.board)
    }

    /// Seeds 708410 and 807776: after a RESTART lost with the line, our board ran out of
    /// moves here; the server's copy, at an earlier entry, goes on, and so does the race
    /// (it stayed "No moves left" while the server waited for our moves).
    @Test func aRaceOurBoardEndedHereGoesOnFromTheServersCopy() throws {
        var model = Self.resumingRace()
        var ours = Game(config: .standard, seed: Seed(2024))
        _ = ours.moveIfValid(.right)
        var theirs = Game(config: .standard, seed: Seed(2024))
        _ = theirs.moveIfValid(.left)
        model.session?.sequence = 1
        model.session?.expected = [1: Figures(score: ours.score, moves: ours.moveCount, largestTile: ours.board.largestValue)]
        model.session?.boardsAfter = [1: ours.board]
        model.session?.unacknowledged = [1: .move(.right)]
        Update.endGame(.noMoves, model: &model)
        Update.syncRacer(&model)
        // Counted in this machine's statistics as it ended here, as `update` does.
        let ended = try #require(model.session)
        model.statistics.add(Update.summary(of: ended, try #require(ended.end), today: model.today))
        model.session?.isCounted = true
        _ = update(&model, .server(Self.resumedHello(room: Self.friday(.racing))))
        // Not an ended game after all: taken back from the statistics, to be counted when it ends.
        #expect(update(&model, .server(.event(.resync(GameSync(seq: 1, game: theirs))))).contains(.saveStatistics))
        #expect(model.statistics.isEmpty && model.statistics.games.isEmpty && model.statistics.bests.isEmpty)
        #expect(model.session?.isCounted == false)
        let session = try #require(model.session)
        #expect(session.game.board == theirs.board)
        #expect(session.end == nil)
        #expect(session.clock.isRunning)
        #expect(model.race?.players.first(where: \.isYou)?.status == .playing)
        let key = try #require([Key.left, .right, .up, .down].first { Update.direction(for: $0).flatMap(theirs.board.sliding) != nil })
        let direction = try #require(Update.direction(for: key))
        #expect(update(&model, .key(key)).contains(.send(.move(seq: 2, entries: [.move(direction)]))))
    }

    @Test func aRaceResignedWhileTheLineWasDownIsResignedAgain() throws {
        var model = Fixtures.race()
        model.network.resumeSecret = Self.secret
        // Resigned; the RESIGN was lost with the connection.
        _ = update(&model, .key(.character("q")))
        #expect(update(&model, .key(.character("y"))).contains(.send(.resign)))
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        _ = update(&model, .server(Self.resumedHello(room: Self.friday(.racing))))
        let session = try #require(model.session)
        let effects = update(&model, .server(.event(.resync(GameSync(seq: session.sequence, game: session.game)))))
        #expect(effects.contains(.send(.resign)))
    }

    @Test func aWaitingMemberIsNotPutInARaceUnderAnEarlierSeatsNickname() {
        // After a cut longer than the grace, back in the room while its race
        // goes on; then a short cut, and the catch-up START names "ana": the
        // seat that left that race.
        var model = Fixtures.connected(Fixtures.model())
        model.network.resumeSecret = Self.secret
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(), isPrivate: false,
            members: [
                RoomMember(nickname: "bo", isReady: false, isYou: false, state: .racing),
                RoomMember(nickname: "ana", isReady: false, isYou: true, state: .waiting),
            ])
        model.room?.isRaceUnderWay = true
        model.screen = .room
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        #expect(model.network.resuming != nil)
        _ = update(&model, .server(Self.resumedHello(room: Self.friday(.racing))))
        let start = RaceStart(
            room: "friday", race: 3, seed: "2718", size: 4, target: 2048, allowsAssists: false, timeLimit: 0, players: ["bo", "ana"])
        _ = update(&model, .server(.event(.start(start))))
        let finish = RacerFinish(
            room: "friday", nickname: "ana", reason: .left, score: 0, largestTile: 2, moves: 0, milliseconds: 18_000)
        _ = update(&model, .server(.event(.finish(finish))))
        #expect(model.session == nil)
        #expect(model.screen == .room)
        #expect(model.race?.players.contains(where: \.isYou) == false)
        #expect(model.room?.members.first(where: \.isYou)?.state == .waiting)
    }

    @Test func aRaceThatStartedWhileTheLineWasFailingIsOursWhenItsResyncFollows() throws {
        var model = Fixtures.connected(Fixtures.model())
        model.network.resumeSecret = Self.secret
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(), isPrivate: false,
            members: [RoomMember(nickname: "ana", isReady: true, isYou: true, state: .waiting)])
        model.screen = .room
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        _ = update(&model, .server(Self.resumedHello(room: Self.friday(.racing))))
        let start = RaceStart(
            room: "friday", race: 3, seed: "2718", size: 4, target: 2048, allowsAssists: false, timeLimit: 0, players: ["ana"])
        _ = update(&model, .server(.event(.start(start))))
        let game = try start.makeGame()
        _ = update(&model, .server(.event(.resync(GameSync(seq: 0, game: game)))))
        #expect(model.session?.isRace == true)
        #expect(model.screen == .game)
        #expect(model.race?.players.first?.isYou == true)
    }

    @Test func aRoomLeftWhileTheLineWasFailingIsLeftAgain() {
        var model = Fixtures.connected(Fixtures.model())
        model.network.resumeSecret = Self.secret
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(), isPrivate: false,
            members: [RoomMember(nickname: "ana", isReady: false, isYou: true, state: .waiting)])
        model.screen = .room
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        // While resuming, leaving waits.
        #expect(update(&model, .key(.character("q"))) == [])
        #expect(model.room != nil)
        // The LEAVE was sent just before the drop, and lost: the server still seats us there.
        model.room = nil
        model.screen = .menu
        let effects = update(&model, .server(Self.resumedHello(room: Self.friday(.waiting))))
        #expect(effects == [.send(.leave)])
    }

    /// Found by the simulator's room invariant (seeds 2 and 13): bo left and a bot readied while we were away.
    @Test func backInOurRoomAsksWhoIsThereNow() {
        var model = Fixtures.connected(Fixtures.model())
        model.network.resumeSecret = Self.secret
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(), isPrivate: false,
            members: [
                RoomMember(nickname: "ana", isReady: true, isYou: true), RoomMember(nickname: "bo", isReady: true, isYou: false),
            ])
        model.screen = .room
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        #expect(update(&model, .server(Self.resumedHello(room: Self.friday(.waiting)))) == [.send(.who)])
        Fixtures.reply(
            &model, to: .who, .who(room: "friday", count: 2),
            items: [
                .member(MemberInfo(nickname: "ana", role: .player, isReady: true, state: .waiting)),
                .member(MemberInfo(nickname: "bo-bot1", role: .player, isReady: true, state: .waiting, isBot: true)),
            ])
        #expect(model.room?.members.map(\.nickname) == ["ana", "bo-bot1"])
    }

    /// Found by the simulator's room invariant (seeds 44 and 140): what ended while the line was down, unheard.
    @Test func backInOurRoomARaceOrCountdownThatEndedUnheardIsOver() {
        for isRaceUnderWay in [true, false] {
            var model = Fixtures.connected(Fixtures.model())
            model.network.resumeSecret = Self.secret
            model.room = WaitingRoom(
                name: "friday", options: RoomOptions(), isPrivate: false,
                members: [RoomMember(nickname: "ana", isReady: !isRaceUnderWay, isYou: true)])
            // We came in during a race (its END was lost with the line), or a countdown ran (its CANCEL was lost).
            model.room?.isRaceUnderWay = isRaceUnderWay
            model.room?.countdownEndsAt = isRaceUnderWay ? nil : Fixtures.now + 2000
            model.screen = .room
            _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
            _ = update(&model, .server(Self.resumedHello(room: Self.friday(.waiting))))
            #expect(model.room?.isRaceUnderWay == false)
            #expect(model.room?.countdownEndsAt == nil)
            #expect(model.room?.isReady == !isRaceUnderWay)
        }
    }

    @Test func requestsWaitForOurHelloOnANewConnection() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .lobby(LobbyState())
        model.connection = .connecting(Fixtures.endpoint)
        // Refreshing the lobby before the greeting: not queued ahead of HELLO.
        let effects = update(&model, .key(.character("g")))
        #expect(!effects.contains(.send(.rooms)))
    }
}
