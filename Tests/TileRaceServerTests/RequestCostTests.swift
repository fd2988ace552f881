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
    func costs(_ line: String, _ expected: Int) throws {
        let request = try ClientMessage.parse(line)
        #expect(request.verb.cost(of: request, listedItems: { 0 }) == expected)
    }

    /// `ROOMS` costs one more per 16 rooms listed, which the core counts.
    @Test func aListingOfManyRoomsCostsMore() {
        var limits = ServerLimits.standard
        limits.requestBurst = 4
        limits.exemptsLoopback = true
        let harness = CoreHarness(limits: limits)
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "ROOMS").last == "OK ROOMS count=1")
        for number in 1...47 {
            _ = harness.ask(harness.player("maker\(number)"), "CREATE room\(number)")
        }
        harness.advance(1000)
        // 48 rooms: 4 tokens, all ana has.
        #expect(harness.ask(ana, "ROOMS").last == "OK ROOMS count=48")
        #expect(harness.ask(ana, "PING").first?.hasPrefix("ERR flood") == true)
    }

    /// A request refused for its values is answered with one line and costs one token.
    @Test func aRequestRefusedForItsValuesCostsOneToken() {
        var limits = ServerLimits.standard
        limits.requestBurst = 3
        let harness = CoreHarness(limits: limits)
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "TOP limit=500") == ["ERR bad-option limit=500 is out of range 1 to 100"])
        #expect(harness.ask(ana, "PING") == ["PONG"])
    }
}
