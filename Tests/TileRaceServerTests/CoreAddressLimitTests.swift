import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Limits counted per remote address, so one host cannot take every slot or
/// guess join codes faster by reconnecting.
@Suite struct CoreAddressLimitTests {
    @Test func oneAddressHasAtMostItsShareOfConnections() {
        let harness = CoreHarness()
        let limit = ServerLimits.standard.maximumConnectionsPerAddress
        let first = (0..<limit).map { _ in harness.connect(from: "203.0.113.9") }
        #expect(first.allSatisfy { !harness.isClosed($0) })
        let refused = harness.connect(from: "203.0.113.9")
        #expect(
            harness.take(refused) == [
                "ERR too-many-connections your address has the most connections allowed (16); close one and try again",
                "BYE too many connections",
            ])
        #expect(harness.isClosed(refused))
        // Another address is not held up, and a closed connection frees a slot.
        #expect(!harness.isClosed(harness.connect(from: "198.51.100.7")))
        harness.disconnect(first[0])
        #expect(!harness.isClosed(harness.connect(from: "203.0.113.9")))
    }

    /// This machine's connections are counted from their `HELLO` (which may name an ssh visitor's address instead).
    @Test func loopbackIsExemptOnlyWhenConfigured() {
        let limit = ServerLimits.standard.maximumConnectionsPerAddress
        func greet(_ harness: CoreHarness, _ index: Int, from address: String = "127.0.0.1") -> [String] {
            let id = harness.connect(from: address)
            _ = harness.take(id)
            return harness.ask(id, "HELLO tilerace 1 p\(index)")
        }
        let strict = CoreHarness()
        #expect((0..<limit).allSatisfy { greet(strict, $0).first?.hasPrefix("OK HELLO") == true })
        #expect(greet(strict, limit).first?.hasPrefix("ERR too-many-connections") == true)
        var limits = ServerLimits.standard
        limits.exemptsLoopback = true
        let exempt = CoreHarness(limits: limits)
        #expect((0...limit).allSatisfy { greet(exempt, $0).first?.hasPrefix("OK HELLO") == true })
        #expect(greet(exempt, limit + 1, from: "::1").first?.hasPrefix("OK HELLO") == true)
    }

    @Test func joinCodeGuessesAreCountedPerAddressAcrossReconnects() {
        let harness = CoreHarness()
        let owner = harness.player("ana")
        _ = harness.ask(owner, "CREATE vault code=k3y")
        let perMinute = ServerLimits.standard.joinCodeFailuresPerMinute
        // A guesser reconnects after every wrong code: the per-minute count follows its address.
        for index in 0..<perMinute {
            let guesser = harness.connect(from: "198.51.100.7")
            _ = harness.take(guesser)
            _ = harness.ask(guesser, "HELLO tilerace 1 g\(index)")
            #expect(harness.ask(guesser, "JOIN vault code=guess\(index)").first?.hasPrefix("ERR room-unavailable") == true)
            harness.disconnect(guesser)
        }
        let next = harness.connect(from: "198.51.100.7")
        _ = harness.take(next)
        _ = harness.ask(next, "HELLO tilerace 1 g9")
        #expect(harness.ask(next, "JOIN vault code=k3y") == ["ERR flood too many wrong join codes from your address; try again in 60 s"])
        // Another address still may try, and the right code works there.
        let friend = harness.player("bo")
        #expect(harness.ask(friend, "JOIN vault code=k3y").first?.hasPrefix("OK JOIN") == true)
        // A minute later the address may try again.
        harness.advance(60_000)
        let later = harness.connect(from: "198.51.100.7")
        _ = harness.take(later)
        _ = harness.ask(later, "HELLO tilerace 1 g10")
        #expect(harness.ask(later, "JOIN vault code=k3y").first?.hasPrefix("OK JOIN") == true)
    }
}
