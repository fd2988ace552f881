import Testing

@testable import TileRaceCLI

/// The command line as a whole: help and unknown commands.
struct CLITests {
    @Test func helpListsReplayAndBench() {
        let run = TestConsole.run(["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("  replay "))
        #expect(run.output.contains("  bench "))
    }

    @Test func unknownCommandIsAMistake() {
        let run = TestConsole.run(["replai"])
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("tilerace: unknown command 'replai'\n"))
    }
}
