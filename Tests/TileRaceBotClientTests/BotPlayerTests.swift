import Testing
import TileRaceBot
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer

@testable import TileRaceBotClient

/// The bot's protocol logic without sockets: inputs in, actions out, with a
/// clock that is just a number.
@Suite struct BotPlayerTests {
    static let settings = BotSettings(
        host: "127.0.0.1", port: 2048, room: "test", code: nil, nickname: "bot-1", bot: try! Bot(strength: 2), movesPerSecond: 10)

    static let start = RaceStart(
        room: "test", race: 7, seed: "42", size: 4, target: 2048, allowsAssists: false, timeLimit: 0, players: ["ana", "bot-1"])

    static let room = RoomDescription(
        name: "test", state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 0, isPrivate: false,
        playerCount: 2, watcherCount: 0)

    /// A player in the room, ready.
    static func inRoom() -> BotPlayer {
        var player = BotPlayer(settings: settings)
        _ = player.handle(.greeted(Greeting()), now: 0)
        _ = player.handle(.reply(.hello(nickname: "bot-1", isBot: true), .success(.hello(nickname: "bot-1"))), now: 0)
        _ = player.handle(.reply(.join(room: "test", code: nil), .success(.join(room))), now: 0)
        return player
    }

    /// The searches asked for.
    static func searches(_ actions: [BotAction]) -> [(Board, Int)] {
        actions.compactMap { if case .chooseMove(let board, let generation) = $0 { (board, generation) } else { nil } }
    }

