import Testing
import TileRaceBot
import TileRaceBotClient
import TileRaceProtocol
import TileRaceServerTestSupport

@testable import TileRaceClient

/// A player alone with bots, through the real client, bots and server: the
/// bots join at `a`, are marked, race at once when the player is ready, and
/// leave when the player does.
@Suite struct BotsEndToEndTests {
    /// Real bots, as the command line wires them, but fast.
    static let launcher: BotLauncher = { request, ended in
        let settings = BotSettings(
            host: request.host, port: request.port, room: request.room, code: request.code, nickname: request.nickname,
            bot: try! Bot(strength: request.strength), movesPerSecond: 50)
        let client = BotClient(settings: settings, onEnd: { ending in if !ending.isStopped { ended(ending.message) } })
        client.start()
        return { client.stop() }
    }

    @Test func aPlayerAloneWithBotsRacesAtOnce() throws {
        let host = try TestHost()
        let ana = HeadlessClient("ana", endpoint: host.endpoint, nickname: "ana", room: "solo", bots: Self.launcher)
        defer { ana.stopBots() }
        try ana.waitUntil("in room solo") { $0.screen == .room && $0.room?.name == "solo" }
        ana.press(.character("a"), .character("2"))
        ana.press(.character("a"), .character("1"))
        try ana.waitUntil("sees two ready bots") { model in
            let bots = model.room?.players.filter(\.isBot) ?? []
            // The two connect at once: either may join first.
            return Set(bots.map(\.nickname)) == ["ana-bot1", "ana-bot2"] && bots.allSatisfy(\.isReady)
        }
        ana.press(.character("r"))
        try ana.waitUntil("racing the bots") { $0.screen == .game && $0.session?.isRace == true }
        let racers = try #require(ana.model.race?.players)
        #expect(Set(racers.map(\.nickname)) == ["ana", "ana-bot1", "ana-bot2"])
        #expect(racers.allSatisfy { $0.isBot == $0.nickname.hasPrefix("ana-bot") })
        try ana.waitUntil("sees the bots move") { model in
            model.race?.players.filter(\.isBot).allSatisfy { $0.moves > 0 } ?? false
        }
        // ana leaves the room: her bots leave too, and the room goes away.
        // (resign, skip submitting, leave)
        ana.press(.character("q"), .character("y"), .escape, .character("q"))
        try ana.waitUntil("in the lobby") { $0.lobby?.hasLoaded == true && $0.ownBots.isEmpty }
        // The bots' LEAVE may come after our list was made: list again until the room is gone.
        let deadline = ContinuousClock.now + .seconds(5)
        while ana.model.lobby?.rooms.contains(where: { $0.name == "solo" }) == true, ContinuousClock.now < deadline {
            ana.press(.character("g"))
            try ana.waitUntil("listed again") { $0.lobby?.isLoading == false }
        }
        #expect(ana.model.lobby?.rooms.contains { $0.name == "solo" } == false)
    }
}
