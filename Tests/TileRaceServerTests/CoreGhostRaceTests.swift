import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Ghost races (`PRACTICE ... ghost=yes`): played and verified like practice,
/// never eligible for a board.
@Suite struct CoreGhostRaceTests {
    @Test func aGhostRaceIsPlayedLikePracticeAndItsSubmitIsRefused() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "PRACTICE seed=42 ghost=yes") == ["OK PRACTICE seed=42 size=4 target=2048 ghost=yes"])
        #expect(harness.ask(ana, "MOVE 1 LDLD") == ["OK MOVE seq=4 score=16 moves=4 max=8 won=no over=no"])
        #expect(harness.ask(ana, "RESIGN") == ["OK RESIGN score=16"])
        #expect(
            harness.ask(ana, "SUBMIT ana") == [
                "ERR not-eligible a ghost race is never eligible for a board: its seed is known (it was started with PRACTICE ... ghost=yes)"
            ])
        #expect(harness.leaderboard.leaderboard.entry(of: "ana", on: .allTime) == nil)
    }

    @Test func aPracticeGameAfterAGhostRaceIsEligibleAgain() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42 ghost=yes")
        _ = harness.ask(ana, "RESIGN")
        #expect(harness.ask(ana, "PRACTICE seed=42 ghost=no") == ["OK PRACTICE seed=42 size=4 target=2048"])
        _ = harness.ask(ana, "MOVE 1 L")
        _ = harness.ask(ana, "RESIGN")
        #expect(harness.ask(ana, "SUBMIT ana").first?.hasPrefix("OK SUBMIT") == true)
    }

    @Test func aGhostRaceWithABadValueIsRefused() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "PRACTICE ghost=maybe") == ["ERR bad-option ghost=maybe must be yes or no"])
    }
}