    @Test func saysWhomItCountsAsWhereTheServerOffersIt() {
        var settings = Self.settings
        settings.via = "203.0.113.9"
        var player = BotPlayer(settings: settings)
        #expect(
            player.handle(.greeted(Greeting(features: [.strength, .via])), now: 0) == [
                .send(.hello(nickname: "bot-1", isBot: true, strength: 2, via: "203.0.113.9"))
            ])
        var older = BotPlayer(settings: settings)
        #expect(
            older.handle(.greeted(Greeting(features: [.strength])), now: 0) == [.send(.hello(nickname: "bot-1", isBot: true, strength: 2))])
    }

    @Test func greetsAsABotJoinsAndGetsReady() {
        var player = BotPlayer(settings: Self.settings)
        #expect(player.handle(.greeted(Greeting()), now: 0) == [.send(.hello(nickname: "bot-1", isBot: true))])
        #expect(
            player.handle(.reply(.hello(nickname: "bot-1", isBot: true), .success(.hello(nickname: "bot-1"))), now: 0) == [
                .report(.connected(nickname: "bot-1")), .send(.join(room: "test", code: nil)),
            ])
        #expect(
            player.handle(.reply(.join(room: "test", code: nil), .success(.join(Self.room))), now: 0) == [
                .report(.joined(room: "test", created: false)), .send(.ready(true)),
            ])
        #expect(player.phase == .waiting)
    }

    @Test func aTakenNicknameGetsASuffix() {
        var player = BotPlayer(settings: Self.settings)
        _ = player.handle(.greeted(Greeting()), now: 0)
        let taken = ProtocolError(.nicknameTaken, "in use")
        #expect(
            player.handle(.reply(.hello(nickname: "bot-1", isBot: true), .failure(taken)), now: 0) == [
                .report(.nicknameTaken("bot-1", next: "bot-1-2")), .send(.hello(nickname: "bot-1-2", isBot: true)),
            ])
        #expect(
            player.handle(.reply(.hello(nickname: "bot-1-2", isBot: true), .failure(taken)), now: 0).last
                == .send(.hello(nickname: "bot-1-3", isBot: true)))
        #expect(BotNickname.candidate("sixteen-letters1", attempt: 11) == "sixteen-lette-12")
    }

    @Test func aMissingRoomIsCreatedWithTheCode() {
        var settings = Self.settings
        settings.code = "s3cret"
        var player = BotPlayer(settings: settings)
        _ = player.handle(.greeted(Greeting()), now: 0)
        _ = player.handle(.reply(.hello(nickname: "bot-1", isBot: true), .success(.hello(nickname: "bot-1"))), now: 0)
        let unavailable = ProtocolError(.roomUnavailable, "no room")
        #expect(
            player.handle(.reply(.join(room: "test", code: "s3cret"), .failure(unavailable)), now: 0) == [
                .send(.create(room: "test", options: RoomOptions(code: "s3cret")))
            ])
        // Someone made it meanwhile: join it; refused again, the bot gives up.
        #expect(
            player.handle(.reply(.create(room: "test", options: RoomOptions()), .failure(ProtocolError(.roomExists, "exists"))), now: 0)
                == [.send(.join(room: "test", code: "s3cret"))])
        #expect(
            player.handle(.reply(.join(room: "test", code: "s3cret"), .failure(unavailable)), now: 0) == [
                .close(.refused("cannot join room test: no room"))
            ])
    }

    @Test func racesAtItsPaceOneMoveInFlight() throws {
        var player = Self.inRoom()
        var actions = player.handle(.event(.start(Self.start)), now: 1000)
        // The room's first race for the bot is race 1, whatever the server's number (7).
        #expect(actions.first == .report(.raceStarted(number: 1, players: 2)))
        let (board, generation) = try #require(Self.searches(actions).first)
        let game = try Self.start.makeGame()
        #expect(board == game.board)
        let direction = try #require(Bot(strength: 2).bestMove(on: board))

        // Chosen at once, but a move waits one interval (100 ms) after the start.
        #expect(player.handle(.moveChosen(direction, generation: generation), now: 1010) == [.wake(at: 1100)])
        actions = player.handle(.tick, now: 1100)
        #expect(actions.first == .send(.move(seq: 1, entries: [.move(direction)])))
        // The next move is searched for at once, on the board after the move.
        let (next, nextGeneration) = try #require(Self.searches(actions).first)
        #expect(next == player.game?.board)
        let second = try #require(Bot(strength: 2).bestMove(on: next))
        // Chosen, but the first move is not acknowledged yet: nothing is sent.
        #expect(player.handle(.moveChosen(second, generation: nextGeneration), now: 1150).isEmpty)
        let figures = try #require(player.game)
        let ack = MoveAck(
            seq: 1, score: figures.score, moves: figures.moveCount, largestTile: figures.board.largestValue, hasWon: false, isOver: false)
        #expect(player.handle(.reply(.move(seq: 1, entries: [.move(direction)]), .success(.move(ack))), now: 1160) == [.wake(at: 1200)])
        #expect(player.handle(.tick, now: 1200).first == .send(.move(seq: 2, entries: [.move(second)])))
    }

    @Test func aStaleSearchIsDropped() throws {
        var player = Self.inRoom()
        let actions = player.handle(.event(.start(Self.start)), now: 0)
        let (_, generation) = try #require(Self.searches(actions).first)
        // The server's copy replaces ours before the search ends: search again.
        let game = try Self.start.makeGame()
        let sync = GameSync(seq: 0, game: game)
        #expect(player.handle(.event(.resync(sync)), now: 10) == [.report(.resynced(seq: 0))])
        let again = player.handle(.moveChosen(.left, generation: generation), now: 20)
        #expect(Self.searches(again).count == 1)
        #expect(!again.contains { if case .send = $0 { true } else { false } })
    }

    @Test func resyncAdoptsTheServersGame() throws {
        var player = Self.inRoom()
        _ = player.handle(.event(.start(Self.start)), now: 0)
        var other = try Self.start.makeGame()
        for direction in [Direction.up, .left, .down] { _ = try? other.move(direction) }
        _ = player.handle(.event(.resync(GameSync(seq: 3, game: other))), now: 10)
        #expect(player.game?.state == other.state)
        #expect(player.sequence == 3)
    }

    @Test func figuresThatDifferAskForTheServersCopy() throws {
        var player = Self.inRoom()
        var actions = player.handle(.event(.start(Self.start)), now: 0)
        var (_, generation) = try #require(Self.searches(actions).first)
        let direction = try #require(Bot(strength: 2).bestMove(on: try Self.start.makeGame().board))
        _ = player.handle(.moveChosen(direction, generation: generation), now: 0)
        actions = player.handle(.tick, now: 100)
        (_, generation) = try #require(Self.searches(actions).first)
        let wrong = MoveAck(seq: 1, score: 9999, moves: 1, largestTile: 4, hasWon: false, isOver: false)
        #expect(
            player.handle(.reply(.move(seq: 1, entries: [.move(direction)]), .success(.move(wrong))), now: 110) == [
                .send(.move(seq: ClientMessage.legacyResyncSequence, entries: [.move(.left)]))
            ])
    }

    @Test func aServerThatOffersResyncIsAskedWithIt() throws {
        var player = BotPlayer(settings: Self.settings)
        _ = player.handle(.greeted(Greeting(features: [.resync])), now: 0)
        _ = player.handle(.reply(.hello(nickname: "bot-1", isBot: true), .success(.hello(nickname: "bot-1"))), now: 0)
        _ = player.handle(.reply(.join(room: "test", code: nil), .success(.join(Self.room))), now: 0)
        let actions = player.handle(.event(.start(Self.start)), now: 0)
        let (_, generation) = try #require(Self.searches(actions).first)
        let direction = try #require(Bot(strength: 2).bestMove(on: try Self.start.makeGame().board))
        _ = player.handle(.moveChosen(direction, generation: generation), now: 0)
        _ = player.handle(.tick, now: 100)
        let wrong = MoveAck(seq: 1, score: 9999, moves: 1, largestTile: 4, hasWon: false, isOver: false)
        #expect(player.handle(.reply(.move(seq: 1, entries: [.move(direction)]), .success(.move(wrong))), now: 110) == [.send(.resync)])
    }

    @Test func answersPingAndGetsReadyAfterEachRace() {
        var player = Self.inRoom()
        #expect(player.handle(.event(.ping("k1")), now: 0) == [.send(.pong("k1")), .report(.pinged)])
        _ = player.handle(.event(.start(Self.start)), now: 0)
        let finish = RacerFinish(room: "test", nickname: "bot-1", reason: .over, score: 100, largestTile: 16, moves: 30, milliseconds: 9000)
        #expect(player.handle(.event(.finish(finish)), now: 10) == [.report(.finished(.over, score: 100, largestTile: 16, moves: 30))])
        #expect(player.phase == .finished)
        var result = finish
        result.race = 7
        result.place = 2
        #expect(player.handle(.event(.result(result)), now: 11).isEmpty)
        #expect(
            player.handle(.event(.end(room: "test", race: 7, count: 2)), now: 12) == [
                .report(.placed(place: 2, of: 2, score: 100)), .send(.say("gg")), .send(.ready(true)),
            ])
        #expect(player.phase == .waiting)
        // The next race is the bot's second in the room, whatever the server numbers it.
        var next = Self.start
        next.race = 12
        let started = player.handle(.event(.start(next)), now: 20).first
        #expect(started == .report(.raceStarted(number: 2, players: 2)))
        #expect(started.map { if case .report(let report) = $0 { report.text } else { "" } } == "race 2 started (2 players)")
    }

    @Test func aRaceUnderWayIsWaitedOut() {
        var player = BotPlayer(settings: Self.settings)
        _ = player.handle(.greeted(Greeting()), now: 0)
        _ = player.handle(.reply(.hello(nickname: "bot-1", isBot: true), .success(.hello(nickname: "bot-1"))), now: 0)
        var racing = Self.room
        racing.state = .racing
        #expect(
            player.handle(.reply(.join(room: "test", code: nil), .success(.join(racing))), now: 0) == [
                .report(.joined(room: "test", created: false))
            ])
        #expect(player.handle(.event(.end(room: "test", race: 3, count: 1)), now: 5) == [.send(.ready(true))])
    }

    @Test func stopLeavesTheRoomAndSaysGoodbye() {
        var player = Self.inRoom()
        #expect(player.handle(.stop, now: 0) == [.send(.leave), .send(.quit)])
        #expect(player.handle(.event(.start(Self.start)), now: 1).isEmpty)
        #expect(player.handle(.reply(.leave, .success(.leave(room: "test"))), now: 2).isEmpty)
        #expect(player.handle(.reply(.quit, .success(.quit)), now: 3) == [.close(.stopped)])
        #expect(player.handle(.tick, now: 4).isEmpty)
    }

    @Test func aLostConnectionSaysWhy() {
        var player = Self.inRoom()
        _ = player.handle(.event(.bye("server shutting down")), now: 0)
        #expect(
            player.handle(.disconnected("the server closed the connection"), now: 1) == [
                .close(.disconnected("the server closed the connection (the server said: server shutting down)"))
            ])
    }

    @Test func thePaceStaysUnderTheServersRate() {
        #expect(BotSettings.maximumMovesPerSecond * 2 <= Double(ServerLimits.standard.requestsPerSecond))
        #expect(BotSettings(host: "h", port: 1, room: "r", nickname: "n", bot: .strongest, movesPerSecond: 1000).movesPerSecond == 100)
        #expect(BotSettings(host: "h", port: 1, room: "r", nickname: "n", bot: .strongest).moveIntervalMilliseconds == 250)
    }

    /// In an arena the server makes the rooms: the bot races each it is paired into, readies none, and says
    /// goodbye once the arena is over and its last race ended.
    @Test func racesAnArenaUntilItEnds() {
        var settings = Self.settings
        settings.arena = 3
        var player = BotPlayer(settings: settings)
        _ = player.handle(.greeted(Greeting()), now: 0)
        #expect(
            player.handle(.reply(.hello(nickname: "bot-1", isBot: true), .success(.hello(nickname: "bot-1"))), now: 0) == [
                .report(.connected(nickname: "bot-1")), .send(.arena(id: 3, token: nil)),
            ])
        let info = ArenaInfo(id: 3, state: .running, settings: .blank, startsIn: 0, endsIn: 300, players: 2)
        #expect(player.handle(.reply(.arena(id: 3, token: nil), .success(.arena(info))), now: 0) == [.report(.joinedArena(3))])
        #expect(player.handle(.event(.matched(Self.room)), now: 1) == [.report(.joined(room: "test", created: false))])
        _ = player.handle(.event(.start(Self.start)), now: 2)
        #expect(player.phase == .racing)
        // Over while racing: the race goes on, and the bot ends it before leaving.
        #expect(player.handle(.event(.arenaEnd(arena: 3, players: 2, podium: ["ana", "bot-1"])), now: 3).isEmpty)
        #expect(player.handle(.event(.end(room: "test", race: 7, count: 2)), now: 4) == [.send(.say("gg")), .send(.quit)])
        // Its own LEFT, sent after END, finds it leaving already.
        #expect(player.handle(.event(.left(room: "test", nickname: "bot-1")), now: 5).isEmpty)
        #expect(player.handle(.reply(.quit, .success(.quit)), now: 6) == [.close(.arenaOver(podium: ["ana", "bot-1"]))])
        #expect(BotEnding.arenaOver(podium: ["ana", "bot-1"]).message == "the arena is over: ana, bot-1")
    }

    @Test func anArenasRoomIsLeftByTheServerAndARefusalEndsTheBot() {
        var settings = Self.settings
        settings.arena = 3
        var player = BotPlayer(settings: settings)
        _ = player.handle(.greeted(Greeting()), now: 0)
        _ = player.handle(.reply(.hello(nickname: "bot-1", isBot: true), .success(.hello(nickname: "bot-1"))), now: 0)
        _ = player.handle(.event(.matched(Self.room)), now: 1)
        _ = player.handle(.event(.start(Self.start)), now: 2)
        #expect(player.handle(.event(.end(room: "test", race: 7, count: 2)), now: 3) == [.send(.say("gg"))])
        #expect(player.handle(.event(.left(room: "test", nickname: "ana")), now: 4).isEmpty)
        _ = player.handle(.event(.left(room: "test", nickname: "bot-1")), now: 5)
        #expect(player.phase == .waiting)
        // Over while free: goodbye at once.
        #expect(player.handle(.event(.arenaEnd(arena: 3, players: 2, podium: [])), now: 6) == [.send(.quit)])
        var refused = BotPlayer(settings: settings)
        _ = refused.handle(.greeted(Greeting()), now: 0)
        _ = refused.handle(.reply(.hello(nickname: "bot-1", isBot: true), .success(.hello(nickname: "bot-1"))), now: 0)
        let error = ProtocolError(.notEligible, "arena 3 is over")
        #expect(
            refused.handle(.reply(.arena(id: 3, token: nil), .failure(error)), now: 1) == [
                .close(.refused("cannot join arena 3: arena 3 is over"))
            ])
    }
}
