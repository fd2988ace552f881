import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// Arenas on a real Redis store (protocol.md 5.9, 10.1): kept across a
/// restart under the hosting server's address.
@Suite struct ArenaRedisTests {
    private static let secret = "arena-operator-secret"

    private static var limits: ServerLimits {
        var limits = ServerLimits.fast
        limits.arenaPairingMilliseconds = 100
        return limits
    }

    /// The same address both times (the port is picked afresh): the snapshot
    /// is kept under it.
    @Test(.requiresRedis) func anArenaSurvivesARestartOnARedisStore() throws {
        let redis = try RedisForTests.start()
        let address = "127.0.0.1:20481"
        var server = try TestServer(
            limits: Self.limits, redis: redis.address, operatorSecret: Self.secret, advertisedAddress: address)
        let admin = try server.client("admin")
        _ = try admin.ask("AUTH \(Self.secret)")
        let created = try admin.ask("ARENA-CREATE length=120 target=8 limit=30")
        let id = try #require(created.field("id"))
        let (ana, bo) = (try server.client("ana"), try server.client("bo"))
        _ = try ana.ask("ARENA \(id)")
        _ = try bo.ask("ARENA \(id)")
        try ana.event("START ")
        try bo.event("START ")
        #expect(try bo.ask("RESIGN").hasPrefix("OK RESIGN"))
        _ = try ana.ask("RESIGN")
        try ana.event("SCORED ") { $0.contains(" nick=ana ") }
        server.stop()
        server = try TestServer(limits: Self.limits, redis: redis.address, operatorSecret: Self.secret, advertisedAddress: address)
        defer { server.stop() }
        #expect(server.logs.lines.contains { $0.contains("arenas restored: 1, open: \(id) (2 players)") })
        let eve = try server.client("eve")
        #expect(try eve.request("ARENAS").first?.hasPrefix("ARENA id=\(id) state=running ") == true)
        #expect(
            try eve.request("STANDINGS \(id)") == [
                "STANDING arena=\(id) rank=1 nick=ana points=1 streak=0 fire=no races=1 performance=1500 sheet=1",
                "STANDING arena=\(id) rank=2 nick=bo points=1 streak=0 fire=no races=1 performance=1500 sheet=1",
                "OK STANDINGS arena=\(id) count=2",
            ])
        // Its players go on where they were.
        let again = try server.client("ana")
        #expect(try again.ask("ARENA \(id)").hasPrefix("OK ARENA id=\(id) state=running "))
    }
}
