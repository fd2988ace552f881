import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Bots in the room screen: `a` asks the strength and starts one, `x` stops
/// the last one added, and they leave with us.
@Suite struct UpdateBotsTests {
    /// ana in room friday (private, code k3y) with bo; this client can add bots.
    static func inRoom() -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.canAddBots = true
        model.screen = .room
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(), isPrivate: true,
            members: [RoomMember(nickname: "bo", isReady: true, isYou: false), RoomMember(nickname: "ana", isReady: false, isYou: true)])
        model.room?.code = "k3y"
        return model
    }

    static func request(_ id: Int, strength: Int) -> BotRequest {
        BotRequest(
            id: id, host: Fixtures.endpoint.host, port: Fixtures.endpoint.port, room: "friday", code: "k3y", nickname: "ana-bot\(id)",
            strength: strength)
    }

    @Test func aAsksTheStrengthThenStartsABot() {
        var model = Self.inRoom()
        #expect(update(&model, .key(.character("a"))).isEmpty)
        #expect(model.overlay == .botStrength)
        // Keys other than 1-5 and Esc do nothing.
        #expect(update(&model, .key(.character("9"))).isEmpty)
        #expect(model.overlay == .botStrength)
        #expect(update(&model, .key(.character("4"))) == [.startBot(Self.request(1, strength: 4))])
        #expect(model.overlay == nil)
        #expect(model.ownBots == [OwnBot(id: 1, nickname: "ana-bot1", strength: 4)])
        #expect(model.notice?.text == "ana-bot1 (strength 4) is joining · x takes the last bot away")
        // An ssh visitor's bots count against the visitor's address, as their client does.
        var visitor = Self.inRoom()
        visitor.options.via = "203.0.113.9"
        _ = update(&visitor, .key(.character("a")))
        var expected = Self.request(1, strength: 2)
        expected.via = "203.0.113.9"
        #expect(update(&visitor, .key(.character("2"))) == [.startBot(expected)])
        _ = update(&model, .key(.character("a")))
        #expect(update(&model, .key(.escape)).isEmpty)
        #expect(model.overlay == nil && model.ownBots.count == 1)
        // q cancels too; 0, 6 and digits of other scripts are not strengths.
        _ = update(&model, .key(.character("a")))
        for key in ["0", "6", "٣"] {
            #expect(update(&model, .key(.character(Character(key)))).isEmpty)
            #expect(model.overlay == .botStrength)
        }
        #expect(update(&model, .key(.character("q"))).isEmpty)
        #expect(model.overlay == nil && model.ownBots.count == 1)
    }

    /// A rated room is for people: `a` says so, and the footer offers no bot.
    @Test func aRatedRoomTakesNoBots() {
        var model = Self.inRoom()
        #expect(RoomView.hints(model, room: model.room!).map(\.0).contains("a"))
        model.room?.options.isRated = true
        #expect(update(&model, .key(.character("a"))).isEmpty)
        #expect(model.overlay == nil)
        #expect(model.notice?.text == "a rated room is for people only: no bots (a room that is not rated takes them)")
        #expect(!RoomView.hints(model, room: model.room!).map(\.0).contains("a"))
    }

    @Test func aWatcherCannotAddBots() {
        var model = Self.inRoom()
        model.room?.isWatching = true
        model.room?.members.removeAll(where: \.isYou)
        #expect(update(&model, .key(.character("a"))).isEmpty)
        #expect(model.overlay == nil)
        #expect(model.notice?.text == "you are watching this room: join it to add bots")
        let hints = RoomView.hints(model, room: model.room!).map(\.0)
        #expect(!hints.contains("a") && hints.contains("q"))
    }

    @Test func xStopsTheLastBotAdded() {
        var model = Self.inRoom()
        _ = update(&model, .key(.character("a")))
        _ = update(&model, .key(.character("1")))
        _ = update(&model, .key(.character("a")))
        _ = update(&model, .key(.character("5")))
        #expect(update(&model, .key(.character("x"))) == [.stopBot(id: 2)])
        #expect(update(&model, .key(.character("x"))) == [.stopBot(id: 1)])
        #expect(update(&model, .key(.character("x"))).isEmpty)
        #expect(model.notice?.text == "no bot of yours is in this room: a adds one")
    }

    @Test func botsLeaveWithUs() {
        var model = Self.inRoom()
        _ = update(&model, .key(.character("a")))
        _ = update(&model, .key(.character("2")))
        #expect(update(&model, .key(.character("q"))) == [.stopBot(id: 1), .send(.leave), .send(.rooms)])
        #expect(model.ownBots.isEmpty)
    }

    @Test func botsLeaveWhenTheConnectionIsLost() {
        var model = Self.inRoom()
        _ = update(&model, .key(.character("a")))
        _ = update(&model, .key(.character("2")))
        #expect(update(&model, .server(.disconnected(reason: "the server closed the connection", bye: nil))) == [.stopBot(id: 1)])
    }

    @Test func aBotThatStopsByItselfIsForgotten() {
        var model = Self.inRoom()
        _ = update(&model, .key(.character("a")))
        _ = update(&model, .key(.character("3")))
        #expect(update(&model, .botEnded(id: 1, reason: "cannot join room friday: room friday is full")).isEmpty)
        #expect(model.ownBots.isEmpty)
        #expect(
            model.notice
                == Notice(
                    text: "ana-bot1 stopped: cannot join room friday: room friday is full", kind: .warning,
                    expiresAt: Fixtures.now + Notice.lifetimeMilliseconds))
    }

    @Test func noBotsWithoutALauncherOrInAFullRoom() {
        var model = Self.inRoom()
        model.canAddBots = false
        _ = update(&model, .key(.character("a")))
        #expect(model.overlay == nil)
        #expect(model.notice?.text == "bots are not available in this client")
        model.canAddBots = true
        model.room?.members = (1...8).map { RoomMember(nickname: "p\($0)", isReady: false, isYou: $0 == 1) }
        _ = update(&model, .key(.character("a")))
        #expect(model.overlay == nil)
        #expect(model.notice?.text == "the room is full: 8 players at most")
    }

    @Test func botsAreKnownFromJoinedAndWho() {
        var model = Self.inRoom()
        _ = update(&model, .server(.event(.joined(room: "friday", nickname: "ana-bot1", role: .player, isBot: true))))
        #expect(model.room?.isBot("ana-bot1") == true)
        #expect(model.room?.isBot("bo") == false)
        Fixtures.reply(
            &model, to: .who, .who(room: "friday", count: 2),
            items: [
                .member(MemberInfo(nickname: "ana", role: .player, isReady: false, state: .waiting)),
                .member(MemberInfo(nickname: "rob", role: .player, isReady: true, state: .waiting, isBot: true)),
            ])
        #expect(model.room?.members.map(\.isBot) == [false, true])
        // The race remembers who the bots are.
        _ = update(
            &model,
            .server(
                .event(
                    .start(
                        RaceStart(
                            room: "friday", race: 1, seed: "42", size: 4, target: 2048, allowsAssists: false, timeLimit: 0,
                            players: ["ana", "rob"])))))
        #expect(model.race?.players.map(\.isBot) == [false, true])
    }

    @Test func anotherPlayersBotIsShownWithTheStrengthTheServerTold() {
        var model = Self.inRoom()
        _ = update(&model, .server(.event(.joined(room: "friday", nickname: "bo-bot1", role: .player, isBot: true, strength: 2))))
        #expect(view(model, size: model.size, theme: .classic).plainText.contains("bo-bot1 bot, strength 2"))
        Fixtures.reply(
            &model, to: .who, .who(room: "friday", count: 1),
            items: [.member(MemberInfo(nickname: "rob", role: .player, isReady: true, state: .waiting, isBot: true, strength: 4))])
        #expect(view(model, size: model.size, theme: .classic).plainText.contains("rob bot, strength 4"))
    }
}
