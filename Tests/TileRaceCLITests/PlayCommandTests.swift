import Foundation
import Testing

@testable import TileRaceCLI

/// `tilerace play` refuses bad options before touching the terminal or the network.
struct PlayCommandTests {
    private final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var err = ""
        var errors: String { lock.withLock { err } }
        var console: Console {
            Console(writeOutput: { _ in }, writeError: { [self] text in lock.withLock { err += text } }, readAllInput: { nil })
        }
    }

    @Test(arguments: [
        (["play", "--offline", "--room", "fri"], "tilerace play: --room needs a server; it cannot be used with --offline"),
        (["play", "--host", "h", "--local"], "tilerace play: --local is for the embedded server; it cannot be used with --host"),
        (["--port", "0"], "tilerace play: invalid value '0' for --port: expected a whole number from 1 to 65535"),
        (["play", "--nick", "no spaces"], "tilerace play: invalid value 'no spaces' for --nick: expected 1-16 letters, digits, _ or -"),
        (["play", "--offline", "--size", "3", "--size", "5"], "tilerace play: --size is given twice ('3', then '5'); give it once"),
        (["--offline", "--offline"], "tilerace play: --offline is given twice; give it once"),
    ])
    func badOptionsAreOneLineAndTheUsage(_ arguments: [String], _ message: String) {
        let captured = Captured()
        #expect(CLI.run(arguments: arguments, console: captured.console) == CLI.usageError)
        #expect(captured.errors.hasPrefix(message + "\nusage: tilerace play"))
    }

    @Test func helpExplainsHostingAndJoining() {
        let help = PlayCommand().helpText
        #expect(help.contains("--host H"))
        #expect(help.contains("hosts a race server in this process"))
        #expect(help.contains("--room R"))
    }
}
