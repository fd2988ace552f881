import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceServer

/// `SUBMIT` is answered only once its records are stored, by the leaderboard
/// service off the server's queue; meanwhile everyone else goes on.
@Suite struct CorePersistTests {
    /// A connection that finished a practice game and can submit it.
    private func finishedPlayer(_ harness: CoreHarness, _ nickname: String) -> ConnectionID {
        let id = harness.player(nickname)
        _ = harness.ask(id, "PRACTICE seed=42")
        _ = harness.ask(id, "RESIGN")
        return id
    }

    @Test func theReplyWaitsForTheDiskAndLaterRequestsWaitBehindIt() {
        let harness = CoreHarness()
        harness.holdsLeaderboard = true
        let ana = finishedPlayer(harness, "ana")
        let bo = harness.player("bo")
        #expect(harness.ask(ana, "SUBMIT ana") == [])
        #expect(harness.ask(ana, "PING after") == [])
        // Others are served meanwhile.
        #expect(harness.ask(bo, "PING") == ["PONG"])
        #expect(harness.heldRequests.count == 1)
        harness.answerHeldRequests()
        let lines = harness.take(ana)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("OK SUBMIT nick=ana board=all score=0 rank=1") == true)
        #expect(lines.last == "PONG after")
        harness.holdsLeaderboard = false
        #expect(harness.ask(bo, "TOP").last == "OK TOP board=all total=1 offset=0 count=1")
    }

    @Test func submissionsAreStoredAndAnsweredInTheOrderMade() {
        let harness = CoreHarness()
        harness.holdsLeaderboard = true
        let ana = finishedPlayer(harness, "ana")
        let bo = finishedPlayer(harness, "bo")
        _ = harness.ask(ana, "SUBMIT ana")
        _ = harness.ask(bo, "SUBMIT bo")
        #expect(harness.heldRequests.map(\.id) == [1, 2])
        harness.answerHeldRequests()
        #expect(harness.take(ana).first?.hasPrefix("OK SUBMIT nick=ana") == true)
        #expect(harness.take(bo).first?.hasPrefix("OK SUBMIT nick=bo") == true)
        let stored = harness.leaderboard.leaderboard
        #expect(stored.entries(on: .allTime).map(\.nickname) == ["ana", "bo"])
        #expect(stored.entries(on: .allTime).map(\.sequence) == [2, 4])
    }

    @Test func aFailedWriteFailsEverySubmissionDecidedOnItAndKeepsNothing() {
        let store = FailingStore()
        let harness = CoreHarness(store: store)
        harness.holdsLeaderboard = true
        let ana = finishedPlayer(harness, "ana")
        let bo = finishedPlayer(harness, "bo")
        _ = harness.ask(ana, "SUBMIT ana")
        _ = harness.ask(bo, "SUBMIT bo")
        store.isFailing = true
        harness.answerHeldRequests()
        let failure = "ERR internal the leaderboard could not be saved; your game was not recorded, try again"
        #expect(harness.take(ana) == [failure])
        #expect(harness.take(bo) == [failure])
        #expect(store.leaderboard.isEmpty)
        #expect(harness.leaderboard.leaderboard.isEmpty)
        // Space is back: the same games go in, and ana's nickname was never claimed meanwhile.
        store.isFailing = false
        harness.holdsLeaderboard = false
        #expect(harness.ask(bo, "SUBMIT bo").first?.hasPrefix("OK SUBMIT nick=bo board=all score=0 rank=1") == true)
        #expect(harness.ask(ana, "SUBMIT ana").first?.hasPrefix("OK SUBMIT nick=ana board=all score=0 rank=2") == true)
        #expect(store.leaderboard == harness.leaderboard.leaderboard)
    }

    @Test func aSubmitterWhoLeavesIsStillStored() {
        let harness = CoreHarness()
        harness.holdsLeaderboard = true
        let ana = finishedPlayer(harness, "ana")
        _ = harness.ask(ana, "SUBMIT ana")
        harness.disconnect(ana)
        harness.answerHeldRequests()
        #expect(harness.leaderboard.leaderboard.rank(of: "ana", on: .allTime) == 1)
        #expect(harness.logs.contains { $0.hasPrefix("ana submitted 0 to the all board") })
    }
}

/// `PAUSE` and `RESUME`: a practice game's official time leaves out its pauses.
@Suite struct CorePauseTests {
    @Test func aPracticeGamesOfficialTimeLeavesOutItsPauses() throws {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42")
        var player = try Autoplayer(seed: "42")
        let first = player.next()
        try #require(first != nil)
        _ = harness.ask(ana, "MOVE 1 \(GameLog.Entry.move(first!))")
        harness.advance(1_000)
        #expect(harness.ask(ana, "PAUSE") == ["OK PAUSE time=1000"])
        harness.advance(20_000)
        #expect(harness.ask(ana, "PAUSE") == ["OK PAUSE time=1000"])  // already paused: nothing changes
        #expect(harness.ask(ana, "RESUME") == ["OK RESUME time=1000"])
        harness.advance(500)
        #expect(harness.ask(ana, "PAUSE") == ["OK PAUSE time=1500"])
        harness.advance(5_000)
        // An entry played while paused starts the clock again.
        let second = player.next()
        try #require(second != nil)
        #expect(harness.ask(ana, "MOVE 2 \(GameLog.Entry.move(second!))").first?.hasPrefix("OK MOVE seq=2") == true)
        harness.advance(250)
        _ = harness.ask(ana, "RESIGN")
        _ = harness.ask(ana, "SUBMIT ana")
        let top = harness.ask(ana, "TOP")
        #expect(top.first?.contains(" time=1750 ") == true)
    }

    @Test func aRacesClockCannotBePaused() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "CREATE friday")
        _ = harness.ask(ana, "READY")
        harness.advance(ServerLimits.standard.countdownMilliseconds)
        _ = harness.take(ana)
        let refusal = "ERR not-racing no practice game is running (a race's clock cannot be paused)"
        #expect(harness.ask(ana, "PAUSE") == [refusal])
        #expect(harness.ask(ana, "RESUME") == [refusal])
    }
}
