import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The registry of what shards share: with one shard it has no queue, so a
/// core runs with no dispatch queue at all.
@Suite struct ServerRegistryTests {
    @Test func oneShardsRegistryHasNoQueueAndSharedOnesHaveOne() {
        #expect(ServerRegistry().queue == nil)
        #expect(ServerRegistry(shardCount: 1).queue == nil)
        #expect(ServerRegistry(shardCount: 2).queue != nil)
    }

    @Test func aCoreRunsARaceWithNoQueue() throws {
        let harness = CoreHarness()
        #expect(harness.registry.queue == nil)
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "CREATE r").first?.hasPrefix("OK CREATE room=r ") == true)
        _ = harness.ask(ana, "READY")
        harness.advance(harness.core.limits.countdownMilliseconds)
        #expect(harness.take(ana).contains { $0.hasPrefix("START room=r race=1 ") })
        #expect(harness.registry.sync { $0.nicknames["ana"] } == ana)
        #expect(harness.core.nextRaceID == 2)
    }
}
