import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceServer
import TileRaceServerTestSupport
import TileRaceTestSupport

@testable import TileRaceClient

/// The terminal client among servers that share one Redis: a room hosted on
/// another server is listed, and picking it moves the client there.
@Suite struct ManyServersEndToEndTests {
    @Test(.requiresRedis) func pickingAnotherServersRoomMovesThereAndJoinsIt() throws {
        let redis = try RedisForTests.start()
        let shared: (inout RaceServer.Configuration) -> Void = { configuration in
            configuration.redisStore = .server(redis.address)
            configuration.directoryIntervalMilliseconds = 100
        }
        let a = try TestHost(configure: shared)
        let b = try TestHost(configure: shared)
        let ana = HeadlessClient("ana", endpoint: a.endpoint, nickname: "ana", room: "friday")
        try ana.waitUntil("in room friday on A") { $0.screen == .room && $0.room?.name == "friday" }

        let bo = HeadlessClient("bo", endpoint: b.endpoint, nickname: "bo")
        try bo.waitUntil("connected to B") { $0.connection.isConnected && $0.network.nickname == "bo" }
        bo.press(.character("r"))
        try bo.waitUntil("sees friday, hosted on A") { model in
            model.lobby?.rooms.contains { $0.name == "friday" && $0.server == "127.0.0.1:\(a.port)" } == true
        }
        let index = (bo.model.lobby?.rooms.firstIndex { $0.name == "friday" })!
        for _ in 0..<index { bo.press(.down) }
        bo.press(.enter)
        try bo.waitUntil("in room friday on A") { model in
            model.screen == .room && model.room?.name == "friday" && model.network.endpoint == a.endpoint
        }
        #expect(bo.model.connection.isConnected)
        try ana.waitUntil("sees bo come in") { $0.room?.players.map(\.nickname) == ["ana", "bo"] }
    }
}
