import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Heavy requests cost more of the rate limit than light ones.
@Suite struct RequestCostTests {
    @Test func aLongReplyCostsMoreThanAPing() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        // The burst of 400 tokens pays for 36 TOPs of 100 entries (11 each), not 400.
        var served = 0
        for _ in 0..<60 where harness.ask(ana, "TOP limit=100").last?.hasPrefix("OK TOP") == true { served += 1 }
        #expect(served == ServerLimits.standard.requestBurst / 11)
        // The tokens left still pay for light requests; heavy ones wait for more.
        #expect(harness.ask(ana, "TOP limit=100").first?.hasPrefix("ERR flood") == true)
        #expect(harness.ask(ana, "PING") == ["PONG"])
        harness.advance(100)
        #expect(harness.ask(ana, "TOP limit=100").last?.hasPrefix("OK TOP") == true)
    }

    @Test(arguments: [("PING", 1), ("TOP", 3), ("TOP limit=100", 11), ("TOP limit=5", 1), ("WHO", 2), ("HELP", 2), ("MOVE 1 L", 1)])
    func costs(_ line: String, _ expected: Int) {
        let harness = CoreHarness()
        let words = line.split(separator: " ")
        #expect(harness.core.requestCost(RequestVerb(rawValue: String(words[0])), words: words) == expected)
    }
}
