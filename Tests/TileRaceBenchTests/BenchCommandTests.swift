import Foundation
import Testing
import TileRaceCLI
import TileRaceEngine

@testable import TileRaceBench

/// `tilerace-bench`: what it accepts. (Its figures are not tested: no timed tests.)
struct BenchCommandTests {
    @Test(arguments: [
        ([], "tilerace-bench: say what to measure: tilerace-bench engine, bot, server, leaderboard or store"),
        (["network"], "tilerace-bench: unknown benchmark 'network'; known: engine, bot, server, leaderboard, store"),
        (
            ["server", "--port", "2048"],
            "tilerace-bench: --port needs --host (without it, a server is started here on a free port)"
        ),
        (
            ["server", "--room-size", "0"],
            "tilerace-bench: invalid value '0' for --room-size: expected a whole number from 1 to 16"
        ),
        (["bot", "--strength", "6"], "tilerace-bench: invalid value '6' for --strength: expected a whole number from 1 to 5"),
        (["bot", "--strength", "x"], "tilerace-bench: invalid value 'x' for --strength: expected a whole number from 1 to 5"),
        (["bot", "--games", "0"], "tilerace-bench: invalid value '0' for --games: expected a whole number from 1 to 100000"),
        (["bot", "--size", "9"], "tilerace-bench: invalid value '9' for --size: expected a whole number from 3 to 8"),
        (["bot", "--steps", "5"], "tilerace-bench: --steps does not apply to tilerace-bench bot"),
        (["engine", "--strength", "3"], "tilerace-bench: --strength does not apply to tilerace-bench engine"),
        (["engine", "twice"], "tilerace-bench: unexpected argument 'twice'"),
        (
            ["engine", "--steps", "0"],
            "tilerace-bench: invalid value '0' for --steps: expected a whole number from 1 to 1000000000"
        ),
        (["engine", "--fast"], "tilerace-bench: unknown option '--fast'"),
        (["engine", "--runs", "1", "--runs=2"], "tilerace-bench: --runs is given twice ('1', then '2'); give it once"),
        (
            ["server", "--server-cpus", "0"],
            "tilerace-bench: --server-cpus needs --redis (it sets up the servers started as processes)"
        ),
        (
            ["server", "--redis", "--host", "example.org"],
            "tilerace-bench: --host does not apply to --redis (it starts its own servers; --load-cpus sets the load's threads)"
        ),
        (
            ["server", "--redis", "--load-cpus", "1-0"],
            "tilerace-bench: --server-cpus/--load-cpus: '1-0' is not a CPU list (numbers and ranges from 0 to 1023, e.g. 0 or 1-3,6)"
        ),
        (["server", "--redis=redis://127.0.0.1:6379"], "tilerace-bench: --redis takes no value"),
        (["store", "--redis"], "tilerace-bench: --redis needs a value"),
        (["engine", "--redis", "redis://127.0.0.1:1"], "tilerace-bench: --redis does not apply to tilerace-bench engine"),
    ])
    func mistakesExitWithStatusTwo(arguments: [String], message: String) {
        let run = BenchConsole.run(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines.first == message)
        #expect(lines.dropFirst() == ["Run 'tilerace-bench --help' for usage."])
    }

    @Test func runsAShortMeasurement() {
        let run = BenchConsole.run(["engine", "--steps", "2000", "--runs", "2"])
        #expect(run.status == 0)
        #expect(run.output.contains("random play 4x4: "))
        #expect(run.output.contains("replay of a 10000-step game: median "))
        #expect(run.output.contains("allocations: "))
    }

    @Test func measuresALeaderboardWithManyClaims() {
        let run = BenchConsole.run(["leaderboard", "--claims", "2000", "--submissions", "20"])
        #expect(run.status == 0)
        #expect(run.output.contains("leaderboard with 2000 claims: written in "))
        #expect(run.output.contains("opening it (a server's start): "))
        #expect(run.output.contains("SUBMIT under a new nickname (20 in a row"))
    }

    @Test func loadsAServerStartedHere() {
        let run = BenchConsole.run(["server", "--players", "4", "--room-size", "2", "--seconds", "1", "--submitters", "1"])
        #expect(run.status == 0)
        #expect(run.output.contains("MOVE round trip: p50 "))
        #expect(run.output.contains("submissions acknowledged: "))
        #expect(run.output.contains("errors: 0"))
    }

