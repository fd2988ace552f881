import Foundation
import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// Several real servers sharing one real Redis: one leaderboard, one set of
/// claims, one list of rooms; and what happens when Redis goes away.
@Suite struct ManyServersTests {
    /// Asks until `done` holds for the reply: first now, then after each
    /// time the server publishes its rooms (and so reads the others'), which
    /// `watch` sees (every 100 ms in tests); at most 10 publications, each
    /// awaited for at most 5 s.
    private func ask(
        _ client: TestClient, _ line: String, afterEachPublication watch: RedisKeyWatch, until done: ([String]) -> Bool
    ) throws -> [String] {
        var lines = try client.request(line)
        for _ in 0..<10 {
            if done(lines) { return lines }
            guard watch.wait(for: "expire") else { throw TestFailure(description: "the server stopped publishing; last: \(lines)") }
            lines = try client.request(line)
        }
        if done(lines) { return lines }
        throw TestFailure(description: "\(line) never gave what was awaited; last: \(lines)")
    }

    /// Watches the rooms `server` publishes (its key expires a few
    /// publications after each, which renews it: `expire` marks each one).
    private func publications(of server: TestServer, in redis: RedisServerProcess) throws -> RedisKeyWatch {
        try RedisKeyWatch(redis.address, key: RedisRoomDirectory.Keys.rooms(of: "127.0.0.1:\(server.port)"))
    }

    /// A client with a finished practice game to submit.
    private func finished(_ client: TestClient) throws {
        _ = try client.ask("PRACTICE seed=42")
        _ = try client.ask("RESIGN")
    }

    @Test(.requiresRedis) func submissionsThroughEitherServerShowOnBothAndClaimsHoldAcrossThem() throws {
        let redis = try RedisForTests.start()
        let a = try TestServer(redis: redis.address)
        let b = try TestServer(redis: redis.address)
        let ana = try a.client("ana")
        let bo = try b.client("bo")
        try finished(ana)
        let receipt = try ana.ask("SUBMIT ana")
        #expect(receipt.hasPrefix("OK SUBMIT nick=ana board=all score=0 rank=1"))
        let token = try #require(receipt.field("token"))
        try finished(bo)
        #expect(try bo.ask("SUBMIT bo").hasPrefix("OK SUBMIT nick=bo board=all score=0 rank=2"))
        for client in [ana, bo] {
            let lines = try client.request("TOP")
            #expect(lines.map { $0.field("nick") } == ["ana", "bo", nil])
            #expect(lines.map { $0.field("rank") } == ["1", "2", nil])
        }
        // ana's nickname is claimed on every server: not without its token.
        let carl = try b.client("carl")
        try finished(carl)
        #expect(try carl.ask("SUBMIT ana") == "ERR bad-token the nickname ana is claimed; give its token=")
        #expect(try carl.ask("SUBMIT ana token=\(token)").hasPrefix("OK SUBMIT nick=ana board=all score=0 rank=1"))
    }

    /// An unclaimed nickname connected to one server cannot be claimed through another (as on one server),
    /// and can once it leaves.
    @Test(.requiresRedis) func aNicknameConnectedToOneServerCannotBeClaimedThroughAnother() throws {
        let redis = try RedisForTests.start()
        let a = try TestServer(redis: redis.address)
        let b = try TestServer(redis: redis.address)
        let ana = try a.client("ana")
        // ana's room shows on b once b has read a's publication, which names ana too.
        #expect(try ana.ask("CREATE anas").hasPrefix("OK CREATE room=anas"))
        let carl = try b.client("carl")
        let published = try publications(of: b, in: redis)
        _ = try ask(carl, "ROOMS", afterEachPublication: published) { lines in lines.contains { $0.hasPrefix("ROOM room=anas") } }
        try finished(carl)
        #expect(try carl.ask("SUBMIT ANA").hasPrefix("ERR nick-taken "))
        _ = try ana.ask("QUIT")
        _ = try ask(carl, "ROOMS", afterEachPublication: published) { lines in !lines.contains { $0.hasPrefix("ROOM room=anas") } }
        #expect(try carl.ask("SUBMIT ANA").hasPrefix("OK SUBMIT nick=ANA "))
    }

