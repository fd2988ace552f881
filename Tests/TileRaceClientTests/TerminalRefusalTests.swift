import Testing

@testable import TileRaceClient

@Suite struct TerminalRefusalTests {
    @Test func dumbTerminalGetsAClearRefusal() throws {
        let refusal = try #require(ClientStartError.unsupportedTerminal(environment: ["TERM": "dumb"]))
        #expect(refusal.code == "dumb-terminal")
        #expect(refusal.message.contains("TERM=dumb"))
    }

    @Test func withoutATerminalOverSshItSaysToAskForOne() {
        #expect(
            ClientStartError.notATerminal(environment: [:]).message == "needs an interactive terminal: standard input is not a TTY")
        #expect(
            ClientStartError.notATerminal(environment: ["SSH_CONNECTION": "203.0.113.9 50000 127.0.0.1 22"]).message
                == "needs an interactive terminal: standard input is not a TTY (over ssh, ask for one: ssh -t)")
    }

    @Test(arguments: ["xterm", "xterm-256color", "linux", ""])
    func otherTerminalsAreAccepted(_ name: String) {
        #expect(ClientStartError.unsupportedTerminal(environment: ["TERM": name]) == nil)
    }
}
