import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// An arena over real sockets on 127.0.0.1 (protocol.md 5.9), on a server of
/// two shards with pairing every 100 ms: the operator creates it, two players
/// join, are paired race after race, and the standings show the points and
/// the streak.
@Suite struct ArenaIntegrationTests {
    @Test func twoPlayersRaceThroughAnArenaAndTheStandingsShowTheStreak() throws {
        var limits = ServerLimits.fast
        limits.arenaPairingMilliseconds = 100
        let server = try TestServer(limits: limits, shards: 2, operatorSecret: "arena-operator-secret")
        defer { server.stop() }
        let admin = try server.client("admin")
        #expect(try admin.ask("AUTH arena-operator-secret") == "OK AUTH operator=yes")
        #expect(try admin.ask("ARENA-CREATE length=120 target=8 limit=30").hasPrefix("OK ARENA-CREATE id=1 state=running "))
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        #expect(try ana.ask("ARENA 1").hasPrefix("OK ARENA id=1 state=running "))
        #expect(try bo.ask("ARENA 1").hasPrefix("OK ARENA id=1 "))
        for round in 1...3 {
            let start = try ana.event("START ")
            try bo.event("START ")
            let seed = try #require(start.field("seed"))
            var player = try Autoplayer(seed: seed, target: 8)
            var seq = 1
            while let direction = player.next() {
                let reply = try ana.ask("MOVE \(seq) \(direction.letter)")
                seq += 1
                if reply.contains("finished=") { break }
            }
            #expect(try bo.ask("RESIGN").hasPrefix("OK RESIGN"))
            let scored = try bo.event("SCORED ") { $0.contains(" nick=ana ") }
            #expect(scored.number("points") == [2, 4, 8][round - 1])
            #expect(scored.number("streak") == round)
            try ana.event("LEFT ") { $0.hasSuffix(" nick=ana") }
        }
        let standings = try admin.request("STANDINGS 1")
        #expect(
            standings == [
                "STANDING arena=1 rank=1 nick=ana points=8 streak=3 fire=yes races=3 performance=1900 sheet=224",
                "STANDING arena=1 rank=2 nick=bo points=0 streak=0 fire=no races=3 performance=1100 sheet=000",
                "OK STANDINGS arena=1 count=2",
            ], "\(standings)")
    }

    /// The data directory keeps the arena: a server started again on it lists
    /// it with what was scored, and its players go on where they were.
    @Test func anArenaSurvivesARestart() throws {
        let directory = TemporaryDirectory()
        var limits = ServerLimits.fast
        limits.arenaPairingMilliseconds = 100
        var server = try TestServer(limits: limits, dataDirectory: directory.path, operatorSecret: "arena-operator-secret")
        let admin = try server.client("admin")
        _ = try admin.ask("AUTH arena-operator-secret")
        _ = try admin.ask("ARENA-CREATE length=120 target=8 limit=30")
        let (ana, bo) = (try server.client("ana"), try server.client("bo"))
        _ = try ana.ask("ARENA 1")
        _ = try bo.ask("ARENA 1")
        try ana.event("START ")
        try bo.event("START ")
        #expect(try bo.ask("RESIGN").hasPrefix("OK RESIGN"))
        _ = try ana.ask("RESIGN")
        try ana.event("SCORED ") { $0.contains(" nick=ana ") }
        server.stop()
        server = try TestServer(limits: limits, dataDirectory: directory.path, operatorSecret: "arena-operator-secret")
        defer { server.stop() }
        let eve = try server.client("eve")
        #expect(try eve.request("ARENAS").first?.hasPrefix("ARENA id=1 state=running ") == true)
        #expect(
            try eve.request("STANDINGS 1") == [
                "STANDING arena=1 rank=1 nick=ana points=1 streak=0 fire=no races=1 performance=1500 sheet=1",
                "STANDING arena=1 rank=2 nick=bo points=1 streak=0 fire=no races=1 performance=1500 sheet=1",
                "OK STANDINGS arena=1 count=2",
            ])
    }
}
