import Testing
import TileRaceProtocol
import TileRaceServerTestSupport

@testable import TileRaceClient

/// An arena through the real client and server on 127.0.0.1 (protocol.md
/// 5.9): the operator makes it, ana joins from the menu's list, is paired with
/// bo (a raw protocol client), races, sees `SCORED`, and comes back to the
/// arena screen, not the lobby.
@Suite struct ArenaEndToEndTests {
    @Test func aPlayerJoinsFromTheListRacesAndComesBackToTheArena() throws {
        let host = try TestHost { configuration in
            configuration.operatorSecret = "arena-end-to-end-secret"
            configuration.limits.arenaPairingMilliseconds = 100
        }
        let admin = Recorder(host.endpoint)
        admin.send(.hello(nickname: nil), .auth(secret: "arena-end-to-end-secret"), .arenaCreate(ArenaSettings(length: 120, raceLimit: 60)))
        guard case .success(.arenaCreate(let arena)) = try admin.reply("ARENA-CREATE").0 else {
            Issue.record("the operator's ARENA-CREATE was refused")
            return
        }
        let ana = HeadlessClient("ana", endpoint: host.endpoint, nickname: "ana")
        try ana.waitUntil("greeted with arenas") { $0.connection.isConnected && $0.network.serverFeatures.contains(.arena) }
        ana.press(.character("a"))
        try ana.waitUntil("lists the arena") { $0.arenaList?.selected?.id == arena.id }
        ana.press(.enter)
        try ana.waitUntil("on the arena screen") { $0.screen == .arena && $0.arena?.info.id == arena.id }

        let bo = Recorder(host.endpoint)
        bo.send(.hello(nickname: "bo"), .arena(id: arena.id))
        _ = try bo.reply("ARENA")
        try bo.wait("bo's race") { if case .event(.start) = $0 { true } else { nil } }
        try ana.waitUntil("racing bo") { $0.screen == .game && $0.session?.isRace == true && $0.race?.players.count == 2 }
        // bo leaves the arena as well (the race still counts), so nobody pairs ana again at once.
        bo.send(.resign, .arenaLeave)
        ana.press(.character("q"), .character("y"))
        try ana.waitUntil("scored") { model in
            model.arena?.standings.count == 2 && model.arena?.standings.allSatisfy { $0.races == 1 } == true
        }
        try ana.waitUntil("out of the race's room") { $0.room == nil && $0.race?.isOver == true }
        // Past the end-of-game dialog and the race's standings: the arena.
        ana.press(.escape)
        if ana.model.screen != .arena { ana.press(.character("q")) }
        try ana.waitUntil("back on the arena screen") { $0.screen == .arena && $0.arena?.isOver == false }
        #expect(ana.model.lobby == nil)
    }
}
