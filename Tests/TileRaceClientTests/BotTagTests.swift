import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The `bot` tag wherever a bot's name is listed, from whatever the model
/// knows: a spectator learns the members (`WHO`) after the race's `START`,
/// and a bot that left the room keeps its tag in the last race's standings.
@Suite struct BotTagTests {
    /// A room `friday` with bo and the bot rob, watched or joined by ana.
    private func room(watching: Bool) -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.config.lastNickname = "ana"
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, timeLimit: 0), isPrivate: false,
            members: watching ? [] : [RoomMember(nickname: "ana", isReady: true, isYou: true)])
        model.room?.isWatching = watching
        model.screen = watching ? .spectate : .room
        return model
    }

    private func start(_ model: inout Model, players: [String]) {
        Fixtures.event(
            &model,
            .start(
                RaceStart(
                    room: "friday", race: 1, seed: "42", size: 4, target: 2048, allowsAssists: false, timeLimit: 0, players: players)))
    }

    private func finish(_ model: inout Model, _ results: [(String, Int)]) {
        for (place, (nickname, score)) in results.enumerated() {
            Fixtures.event(
                &model,
                .result(
                    RacerFinish(
                        room: "friday", race: 1, place: place + 1, nickname: nickname, reason: .over, score: score, largestTile: 64,
                        moves: 40, milliseconds: 30_000)))
        }
        Fixtures.event(&model, .end(room: "friday", race: 1, count: results.count))
    }

    private func screen(_ model: Model) -> String { view(model, size: model.size, theme: .classic).plainText }

    @Test func aSpectatorSeesTheTagWhenTheMembersComeAfterTheStart() {
        var model = room(watching: true)
        start(&model, players: ["bo", "rob"])
        #expect(model.race?.players.allSatisfy { !$0.isBot } == true)
        // The WHO reply to the watcher, after the START.
        Fixtures.reply(
            &model, to: .who, .who(room: "friday", count: 2),
            items: [
                .member(MemberInfo(nickname: "bo", role: .player, isReady: false, state: .racing)),
                .member(MemberInfo(nickname: "rob", role: .player, isReady: false, state: .racing, isBot: true)),
            ])
        #expect(model.isBot("rob") && !model.isBot("bo"))
        let racing = screen(model)
        #expect(racing.contains("rob bot"), "\(racing)")
        #expect(!racing.contains("bo bot"))
        finish(&model, [("rob", 900), ("bo", 300)])
        let standings = screen(model)
        #expect(standings.contains("1st  rob bot"), "\(standings)")
        #expect(standings.contains("2nd  bo "))
    }

    @Test func theLastRaceKeepsTheTagOfABotThatLeft() throws {
        var model = room(watching: false)
        Fixtures.event(&model, .joined(room: "friday", nickname: "rob", role: .player, isBot: true))
        start(&model, players: ["ana", "rob"])
        finish(&model, [("rob", 900), ("ana", 300)])
        Fixtures.event(&model, .left(room: "friday", nickname: "rob"))
        _ = update(&model, .key(.enter))
        model.screen = .room
        model.race = nil
        #expect(!model.isBot("rob"))
        let standings = try #require(model.room?.lastStandings)
        #expect(standings.map(\.isBot) == [true, false])
        let text = screen(model)
        #expect(text.contains("1st  rob bot"), "\(text)")
        #expect(text.contains("2nd  ana "))
    }
}
