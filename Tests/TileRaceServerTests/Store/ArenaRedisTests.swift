import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// Arenas on a real Redis store (protocol.md 5.9, 10.1): kept across a
/// restart under the hosting server's address, and listed by every server
/// sharing the store.
@Suite struct ArenaRedisTests {
    private static let secret = "arena-operator-secret"

    /// Sends `line` until `done` holds for the reply: now, then after each of
    /// `server`'s publications (every 100 ms in tests), at most 10, each
    /// awaited at most 5 s.
    private static func ask(
        _ client: TestClient, _ line: String, on server: TestServer, in redis: RedisServerProcess, until done: ([String]) -> Bool
    )
        throws -> [String]
    {
        let address = server.server.configuration.advertisedAddress ?? "127.0.0.1:\(server.port)"
        let published = try RedisKeyWatch(redis.address, key: RedisRoomDirectory.Keys.rooms(of: address))
        var lines = try client.request(line)
        for _ in 0..<10 {
            if done(lines) { return lines }
            guard published.wait(for: "expire") else { throw TestFailure(description: "the server stopped publishing; last: \(lines)") }
            lines = try client.request(line)
        }
        if done(lines) { return lines }
        throw TestFailure(description: "\(line) never gave what was awaited; last: \(lines)")
    }

    /// An operator's arena on `server`: its id comes from the store, with its first publication.
    private static func createArena(on server: TestServer, in redis: RedisServerProcess) throws -> String {
        let admin = try server.client("admin")
        _ = try admin.ask("AUTH \(secret)")
        let created = try ask(admin, "ARENA-CREATE length=120 target=8 limit=30", on: server, in: redis) { lines in
            lines.first?.hasPrefix("ERR unavailable ") != true
        }
        return try #require(created.first?.field("id"), "\(created)")
    }

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
        let id = try Self.createArena(on: server, in: redis)
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

    /// Ids from the shared counter never collide; each server lists the
    /// other's arena with `server=`, and answers `moved` for it.
    @Test(.requiresRedis) func anArenaIsListedByEveryServerAndJoinedWhereItIsHosted() throws {
        let redis = try RedisForTests.start()
        let a = try TestServer(limits: Self.limits, redis: redis.address, operatorSecret: Self.secret)
        let b = try TestServer(limits: Self.limits, redis: redis.address, operatorSecret: Self.secret)
        let onA = try Self.createArena(on: a, in: redis)
        let onB = try Self.createArena(on: b, in: redis)
        #expect(onA != onB)
        let bo = try b.client("bo")
        let listed = try Self.ask(bo, "ARENAS", on: b, in: redis) { lines in lines.contains { $0.hasPrefix("ARENA id=\(onA) ") } }
        #expect(listed.count == 3)
        #expect(listed.contains { $0.hasPrefix("ARENA id=\(onA) state=running ") && $0.hasSuffix(" server=127.0.0.1:\(a.port)") })
        #expect(listed.contains { $0.hasPrefix("ARENA id=\(onB) state=running ") && !$0.contains("server=") })
        #expect(
            try bo.ask("ARENA \(onA)")
                == "ERR moved 127.0.0.1:\(a.port) arena \(onA) is hosted by the server at 127.0.0.1:\(a.port): connect there and ask again")
        #expect(try bo.ask("STANDINGS \(onA)").hasPrefix("ERR moved 127.0.0.1:\(a.port) "))
        #expect(try bo.ask("ARENA \(onB)").hasPrefix("OK ARENA id=\(onB) "))
        // Following the move lands in the arena.
        let moved = try TestClient(port: a.port, nickname: "bo")
        #expect(try moved.ask("ARENA \(onA)").hasPrefix("OK ARENA id=\(onA) "))
        // A stopped server's arenas leave the list.
        a.stop()
        _ = try Self.ask(bo, "ARENAS", on: b, in: redis) { lines in !lines.contains { $0.hasPrefix("ARENA id=\(onA) ") } }
    }
}
