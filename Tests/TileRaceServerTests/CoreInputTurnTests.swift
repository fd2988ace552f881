import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// One connection's lines are handled in turns of `workPerTurn`, so a
/// connection that sends a lot at once cannot hold the server's queue; and a
/// connection whose lines must wait is not read meanwhile.
@Suite struct CoreInputTurnTests {
    private func pings(_ count: Int) -> [UInt8] {
        Array((1...count).map { "PING p\($0)\n" }.joined().utf8)
    }

    @Test func aBurstOfLinesIsHandledInTurnsAndOthersGoBetween() {
        let harness = CoreHarness()
        harness.givesTurns = false
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        harness.sendBytes(ana, pings(40))
        #expect(harness.take(ana) == (1...16).map { "PONG p\($0)" })
        #expect(harness.inputFlows[ana] == .turn)
        #expect(harness.turnsDue == [ana])
        // Another connection is served before ana's next turn.
        #expect(harness.ask(bo, "PING bo") == ["PONG bo"])
        harness.giveTurn()
        #expect(harness.take(ana) == (17...32).map { "PONG p\($0)" })
        harness.giveTurn()
        #expect(harness.take(ana) == (33...40).map { "PONG p\($0)" })
        #expect(harness.inputFlows[ana] == .read)
        #expect(harness.turnsDue.isEmpty)
    }

    @Test func aLeaderboardRequestHoldsTheConnectionUntilItIsAnswered() {
        let harness = CoreHarness()
        harness.holdsLeaderboard = true
        let ana = harness.player("ana")
        harness.sendBytes(ana, Array(String(repeating: "TOP limit=100\n", count: 3).utf8))
        // One request at a time goes to the service; the rest wait unread.
        for remaining in (0..<3).reversed() {
            #expect(harness.heldRequests.count == 1)
            #expect(harness.inputFlows[ana] == .hold)
            harness.answerHeldRequests()
            #expect(harness.take(ana) == ["OK TOP board=all total=0 offset=0 count=0"])
            #expect(harness.heldRequests.count == (remaining > 0 ? 1 : 0))
        }
        #expect(harness.inputFlows[ana] == .read)
    }

    @Test func bytesThatArriveBeforeTheTurnWaitBehindTheLinesBeforeThem() {
        let harness = CoreHarness()
        harness.givesTurns = false
        let ana = harness.player("ana")
        harness.sendBytes(ana, pings(20))
        #expect(harness.take(ana).count == 16)
        harness.send(ana, "PING late")
        #expect(harness.take(ana) == [])
        harness.giveTurns()
        #expect(harness.take(ana) == (17...20).map { "PONG p\($0)" } + ["PONG late"])
    }

    @Test func wholeLinesWaitingForATurnAreNotAnUnfinishedLine() {
        var limits = ServerLimits.standard
        limits.lineMilliseconds = 1000
        let harness = CoreHarness(limits: limits)
        harness.givesTurns = false
        let ana = harness.player("ana")
        harness.sendBytes(ana, pings(20))
        harness.advance(5000)
        #expect(!harness.isClosed(ana))
        harness.giveTurns()
        #expect(harness.take(ana).count == 20)
    }

    @Test func aSubmissionBeingStoredHoldsTheConnectionsInput() {
        let harness = CoreHarness()
        harness.holdsLeaderboard = true
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42")
        _ = harness.ask(ana, "RESIGN")
        #expect(harness.ask(ana, "SUBMIT ana") == [])
        #expect(harness.inputFlows[ana] == .hold)
        harness.send(ana, "PING after")
        harness.answerHeldRequests()
        #expect(harness.take(ana).last == "PONG after")
        #expect(harness.inputFlows[ana] == .read)
    }
}
