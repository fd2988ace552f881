import Testing
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer

/// Sessions moving between the cores of two shards (`ServerCore+ShardMoves`),
/// with no sockets: the request that moves a session runs where it arrives,
/// once, before the lines that followed it, and its replies stay in order.
@Suite struct ShardMoveTests {
    /// Shard 0 hosts `daily`, so a new room goes to shard 1, and its maker with it.
    private func roomOnShard1(_ harness: ShardsHarness) -> ConnectionID {
        let ana = harness.player("ana", on: 0)
        harness.send(ana, "CREATE r")
        #expect(harness.take(ana).first?.hasPrefix("OK CREATE room=r ") == true)
        #expect(harness.shardOf[ana] == 1)
        #expect(harness.registry.withState { $0.rooms["r"]?.shard } == 1)
        return ana
    }

    @Test func aJoinRunsWhereTheRoomIsAndTheLinesAfterItFollowInOrder() {
        let harness = ShardsHarness(shards: 2)
        let ana = roomOnShard1(harness)
        let bo = harness.player("bo", on: 0)
        harness.send(bo, "JOIN r", "WHO", "PING after")
        let lines = harness.take(bo)
        #expect(lines.first?.hasPrefix("OK JOIN room=r ") == true)
        #expect(
            Array(lines.dropFirst()) == [
                "MEMBER nick=ana role=player ready=no state=waiting", "MEMBER nick=bo role=player ready=no state=waiting",
                "OK WHO room=r count=2", "PONG after",
            ])
        #expect(harness.shardOf[bo] == 1)
        #expect(harness.take(ana) == ["JOINED room=r nick=bo role=player"])
        #expect(harness.logs.contains { $0.hasSuffix("bo moves to shard 1") })
        // On shard 1 now, bo's requests run there without moving again.
        harness.send(bo, "LEAVE", "WATCH r")
        #expect(harness.take(bo).first == "OK LEAVE room=r")
        #expect(harness.shardOf[bo] == 1)
    }

    /// The request a session carries was admitted where it was sent: it is
    /// not charged again where it arrives.
    @Test func theCarriedRequestIsChargedOnce() {
        var limits = ServerLimits.standard
        limits.requestBurst = 3
        let harness = ShardsHarness(shards: 2, limits: limits)
        _ = roomOnShard1(harness)
        let bo = harness.player("bo", on: 0)
        harness.send(bo, "JOIN r", "PING")
        #expect(harness.take(bo).last == "PONG")
        harness.send(bo, "PING")
        #expect(harness.take(bo).first?.hasPrefix("ERR flood") == true)
    }

    /// Ana's seat is held on shard 1; her new connection starts on shard 0
    /// and moves there to take it back.
    @Test func aSessionResumesOnTheShardThatHoldsIt() throws {
        let harness = ShardsHarness(shards: 2)
        let ana = harness.connect(to: 0)
        harness.send(ana, "HELLO tilerace 1 ana")
        let secret = try #require(harness.take(ana).last.flatMap { $0.split(separator: " ").first { $0.hasPrefix("session=") } })
        harness.send(ana, "CREATE r")
        #expect(harness.shardOf[ana] == 1)
        harness.disconnect(ana)
        let back = harness.connect(to: 0)
        _ = harness.take(back)
        harness.send(back, "HELLO tilerace 1 ana resume=\(secret.dropFirst("session=".count))", "WHO")
        let lines = harness.take(back)
        #expect(lines.first?.hasPrefix("OK HELLO nick=ana session=") == true)
        #expect(lines.first?.contains("resumed=yes") == true)
        #expect(lines.suffix(2) == ["MEMBER nick=ana role=player ready=no state=waiting", "OK WHO room=r count=1"])
        #expect(harness.shardOf[back] == 1)
    }

    /// On a tie, a new room stays on its maker's shard: no move.
    @Test func aNewRoomGoesToTheShardWithTheFewestRooms() {
        let harness = ShardsHarness(shards: 2)
        _ = roomOnShard1(harness)
        let cy = harness.player("cy", on: 1)
        harness.send(cy, "CREATE s")
        #expect(harness.take(cy).first?.hasPrefix("OK CREATE room=s ") == true)
        #expect(harness.registry.withState { $0.rooms["s"]?.shard } == 1)
        #expect(harness.shardOf[cy] == 1)
        #expect(!harness.logs.contains { $0.contains("cy moves") })
        // Shard 1 now hosts two rooms, shard 0 one: the next goes to shard 0.
        let dee = harness.player("dee", on: 1)
        harness.send(dee, "CREATE t")
        #expect(harness.take(dee).first?.hasPrefix("OK CREATE room=t ") == true)
        #expect(harness.registry.withState { $0.rooms["t"]?.shard } == 0)
        #expect(harness.shardOf[dee] == 0)
    }

    /// ana, bo and eve rated 1900 and cy and di newcomers (1500): two quick
    /// races, 400 apart. Tokens are `t` and the nickname.
    private func quickRaceHarness() -> ShardsHarness {
        var leaderboard = Leaderboard()
        let day = UTCTime.dayNumber(of: "2026-11-22")!
        for (index, nickname) in ["ana", "bo", "cy", "di", "eve"].enumerated() {
            leaderboard.apply(.claim(NicknameClaim(sequence: 2 * index + 1, nickname: nickname, token: "t\(nickname)", date: "2026-11-22")))
            guard !["cy", "di"].contains(nickname) else { continue }
            let rating = Glicko2.Rating(rating: 1900, deviation: 80, volatility: 0.06)
            leaderboard.apply(.rating(PlayerRating(sequence: 2 * index + 2, nickname: nickname, rating: rating, day: day, races: 9)))
        }
        return ShardsHarness(shards: 3, store: .inMemory(leaderboard))
    }

    /// Queued on shard 0, each group moves as one to the shard with the
    /// fewest rooms (1, then 2: `daily` is on 0), and hears its room whole
    /// there: everyone joined and ready, then the countdown, then the start.
    @Test func quickRacesSpreadOverTheShardsWithEveryPlayerFromTheStart() {
        let harness = quickRaceHarness()
        let ids = ["ana", "cy", "bo", "di"].enumerated().map { harness.player($1, on: $0 % 3) }
        for (id, nickname) in zip(ids, ["ana", "cy", "bo", "di"]) {
            harness.send(id, "QUEUE token=t\(nickname)")
            #expect(harness.take(id).first?.hasPrefix("OK QUEUE waiting=") == true)
            #expect(harness.shardOf[id] == 0)
        }
        harness.advance(1000)
        let (ana, cy, bo, di) = (ids[0], ids[1], ids[2], ids[3])
        for (id, shard, room, other) in [
            (ana, 1, "quick-2", "bo"), (bo, 1, "quick-2", "ana"), (cy, 2, "quick-3", "di"), (di, 2, "quick-3", "cy"),
        ] {
            let lines = harness.take(id)
            #expect(lines.first?.hasPrefix("MATCHED room=\(room) ") == true)
            #expect(lines.first?.contains(" players=2") == true)
            #expect(lines.contains("JOINED room=\(room) nick=\(other) role=player"))
            #expect(lines.filter { $0.hasPrefix("READY room=\(room) ") && $0.contains(" ready=yes") }.count == 2)
            #expect(lines.last == "COUNTDOWN room=\(room) ms=3000")
            #expect(harness.shardOf[id] == shard)
            #expect(harness.registry.withState { $0.rooms[room]?.shard } == shard)
        }
        harness.advance(3000)
        for id in ids { #expect(harness.take(id).first?.hasPrefix("START room=quick-") == true) }
        harness.send(ana, "WHO")
        #expect(harness.take(ana).last == "OK WHO room=quick-2 count=2")
    }

    /// eve's connection ends while the group moves: she arrives without it
    /// and holds her seat, away, as after a drop right after the match; ana
    /// and bo are told, and race once her seat is given up.
    @Test func aPlayerLostDuringTheHandOffIsAwayAndTheOthersRaceWithoutHer() {
        let harness = quickRaceHarness()
        let ids = ["ana", "bo", "eve"].map { harness.player($0, on: 0) }
        for (id, nickname) in zip(ids, ["ana", "bo", "eve"]) { harness.send(id, "QUEUE token=t\(nickname)") }
        for id in ids { _ = harness.take(id) }
        harness.endsOnHandOff = [ids[2]]
        harness.advance(1000)
        for id in ids.prefix(2) {
            let lines = harness.take(id)
            #expect(lines.first?.hasPrefix("MATCHED room=quick-2 ") == true)
            #expect(lines.first?.contains(" players=3") == true)
            #expect(lines.last == "AWAY room=quick-2 nick=eve ms=30000")
            #expect(!lines.contains { $0.hasPrefix("COUNTDOWN") })
            #expect(harness.shardOf[id] == 1)
        }
        #expect(harness.take(ids[2]).isEmpty)
        harness.advance(30_000)
        for id in ids.prefix(2) {
            let lines = harness.take(id)
            #expect(lines.contains("LEFT room=quick-2 nick=eve"))
            #expect(lines.last == "COUNTDOWN room=quick-2 ms=3000")
        }
        harness.advance(3000)
        for id in ids.prefix(2) { #expect(harness.take(id).first?.hasPrefix("START room=quick-2 ") == true) }
    }
}
