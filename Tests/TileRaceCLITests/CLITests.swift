import Testing
import TileRaceProtocol

@testable import TileRaceCLI

/// The command line as a whole: help, the version and unknown commands.
struct CLITests {
    /// The benchmarks are `tilerace-bench`'s, not a command of `tilerace`.
    @Test func helpListsReplayButNoBench() {
        let run = TestConsole.run(["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("  replay "))
        #expect(!run.output.contains("bench"))
        #expect(run.output.contains("  completions "))
        #expect(run.output.contains("tilerace --version prints the version"))
    }

    @Test(arguments: ["replai", "bench"])
    func unknownCommandIsAMistake(command: String) {
        let run = TestConsole.run([command])
        #expect(run.status == 2)
        #expect(run.error == "tilerace: unknown command '\(command)'\nRun 'tilerace --help' for the commands.\n")
    }

    @Test func versionPrintsTheOneVersion() {
        let run = TestConsole.run(["--version"])
        #expect(run.status == 0)
        #expect(run.output == "tilerace \(TileRaceVersion.current) (protocol tilerace 1, rules seeded 2048 v1)\n")
        #expect(TileRaceVersion.current.split(separator: ".").count == 3)
        #expect(TileRaceVersion.current.split(separator: ".").allSatisfy { Int($0) != nil })
    }
}
