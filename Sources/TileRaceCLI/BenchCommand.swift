import Foundation
import TileRaceEngine
import TileRaceRedis
import TileRaceRedisProcess

/// `tilerace bench engine`: measures the engine's speed and allocations;
/// `tilerace bench bot`: how well and how fast a bot plays (`BotBenchCommand`).
struct BenchCommand: Command {
    let name = "bench"
    let summary = "measure the engine (steps, replays, allocations), a bot, or a server under a racing load"
    let usage = [
        "tilerace bench engine [--steps N] [--runs N]",
        "tilerace bench bot [--strength N] [--games N] [--size N]",
        "tilerace bench server [--host H --port P] [--players N] [--rate M] [--room-size S] [--seconds T] [--submitters K] [--load-queues Q] [--shards N] [--server-pid PID]",
        "tilerace bench server --redis [--players N] [--rate M] [--room-size S] [--seconds T] [--shards N] [--server-cpus LIST] [--load-cpus LIST] [--server-executable FILE]",
        "tilerace bench leaderboard [--claims N] [--submissions N]",
        "tilerace bench store [--clients N] [--submissions N] [--redis redis://HOST:PORT]",
    ]
    static let engineOptions: [Arguments.Option] = [
        .value("--steps", "N", "engine: valid random moves to time on 4x4, in 5 rounds (default 50000000)"),
        .value("--runs", "N", "engine: replays of the 10,000-step game to time (default 500)"),
    ]
    static let serverOptions: [Arguments.Option] = [
        .value("--host", "H", "server: load this server (default: one started here on 127.0.0.1)"),
        .value("--port", "P", "server: its port (default 2048)"),
        .value("--players", "N", "server: players racing, in rooms (default 200)"),
        .value("--rate", "M", "server: moves per second per player (default 20)"),
        .value("--room-size", "S", "server: players per room, 1 to 16 (default 8)"),
        .value("--seconds", "T", "server: how long to measure, after a warm-up (default 10)"),
        .value("--submitters", "K", "server: clients submitting to the leaderboard as fast as it answers (default 0)"),
        .value("--load-queues", "Q", "server: queues the load generator runs on, whole rooms each (default: one per core, at most 4)"),
        .value("--shards", "N", "server: shards of the server started here (default: one per core)"),
        .value("--server-pid", "PID", "server: with --host on this machine, also measure that process's CPU time per move (Linux)"),
        .value("--server-cpus", "LIST", "server --redis: run the servers on these CPUs only (as taskset -c takes them: 0 or 0-3,6)"),
        .value("--load-cpus", "LIST", "server --redis: run the load on these CPUs only, one thread per CPU (default: one thread)"),
        .value("--server-executable", "FILE", "server --redis: the tilerace that serves (default: this one; compare two builds)"),
    ]
    /// `bench server --redis`: a flag there (`bench store --redis URL` takes a value).
    static let serverRedisFlag = Arguments.Option.flag(
        "--redis", "server: the same load, in the same run, against a tilerace serve and a redis-server started here")
    static let leaderboardOptions: [Arguments.Option] = [
        .value("--claims", "N", "leaderboard: nickname claims to fill it with first (default 100000)"),
        .value("--submissions", "N", "leaderboard: SUBMITs to time, each under a new nickname (default 2000)"),
    ]
    static let storeOptions: [Arguments.Option] = [
        .value("--clients", "N", "store: connections submitting at once (default 8)"),
        .value("--submissions", "N", "store: SUBMITs per connection (default 200)"),
        .value(
            "--redis", "URL",
            "store: this Redis instead of a redis-server started here (it must be durable; its keys are used); server: a flag, "
                + "the same load against a tilerace serve and a redis-server started here"),
    ]
    let positionalWords = ["engine", "bot", "server", "leaderboard", "store"]
    let options: [Arguments.Option] =
        BenchCommand.engineOptions + BotBenchCommand.options + BenchCommand.serverOptions + BenchCommand.leaderboardOptions
        + BenchCommand.storeOptions.filter { $0.name != "--submissions" }
    func options(parsing words: [String]) -> [Arguments.Option] {
        guard words.first(where: positionalWords.contains) == "server" else { return options }
        return options.map { $0.name == "--redis" ? BenchCommand.serverRedisFlag : $0 }
    }

