import Testing
import TileRaceEngine

@testable import TileRaceCLI

/// `tilerace bench`: what it accepts. (Its figures are not tested: no timed tests.)
struct BenchCommandTests {
    @Test(arguments: [
        (["bench"], "tilerace bench: say what to measure: tilerace bench engine, or tilerace bench server"),
        (["bench", "network"], "tilerace bench: unknown benchmark 'network'; known: engine, server"),
        (
            ["bench", "server", "--port", "2048"],
            "tilerace bench: --port needs --host (without it, a server is started here on a free port)"
        ),
        (
            ["bench", "server", "--room-size", "0"],
            "tilerace bench: invalid value '0' for --room-size: expected a whole number from 1 to 16"
        ),
        (["bench", "engine", "twice"], "tilerace bench: unexpected argument 'twice'"),
        (
            ["bench", "engine", "--steps", "0"],
            "tilerace bench: invalid value '0' for --steps: expected a whole number from 1 to 1000000000"
        ),
        (["bench", "engine", "--fast"], "tilerace bench: unknown option '--fast'"),
    ])
    func mistakesExitWithStatusTwo(arguments: [String], message: String) {
        let run = TestConsole.run(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines.first == message)
        #expect(lines.dropFirst().first == "usage: tilerace bench engine [--steps N] [--runs N]")
    }

    @Test func runsAShortMeasurement() {
        let run = TestConsole.run(["bench", "engine", "--steps", "2000", "--runs", "2"])
        #expect(run.status == 0)
        #expect(run.output.contains("random play 4x4: "))
        #expect(run.output.contains("replay of a 10000-step game: median "))
        #expect(run.output.contains("allocations: "))
    }

    @Test func loadsAServerStartedHere() {
        let run = TestConsole.run(["bench", "server", "--players", "4", "--room-size", "2", "--seconds", "1", "--submitters", "1"])
        #expect(run.status == 0)
        #expect(run.output.contains("MOVE round trip: p50 "))
        #expect(run.output.contains("submissions acknowledged: "))
        #expect(run.output.contains("errors: 0"))
    }

    @Test func theLoggedGameIsLongAndValid() {
        let log = EngineBenchmark.loggedGame(length: 500)
        #expect(log.entries.count == 500)
        let replay = TileRaceEngineReplay.run(log)
        #expect(replay.invalidCount == 0)
    }

    @Test func helpExplainsHowAllocationsAreCounted() {
        let run = TestConsole.run(["help", "bench"])
        #expect(run.status == 0)
        #expect(run.output.contains("_swift_allocObject"))
    }

    @Test func medianOfSortedValues() {
        #expect([1.0, 2.0, 9.0].median == 2.0)
        #expect([1.0, 2.0, 4.0, 9.0].median == 3.0)
        #expect([Double]().median == 0)
    }
}

/// Replays a log from the bench's seed.
enum TileRaceEngineReplay {
    static func run(_ log: GameLog) -> ReplayResult {
        Replay.run(seed: Seed(2048), log: log)
    }
}
