import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Quitting is not a dropped connection (issue 20): a player who said `QUIT`
/// is never waited for, even when the `QUIT` was still waiting behind a slow
/// request when the connection closed.
@Suite struct CoreQuitTests {
    /// ana and bo in room fri; ana's connection has a TOP waiting for a slow store.
    static func roomWithSlowStore() -> (CoreHarness, ana: ConnectionID, bo: ConnectionID) {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE fri")
        _ = harness.ask(bo, "JOIN fri")
        _ = harness.take(ana)
        harness.holdsLeaderboard = true
        #expect(harness.ask(ana, "TOP") == [])
        return (harness, ana, bo)
    }

    @Test func aQuitWaitingBehindASlowRequestIsAQuitWhenTheConnectionCloses() {
        let (harness, ana, bo) = Self.roomWithSlowStore()
        harness.send(ana, "QUIT")
        // The client waited a moment for its goodbye, then its process ended.
        harness.disconnect(ana)
        let heard = harness.take(bo)
        #expect(heard.contains("LEFT room=fri nick=ana"))
        #expect(!heard.contains { $0.hasPrefix("AWAY") })
    }

    @Test func withoutAQuitTheSameCloseHoldsTheSeat() {
        let (harness, ana, bo) = Self.roomWithSlowStore()
        harness.send(ana, "PING still here")
        harness.disconnect(ana)
        #expect(harness.take(bo) == ["AWAY room=fri nick=ana ms=30000"])
    }
}
