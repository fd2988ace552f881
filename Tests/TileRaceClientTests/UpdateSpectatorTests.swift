import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// A spectator who comes in during a race: its clock counts from the race's
/// start (the catch-up `START` says how long it has run), and bots are known
/// as bots from the `START`, the `FINISH` and the `RESULT` lines.
@Suite struct UpdateSpectatorTests {
    /// Watching room friday, where a race of ana, bot-1 and bo is under way.
    private func watching() -> Model {
        var model = Fixtures.connected(Fixtures.model(), nickname: "eve")
        Fixtures.reply(
            &model, to: .watch(room: "friday", code: nil), .watch(Fixtures.room("friday", state: .racing, players: 3, watchers: 1)))
        return model
    }

    private func start(elapsed: Int?) -> ServerEvent {
        .start(
            RaceStart(
                room: "friday", race: 7, seed: "42", size: 4, target: 2048, allowsAssists: false, timeLimit: 0,
                players: ["ana", "bot-1", "bo"], bots: ["bot-1"], elapsedMilliseconds: elapsed))
    }

    @Test func aLateSpectatorsClockCountsFromTheRacesStart() {
        var model = watching()
        Fixtures.event(&model, start(elapsed: 15_000))
        #expect(model.screen == .spectate)
        #expect(model.race?.phase == .racing(startedAt: Fixtures.now - 15_000))
        _ = update(&model, .tick(Fixtures.now + 400))
        let header = view(model, size: model.size, theme: .classic).plainText.split(separator: "\n").first ?? ""
        #expect(header.hasSuffix("00:15.4"))
    }

    @Test func aStartThatBeginsTheRaceCountsFromNow() {
        var model = watching()
        Fixtures.event(&model, start(elapsed: nil))
        #expect(model.race?.phase == .racing(startedAt: Fixtures.now))
    }

    @Test func botsAreKnownFromTheStartAndKeptInTheStandings() {
        var model = watching()
        Fixtures.event(&model, start(elapsed: 2000))
        #expect(model.race?.players.map(\.isBot) == [false, true, false])
        #expect(model.race?.isBot("BOT-1") == true)
        let result = RacerFinish(
            room: "friday", race: 7, place: 1, nickname: "bot-1", reason: .resigned, score: 0, largestTile: 2, moves: 0,
            milliseconds: 0, isBot: true)
        Fixtures.event(&model, .result(result))
        Fixtures.event(&model, .end(room: "friday", race: 7, count: 1))
        // The room's last race keeps the mark, whoever is in the room now.
        #expect(model.room?.lastStandings.first?.isBot == true)
    }

    @Test func aFinishSaysARacerIsABotWhenNothingElseDid() {
        var model = watching()
        Fixtures.event(
            &model,
            .start(
                RaceStart(
                    room: "friday", race: 7, seed: "42", size: 4, target: 2048, allowsAssists: false, timeLimit: 0,
                    players: ["ana", "bot-1"])))
        #expect(model.race?.isBot("bot-1") == false)
        Fixtures.event(
            &model,
            .finish(
                RacerFinish(
                    room: "friday", nickname: "bot-1", reason: .over, score: 8, largestTile: 4, moves: 3, milliseconds: 900, isBot: true)))
        #expect(model.race?.isBot("bot-1") == true)
    }
}