    @Test(.requiresRedis) func roomsOfEveryServerAreListedAndJoiningOneElsewhereAnswersMoved() throws {
        let redis = try RedisForTests.start()
        let a = try TestServer(redis: redis.address)
        let b = try TestServer(redis: redis.address)
        let ana = try a.client("ana")
        #expect(try ana.ask("CREATE friday").hasPrefix("OK CREATE room=friday"))
        let bo = try b.client("bo")
        let published = try publications(of: b, in: redis)
        let listed = try ask(bo, "ROOMS", afterEachPublication: published) { lines in lines.contains { $0.hasPrefix("ROOM room=friday") } }
        let friday = try #require(listed.first { $0.hasPrefix("ROOM room=friday") })
        #expect(friday.field("server") == "127.0.0.1:\(a.port)")
        #expect(friday.field("players") == "1")
        // Each server lists its own daily room only.
        #expect(listed.filter { $0.hasPrefix("ROOM room=daily") }.count == 1)
        #expect(!(listed.first { $0.hasPrefix("ROOM room=daily") } ?? "").contains("server="))
        #expect(try bo.ask("JOIN friday").hasPrefix("ERR moved 127.0.0.1:\(a.port) "))
        #expect(try bo.ask("WATCH FRIDAY").hasPrefix("ERR moved 127.0.0.1:\(a.port) "))
        #expect(try bo.ask("CREATE friday").hasPrefix("ERR room-exists a room named friday exists on the server at 127.0.0.1:\(a.port)"))
        // Following the move lands in the room.
        let moved = try TestClient(port: a.port, nickname: "bo")
        #expect(try moved.ask("JOIN friday").hasPrefix("OK JOIN room=friday"))
        // A stopped server's rooms leave the list.
        a.stop()
        _ = try ask(bo, "ROOMS", afterEachPublication: published) { lines in !lines.contains { $0.hasPrefix("ROOM room=friday") } }
    }

    @Test(.requiresRedis) func aServerThatStopsPublishingLosesItsRoomsWithinTheExpiry() throws {
        let redis = try RedisForTests.start()
        let b = try TestServer(redis: redis.address)
        let published = try publications(of: b, in: redis)
        // A server that publishes once and dies (no clean withdrawal).
        let ghost = RedisRoomDirectory(address: .server(redis.address), advertisedAddress: "10.9.9.9:2048", expiryMilliseconds: 500)
        let ghostRooms = try RedisKeyWatch(redis.address, key: RedisRoomDirectory.Keys.rooms(of: "10.9.9.9:2048"))
        let sent = DispatchSemaphore(value: 0)
        let room = RoomDescription(
            name: "ghost", state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 0, isPrivate: false, playerCount: 1,
            watcherCount: 0)
        ghost.publish([room]) { _ in sent.signal() }
        #expect(sent.wait(timeout: .now() + 3) == .success)
        let bo = try b.client("bo")
        _ = try ask(bo, "ROOMS", afterEachPublication: published) { lines in
            lines.contains { $0.hasPrefix("ROOM room=ghost") && $0.hasSuffix("server=10.9.9.9:2048") }
        }
        // Nothing refreshes it: Redis drops it when the 0.5 s expiry is up,
        // and the next publication of b's leaves it out.
        #expect(ghostRooms.wait(for: "expired"))
        _ = try ask(bo, "ROOMS", afterEachPublication: published) { lines in !lines.contains { $0.hasPrefix("ROOM room=ghost") } }
    }