    let details = """
        Build with optimisations first: swift build -c release, then
        .build/release/tilerace bench engine (a debug build is far slower).

        random play: random directions on 4x4 games (seeds 1, 2, 3, ... one after
          another as each game ends), counting valid moves, each with its spawn,
          on one thread, through Game.moveIfValid (history, report, end check
          included); the median of 5 rounds, by wall clock and by CPU time.
        undo history: the bytes a game of 100,000 entries (the server's limit per
          game) keeps for undo, on 8x8 and on 4x4 (also with a removal after
          every move, the packed board's worst case).
        replay: a 10,000-entry logged 4x4 game (moves, some undos, a removal when
          every move would end it) replayed from the parsed record, median of
          --runs runs; also parsing plus replay from the text.
        allocations: Swift heap allocations counted through the runtime's
          _swift_allocObject hook (found with dlsym; the hook Instruments uses),
          which every Swift class instance, array, string and box goes through,
          during 1,000,000 random-play steps on a warmed-up game and during one
          replay. Counted only when the process has a single thread (checked in
          /proc/self/task): while hooked, the runtime's retain path is unsafe
          for other threads.

        """ + BotBenchCommand.details

    /// Timed rounds of random play.
    private static let rounds = 5

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        guard let kind = arguments.positionals.first else {
            throw CommandLineError("say what to measure: tilerace bench engine, bot, server or leaderboard")
        }
        guard arguments.positionals.count == 1 else {
            throw CommandLineError("unexpected argument \(Arguments.quoted(arguments.positionals[1]))")
        }
        let own: [Arguments.Option]
        switch kind {
        case "engine": own = BenchCommand.engineOptions
        case "bot": own = BotBenchCommand.options
        case "server": own = BenchCommand.serverOptions + [BenchCommand.serverRedisFlag]
        case "leaderboard": own = BenchCommand.leaderboardOptions
        case "store": own = BenchCommand.storeOptions
        default:
            throw CommandLineError("unknown benchmark \(Arguments.quoted(kind)); known: \(positionalWords.joined(separator: ", "))")
        }
        let ownNames = Set(own.map(\.name))
        if let option = options.map(\.name).first(where: { !ownNames.contains($0) && arguments.value($0) != nil }) {
            throw CommandLineError("\(option) does not apply to tilerace bench \(kind)")
        }
        switch kind {
        case "bot": return try BotBenchCommand.run(arguments, console: console)
        case "server": return try ServerBenchmarkReport.run(arguments, console: console)
        case "leaderboard": return try runLeaderboard(arguments, console: console)
        case "store": return try runStore(arguments, console: console)
        default: return try runEngine(arguments, console: console)
        }
    }

    private func runLeaderboard(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let claims = try arguments.integer("--claims", in: 0...10_000_000, default: 100_000)
        let submissions = try arguments.integer("--submissions", in: 1...1_000_000, default: 2000)
        #if DEBUG
            console.print("note: this is a debug build; measure with swift build -c release")
        #endif
        do throws(BenchmarkFailure) {
            let result = try LeaderboardBenchmark(claims: claims, submissions: submissions).run()
            for line in LeaderboardBenchmark.lines(for: result, claims: claims) { console.print(line) }
            return CLI.success
        } catch {
            throw CommandLineError(error.message)
        }
    }

    private func runStore(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let benchmark = StoreBenchmark(
            clients: try arguments.integer("--clients", in: 1...256, default: 8),
            submissions: try arguments.integer("--submissions", in: 1...100_000, default: 200))
        #if DEBUG
            console.print("note: this is a debug build; measure with swift build -c release")
        #endif
        var given: RedisAddress?
        if let text = arguments.value("--redis") {
            do throws(RedisError) {
                given = try RedisAddress.parse(text)
            } catch {
                throw CommandLineError("--redis: \(error.description)")
            }
        }
        console.print("\(benchmark.clients) clients x \(benchmark.submissions) SUBMITs, each under a new nickname, over loopback:")
        do throws(BenchmarkFailure) {
            let directory = NSTemporaryDirectory() + "tilerace-bench-store-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let file = try benchmark.run("file store (journal, synced)") { $0.dataDirectory = directory }
            console.print(StoreBenchmark.line(for: file))
            let redis: RedisAddress
            var started: RedisServerProcess?
            if let given {
                redis = given
            } else {
                do {
                    let server = try RedisServerProcess()
                    started = server
                    redis = server.address
                } catch let failure as RedisServerProcess.Failure where failure.isNotInstalled {
                    console.print("redis store: not measured (no redis-server installed; or give --redis redis://HOST:PORT)")
                    return CLI.success
                } catch {
                    throw BenchmarkFailure("could not start redis-server: \(error)")
                }
            }
            defer { started?.stop() }
            let result = try benchmark.run("redis store (appendfsync always)") { $0.redisStore = redis }
            console.print(StoreBenchmark.line(for: result))
            return CLI.success
        } catch {
            throw CommandLineError(error.message)
        }
    }

    private func runEngine(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let steps = try arguments.integer("--steps", in: 1...1_000_000_000, default: 50_000_000)
        let runs = try arguments.integer("--runs", in: 1...100_000, default: 500)
        #if DEBUG
            console.print("note: this is a debug build; measure with swift build -c release")
        #endif
        let benchmark = EngineBenchmark(steps: steps, replayRuns: runs, logLength: 10_000)
        var warmUp = Game(config: .standard, seed: Seed(1))
        _ = EngineBenchmark.randomPlay(&warmUp, steps: min(steps, 1_000_000))  // tables, caches, history memory
        // Five rounds, each from a fresh game with the same seeds: on a shared
        // machine single runs vary a lot, so the median is the figure.
        var rounds: [EngineBenchmark.RandomPlay] = []
        for _ in 0..<BenchCommand.rounds {
            var game = Game(config: .standard, seed: Seed(1))
            rounds.append(EngineBenchmark.randomPlay(&game, steps: max(1, steps / BenchCommand.rounds)))
        }
        let wall = rounds.map(\.stepsPerSecond).sorted()
        let cpu = rounds.map(\.stepsPerCPUSecond).sorted()
        console.print(
            "random play 4x4: \(format(wall.median / 1e6, digits: 1)) M steps/s, median of \(rounds.count) rounds "
                + "(range \(format(wall[0] / 1e6, digits: 1)) to \(format(wall[wall.count - 1] / 1e6, digits: 1)); "
                + "by the thread's CPU time \(format(cpu.median / 1e6, digits: 1)) M/s; "
                + "\(rounds[0].steps) moves with spawn and \(rounds[0].games) games per round, 1 thread)")

        let log = EngineBenchmark.loggedGame(length: benchmark.logLength)
        let replay = Replay.run(seed: Seed(2048), log: log)
        let times = EngineBenchmark.replayTimes(of: log, runs: benchmark.replayRuns)
        let textTimes = EngineBenchmark.parseAndReplayTimes(of: log.description, runs: benchmark.replayRuns)
        console.print(
            "replay of a \(log.entries.count)-step game: median \(format(times.median * 1e3, digits: 3)) ms "
                + "over \(times.count) runs (min \(format(times[0] * 1e3, digits: 3)) ms); "
                + "with parsing the text: \(format(textTimes.median * 1e3, digits: 3)) ms")
        console.print(
            "  the game: \(replay.game.moveCount) moves net, score \(replay.game.score), max tile \(replay.game.board.largestValue), "
                + "\(replay.game.undoCount) undos, \(replay.game.removalCount) removals, \(replay.invalidCount) invalid")

        let histories = [(8, false), (4, true), (4, false)].map { HistoryMemoryBenchmark.measure(size: $0, removesAfterEveryMove: $1) }
        let historyTexts = histories.map { measurement in
            "\(measurement.size)x\(measurement.size)\(measurement.removesAfterEveryMove ? " with a removal after every move" : ""): "
                + "\(format(Double(measurement.bytes) / 1000, digits: 1)) kB for \(measurement.depth) entries"
        }
        console.print("undo history of a \(HistoryMemoryBenchmark.entries)-entry game: " + historyTexts.joined(separator: "; "))

        guard AllocationCounter.threadCount == 1 else {
            console.print("allocations: not counted (the runtime hook is only safe with a single thread; this process has others)")
            return CLI.success
        }
        guard AllocationCounter.isWorking else {
            console.print("allocations: not measurable here (no _swift_allocObject hook in this Swift runtime)")
            return CLI.success
        }
        // Counted on the warmed-up game: its history already has room, as in a
        // long-running server; the growth of a fresh history is not per step.
        let countedSteps = min(steps, 1_000_000)
        var playResult: EngineBenchmark.RandomPlay?
        let playAllocations = AllocationCounter.count { playResult = EngineBenchmark.randomPlay(&warmUp, steps: countedSteps) } ?? 0
        let replayAllocations = AllocationCounter.count { blackHole(Replay.run(seed: Seed(2048), log: log)) } ?? 0
        let perStep = Double(playAllocations) / Double(countedSteps)
        console.print(
            "allocations: \(format(perStep, digits: 4)) per step in random play "
                + "(\(playAllocations) in \(countedSteps) steps, \(playResult?.games ?? 0) games); "
                + "\(replayAllocations) per replay of \(log.entries.count) steps (the game's history and result, not per step)")
        return CLI.success
    }

    private func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }
}
