import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The registry of what shards share: a value a core calls directly, so a
/// core runs with no dispatch queue at all.
@Suite struct ServerRegistryTests {
    @Test func aCoreRunsARaceWithNoQueue() throws {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "CREATE r").first?.hasPrefix("OK CREATE room=r ") == true)
        _ = harness.ask(ana, "READY")
        harness.advance(harness.core.limits.countdownMilliseconds)
        #expect(harness.take(ana).contains { $0.hasPrefix("START room=r race=1 ") })
        #expect(harness.registry.withState { $0.nicknames["ana"] } == ana)
        #expect(harness.core.nextRaceID == 2)
    }

    /// Rooms each shard hosts or has been given, as `shardForNewRoom` counts them.
    private func placed(_ state: ServerRegistry) -> [Int] {
        var counts = [Int](repeating: 0, count: state.shardCount)
        for listing in state.rooms.values { counts[listing.shard] += 1 }
        for placement in state.placements { counts[placement.shard] += 1 }
        return counts
    }

    private func newRoomShard(_ state: inout ServerRegistry, asker: Int = 0, now: Int = 0) -> Int {
        state.shardForNewRoom(preferring: asker, now: now)
    }

    /// Many `CREATE`s asked at once, before any room is registered (a
    /// tournament's start, a benchmark): each placement counts, so they
    /// spread over the shards instead of all going to the emptiest one.
    @Test func aBurstOfNewRoomsSpreadsOverTheShards() {
        var state = ServerRegistry(shardCount: 4)
        let shards = (0..<11).map { _ in newRoomShard(&state) }
        #expect(shards.count == 11)
        #expect(shards.first == 1)  // shard 0 hosts daily
        #expect(placed(state) == [3, 3, 3, 3])
    }

    /// Registering a placed room settles its placement (the shard's count
    /// stays the same); a placement never registered is forgotten in time.
    @Test func placementsSettleWhenRegisteredOrExpire() {
        var state = ServerRegistry(shardCount: 2)
        #expect(newRoomShard(&state) == 1)
        #expect(placed(state) == [1, 1])
        #expect(newRoomShard(&state) == 0)
        let room = Room(name: "r", options: RoomOptions())
        #expect(state.register(room.description, shard: 1, maximumRooms: 10) == .registered)
        #expect(state.placements.map(\.shard) == [0])
        #expect(placed(state) == [2, 1])
        // Shard 0's placement never registered: forgotten after its time, so shard 0 is asked again.
        #expect(newRoomShard(&state, asker: 0, now: ServerRegistry.placementMilliseconds - 1) == 1)
        #expect(newRoomShard(&state, asker: 0, now: ServerRegistry.placementMilliseconds + 1) == 0)
        #expect(placed(state) == [2, 2])
    }

    /// The room limit is checked where the room is listed, in one step
    /// with the listing, so `CREATE`s on several shards cannot pass it
    /// together; a taken name is told apart from a full server.
    @Test func registeringChecksTheNameThenTheRoomLimit() {
        var state = ServerRegistry(shardCount: 3)
        func register(_ name: String, on shard: Int) -> ServerRegistry.Registration {
            state.register(Room(name: name, options: RoomOptions()).description, shard: shard, maximumRooms: 2)
        }
        #expect(register("a", on: 1) == .registered)
        #expect(register("A", on: 2) == .nameTaken)
        #expect(register("b", on: 2) == .registered)
        #expect(register("c", on: 0) == .full)
        #expect(register("daily", on: 0) == .nameTaken)
        #expect(state.rooms.count == 3)  // daily, a, b
    }
}
