import Testing

@testable import TileRaceServer

/// Nobody claims the nickname of a player who is connected but has not submitted yet.
@Suite struct CoreNicknameSquattingTests {
    @Test func aConnectedPlayersNicknameIsTheirsToClaim() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let squatter = harness.player("bo")
        _ = harness.ask(squatter, "PRACTICE seed=1")
        _ = harness.ask(squatter, "RESIGN")
        #expect(
            harness.ask(squatter, "SUBMIT ANA") == [
                "ERR nick-taken ANA is the nickname of a player connected now; only they can claim it"
            ])
        // The player claims it; afterwards the token decides, as always.
        _ = harness.ask(ana, "PRACTICE seed=1")
        _ = harness.ask(ana, "RESIGN")
        #expect(harness.ask(ana, "SUBMIT ana").first?.hasPrefix("OK SUBMIT nick=ana") == true)
        #expect(harness.ask(squatter, "SUBMIT ana").first?.hasPrefix("ERR bad-token") == true)
        // Once they leave, an unclaimed nickname is free for anyone.
        let cy = harness.player("cy")
        harness.disconnect(cy)
        #expect(harness.ask(squatter, "SUBMIT cy").first?.hasPrefix("OK SUBMIT nick=cy") == true)
    }
}