    /// `--redis` is a flag of `bench server` and takes a URL in `bench store`: both parse.
    @Test func redisIsAFlagOfServerAndAValueOfStore() throws {
        let server = try Arguments(
            parsing: ["server", "--redis", "--seconds", "2"], options: BenchCommand.options(parsing: ["server", "--redis"]))
        #expect(server.has("--redis"))
        #expect(server.value("--seconds") == "2")
        let words = ["store", "--redis", "redis://127.0.0.1:6379"]
        let store = try Arguments(parsing: words, options: BenchCommand.options(parsing: words))
        #expect(store.value("--redis") == "redis://127.0.0.1:6379")
        #expect(BenchCommand.options.filter { $0.name == "--redis" }.count == 1)
    }

    /// `server --redis` serves with the `tilerace` next to `tilerace-bench` unless told otherwise.
    @Test func theServerExecutableIsTheTileRaceInTheSameFolder() throws {
        let folder = NSTemporaryDirectory() + "tilerace-bench-sibling-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program = folder + "/tilerace-bench"
        #expect(
            throws: CommandLineError(
                "no tilerace next to tilerace-bench (\(folder)/tilerace): build both (swift build -c release), or give --server-executable FILE"
            )
        ) {
            try ServedProcess.executable(given: nil, besides: program)
        }
        #expect(FileManager.default.createFile(atPath: folder + "/tilerace", contents: Data(), attributes: [.posixPermissions: 0o755]))
        #expect(try ServedProcess.executable(given: nil, besides: program) == folder + "/tilerace")
        #expect(try ServedProcess.executable(given: "/bin/sh", besides: program) == "/bin/sh")
        #expect(FileManager.default.createFile(atPath: folder + "/notes", contents: Data(), attributes: [.posixPermissions: 0o644]))
        #expect(throws: CommandLineError("--server-executable: \(Arguments.quoted(folder + "/notes")) is not an executable file")) {
            try ServedProcess.executable(given: folder + "/notes", besides: program)
        }
    }

    @Test func referenceTableHasARowPerLoadAndWarnsOfABusyLoad() {
        var practice = ReferenceBenchmark.Row(name: "TileRace practice MOVE")
        practice.seconds = 2
        practice.roundTrips = (1...1000).map { UInt64($0) * 10_000 }  // 0.01 ms to 10 ms
        practice.serverCPUSeconds = 0.02
        practice.serverThreads = 3
        practice.loadCPUSeconds = 1.8
        practice.fannedOut = 10
        practice.serverStolenSeconds = 0.03
        practice.loadStolenSeconds = 0
        practice.loadLongestTurn = 12_340_000
        var race = ReferenceBenchmark.Row(name: "TileRace race MOVE")
        race.seconds = 1
        race.errorCount = 2
        race.firstErrors = ["r1: ERR flood"]
        let rows = [practice, race, ReferenceBenchmark.Row(name: "Redis SET", notMeasured: "no redis-server installed")]
        let lines = ReferenceTable.lines(for: rows, requestsPerSecond: 500)
        #expect(lines[0].hasPrefix("| load | requests/s | p50 ms | p99 ms | p99.9 ms | server CPU µs/request |"))
        #expect(lines[0].hasSuffix("| server threads | stolen ms, server / load CPUs | load's longest turn ms |"))
        #expect(lines[2] == "| TileRace practice MOVE | 500 | 5.00 | 9.90 | 9.99 | 20.0 | 1.0 | 5 | 3 | 30 / 0 | 12.3 |")
        #expect(lines[3] == "| TileRace race MOVE | 0 | - | - | - | - | - | 0 | - | - / - | 0.0 |")
        #expect(lines[4] == "| Redis SET | not measured: no redis-server installed | | | | | | | | | |")
        #expect(lines[5] == "warning: TileRace practice MOVE: the load used 90% of its 1 core: it may be the bottleneck, not the server")
        #expect(
            lines[6]
                == "note: TileRace practice MOVE: the machine's host took 30 ms of the server's CPUs in the row (steal, /proc/stat): a request there waited as long, so a tail that long may be the machine's, not the server's"
        )
        #expect(
            lines[7]
                == "note: TileRace practice MOVE: one turn of the load took 12.3 ms: the round trips of then waited on the load, not only the server"
        )
        #expect(
            lines[8]
                == "warning: TileRace race MOVE: 0 of the 500 requests/s asked: the load did not keep up (it or the machine is the limit; its figures are not the server's)"
        )
        #expect(lines[9] == "TileRace race MOVE: 2 errors (first: r1: ERR flood)")
        #expect(lines.count == 10)
    }

    /// Less than a tick stolen, or a load that kept its turns short, adds no note.
    @Test func aQuietMachineAddsNoNote() {
        var row = ReferenceBenchmark.Row(name: "Redis SET")
        row.seconds = 1
        row.roundTrips = Array(repeating: 1000, count: 500)
        row.serverStolenSeconds = 0.009
        row.loadLongestTurn = 10_000_000
        let lines = ReferenceTable.lines(for: [row], requestsPerSecond: 500)
        #expect(lines.count == 3)
        #expect(lines[2].hasSuffix("| 9 / - | 10.0 |"))
    }

    /// The `steal` column of /proc/stat, summed over the CPUs asked for.
    @Test func stolenTimeIsReadFromProcStat() {
        let text = """
            cpu  192091 0 9618 63996 762 0 337 1240 0 0
            cpu0 90192 0 4656 38288 141 0 117 620 0 0
            cpu1 101899 0 4961 25708 621 0 220 625 0 0
            intr 123 4 5
            """
        #expect(StolenTime.ticks(in: text, ofCPUs: nil) == 1240)
        #expect(StolenTime.ticks(in: text, ofCPUs: [0]) == 620)
        #expect(StolenTime.ticks(in: text, ofCPUs: [0, 1]) == 1245)
        #expect(StolenTime.ticks(in: text, ofCPUs: [2]) == nil)
        #expect(StolenTime.ticks(in: "cpu0 1 2 3 4 5 6 7", ofCPUs: [0]) == nil)
        #expect(StolenTime.ticks(in: "", ofCPUs: nil) == nil)
    }

    /// A row that could not be measured leaves the others in the table, and fails the run
    /// (unless it is only Redis missing).
    @Test func aRowNotMeasuredFailsTheRunUnlessRedisIsMissing() {
        var measured = ReferenceBenchmark.Row(name: "TileRace practice MOVE")
        measured.roundTrips = [1]
        let noRedis = ReferenceBenchmark.Row(name: "Redis SET", notMeasured: ReferenceBenchmark.noRedis)
        let stuck = ReferenceBenchmark.Row(name: "TileRace race MOVE", notMeasured: "976 of 1000 connections ready after 60 s")
        #expect(ReferenceBenchmark.isComplete([measured, noRedis]))
        #expect(!ReferenceBenchmark.isComplete([measured, stuck, noRedis]))
        var failed = measured
        failed.errorCount = 1
        #expect(!ReferenceBenchmark.isComplete([failed]))
    }

    @Test func botBenchPlaysGamesAndPrintsTheFigures() {
        let run = BenchConsole.run(["bot", "--strength", "2", "--games", "2", "--size", "3"])
        #expect(run.status == 0)
        #expect(run.output.contains("bot strength 2 on 3x3: 2 games from seeds 1 to 2"))
        #expect(run.output.contains("  seed 1: score "))
        #expect(run.output.contains("  seed 2: score "))
        #expect(run.output.contains("score: mean "))
        #expect(run.output.contains("reached 2048: 0 of 2 (0%)"))
        #expect(run.output.contains("ms per move: mean "))
    }

    @Test func botBenchSummaryCountsSharesAndPercentiles() {
        let results = [
            BotBenchmark.PlayedGame(seed: 1, score: 100, largestTile: 4096, moveMicroseconds: [1000, 3000]),
            BotBenchmark.PlayedGame(seed: 2, score: 300, largestTile: 2048, moveMicroseconds: [2000]),
        ]
        let lines = BotBenchmark.summary(of: results)
        #expect(lines[0] == "score: mean 200, median 200, min 100, max 300")
        #expect(lines[1] == "reached 2048: 2 of 2 (100%); reached 4096: 1 of 2 (50%); reached 8192: 0 of 2 (0%)")
        #expect(lines[2] == "largest tile: 4096 (in 1 of 2 games)")
        #expect(lines[3] == "ms per move: mean 2.0, median 2.0, p99 3.0, max 3.0 (3 moves)")
    }

    @Test func theLoggedGameIsLongAndValid() {
        let log = EngineBenchmark.loggedGame(length: 500)
        #expect(log.entries.count == 500)
        let replay = TileRaceEngineReplay.run(log)
        #expect(replay.invalidCount == 0)
    }

    @Test func helpExplainsHowAllocationsAreCounted() {
        let run = BenchConsole.run(["--help"])
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
