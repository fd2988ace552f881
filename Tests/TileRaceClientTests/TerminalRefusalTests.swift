import Testing

@testable import TileRaceClient

@Suite struct TerminalRefusalTests {
    @Test func dumbTerminalGetsAClearRefusal() throws {
        let refusal = try #require(ClientStartError.unsupportedTerminal(environment: ["TERM": "dumb"]))
        #expect(refusal.code == "dumb-terminal")
        #expect(refusal.message.contains("TERM=dumb"))
    }

    @Test(arguments: ["xterm", "xterm-256color", "linux", ""])
    func otherTerminalsAreAccepted(_ name: String) {
        #expect(ClientStartError.unsupportedTerminal(environment: ["TERM": name]) == nil)
    }
}
