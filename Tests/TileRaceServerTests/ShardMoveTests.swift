import Testing
import TileRaceProtocol

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
}