    @Test(.requiresRedis) func aRedisThatDoesNotSyncEveryChangeIsRefusedUnlessRelaxed() throws {
        let redis = try RedisForTests.start(arguments: ["--appendfsync", "everysec"])
        #expect {
            _ = try TestServer(redis: redis.address)
        } throws: { error in
            "\(error)".contains("appendfsync everysec") && "\(error)".contains("--store-durability relaxed")
        }
        let relaxed = try TestServer(redis: redis.address, relaxedDurability: true)
        #expect(relaxed.logs.lines.contains { $0.contains("warning: --store-durability relaxed") })
    }

    @Test(.requiresRedis) func anUnreachableRedisStopsTheStart() throws {
        let redis = try RedisForTests.start()
        let address = redis.address
        redis.stop()
        #expect {
            _ = try TestServer(redis: address)
        } throws: { error in
            // Said once, with what to do, and no "retrying": the server does not start.
            "\(error)"
                == "cannot connect to the leaderboard store \(address): connection refused; is Redis running there? Start it with "
                + "`redis-server --port \(address.port) --appendonly yes --appendfsync always`, or check the address given to --store"
        }
    }

    /// kill -9 of Redis while submissions stream in: the rest of the server
    /// goes on, submissions answer `unavailable` meanwhile, the server
    /// reconnects by itself, and no acknowledged submission is lost.
    @Test(.requiresRedis) func redisKilledMidStreamLosesNoAcknowledgedSubmission() throws {
        let redis = try RedisForTests.start()
        let server = try TestServer(redis: redis.address)
        let ana = try server.client("ana")
        var acknowledged: [String] = []
        var unavailable = 0
        var index = 0
        var hasRestarted = false
        while acknowledged.count < 40 {
            index += 1
            guard index < 2000 else { throw TestFailure(description: "the server did not recover") }
            if acknowledged.count == 20, !hasRestarted, unavailable == 0 { redis.kill() }
            try finished(ana)
            let reply = try ana.ask("SUBMIT p\(index)")
            if reply.hasPrefix("OK SUBMIT") {
                acknowledged.append("p\(index)")
            } else {
                #expect(reply.hasPrefix("ERR unavailable "), "\(reply)")
                unavailable += 1
                // Races and everything else go on meanwhile.
                #expect(try ana.ask("PING") == "PONG")
                if !hasRestarted { #expect(try ana.ask("TOP").hasPrefix("ERR unavailable ")) }
                if unavailable == 5 {
                    try redis.restart()
                    hasRestarted = true
                    // The store's probe finds it back (within its 4 s backoff at most).
                    #expect(server.logs.awaitLine(containing: "reachable again", seconds: 10))
                }
            }
        }
        #expect(unavailable >= 5)
        let listed = Set(try ana.request("TOP limit=100").compactMap { $0.field("nick") })
        #expect(Set(acknowledged).isSubset(of: listed))
        let outages = server.logs.lines.filter { $0.contains("unreachable") }
        #expect(outages.count == 1, "\(outages)")
        #expect(server.logs.lines.contains { $0.contains("reachable again") })
    }

    @Test(.requiresRedis) func aBanMadeThroughOneServerHoldsOnEveryServerSharingTheStore() throws {
        let secret = "0123456789abcdef0123456789abcdef"
        let redis = try RedisForTests.start()
        let a = try TestServer(redis: redis.address, operatorSecret: secret)
        let b = try TestServer(redis: redis.address)
        let bo = try b.client("bo")
        let admin = try a.client()
        #expect(try admin.ask("AUTH \(secret)") == "OK AUTH operator=yes")
        #expect(try admin.ask("BAN bo reason=cheating") == "OK BAN target=bo kind=nick until=never reason=cheating")
        // The other server reads the bans again (every 100 ms here) and closes bo there.
        let refusal = "ERR banned the nickname bo is banned for good: cheating"
        #expect(try bo.readToEnd() == ["BYE banned: the nickname bo is banned for good: cheating"])
        let again = try b.rawClient()
        _ = try again.readLine()
        try again.send("HELLO tilerace 1 BO")
        #expect(try again.readToEnd() == [refusal, "BYE banned"])
        // A server started afterwards, like one restarted, refuses bo from the start.
        let c = try TestServer(redis: redis.address)
        let late = try c.rawClient()
        _ = try late.readLine()
        try late.send("HELLO tilerace 1 bo")
        #expect(try late.readToEnd() == [refusal, "BYE banned"])
        // Lifted through a: b lets bo in once it has read the bans again,
        // which it does as often as it publishes its rooms: try again after
        // each publication (at most 50, each awaited at most 5 s).
        let published = try publications(of: b, in: redis)
        #expect(try admin.ask("UNBAN bo") == "OK UNBAN target=bo")
        var reply = ""
        for _ in 0..<50 {
            let client = try b.rawClient()
            _ = try client.readLine()
            reply = try client.ask("HELLO tilerace 1 bo")
            if reply.hasPrefix("OK HELLO") { break }
            _ = try? client.readToEnd()
            guard published.wait(for: "expire") else { break }
        }
        #expect(reply.hasPrefix("OK HELLO nick=bo"))
    }
}
