import TileRaceCLI

/// `tilerace-bench`: picks the benchmark, checks the options that apply to
/// it, and runs it. Its mistakes read as `tilerace`'s: one line, where to
/// read the usage, exit status 2.
public enum BenchCommand {
    static let summary = "measure the engine (steps, replays, allocations), a bot, or a server under a racing load"
    static let usage = [
        "tilerace-bench engine [--steps N] [--runs N]",
        "tilerace-bench bot [--strength N] [--games N] [--size N]",
        "tilerace-bench server [--host H --port P] [--players N] [--rate M] [--room-size S] [--seconds T] [--submitters K] [--load-queues Q] [--shards N] [--server-pid PID]",
        "tilerace-bench server --redis [--players N] [--rate M] [--room-size S] [--seconds T] [--shards N] [--server-cpus LIST] [--load-cpus LIST] [--server-executable FILE]",
        "tilerace-bench leaderboard [--claims N] [--submissions N]",
        "tilerace-bench store [--clients N] [--submissions N] [--redis redis://HOST:PORT]",
    ]
    private static let engineOptions: [Arguments.Option] = [
        .value("--steps", "N", "engine: valid random moves to time on 4x4, in 5 rounds (default 50000000)"),
        .value("--runs", "N", "engine: replays of the 10,000-step game to time (default 500)"),
    ]
    private static let serverOptions: [Arguments.Option] = [
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
        .value("--server-executable", "FILE", "server --redis: the tilerace that serves (default: the one beside tilerace-bench)"),
    ]
    /// A flag of `server` (`store --redis URL` takes a value).
    private static let serverRedisFlag = Arguments.Option.flag(
        "--redis", "server: the same load, in the same run, against a tilerace serve and a redis-server started here")
    private static let leaderboardOptions: [Arguments.Option] = [
        .value("--claims", "N", "leaderboard: nickname claims to fill it with first (default 100000)"),
        .value("--submissions", "N", "leaderboard: SUBMITs to time, each under a new nickname (default 2000)"),
    ]
    private static let storeOptions: [Arguments.Option] = [
        .value("--clients", "N", "store: connections submitting at once (default 8)"),
        .value("--submissions", "N", "store: SUBMITs per connection (default 200)"),
        .value(
            "--redis", "URL",
            "store: this Redis instead of a redis-server started here (it must be durable; its keys are used); server: a flag, "
                + "the same load against a tilerace serve and a redis-server started here"),
    ]
    static let benchmarks = ["engine", "bot", "server", "leaderboard", "store"]
    static let options: [Arguments.Option] =
        engineOptions + BotBenchmark.options + serverOptions + leaderboardOptions + storeOptions.filter { $0.name != "--submissions" }

    /// `options`, with `--redis` a flag when the benchmark is `server`.
    static func options(parsing words: [String]) -> [Arguments.Option] {
        guard words.first(where: benchmarks.contains) == "server" else { return options }
        return options.map { $0.name == "--redis" ? serverRedisFlag : $0 }
    }

    static let details = """
        Build with optimisations first: swift build -c release, then
        .build/release/tilerace-bench engine (a debug build is far slower).

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

        """ + BotBenchmark.details

    /// Runs `tilerace-bench` with the words after the program name; returns the exit status.
    public static func run(arguments words: [String], console: Console = .standard) -> Int32 {
        if words.contains("--help") || words.contains("-h") {
            console.print(Arguments.helpText(title: "tilerace-bench: " + summary, usage: usage, options: options, details: details))
            return CLI.success
        }
        do throws(CommandLineError) {
            return try run(Arguments(parsing: words, options: options(parsing: words)), console: console)
        } catch {
            console.printError("tilerace-bench: \(error.message)")
            console.printError("Run 'tilerace-bench --help' for usage.")
            return CLI.usageError
        }
    }

    static func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        guard let kind = arguments.positionals.first else {
            throw CommandLineError("say what to measure: tilerace-bench engine, bot, server, leaderboard or store")
        }
        guard arguments.positionals.count == 1 else {
            throw CommandLineError("unexpected argument \(Arguments.quoted(arguments.positionals[1]))")
        }
        let own: [Arguments.Option]
        switch kind {
        case "engine": own = engineOptions
        case "bot": own = BotBenchmark.options
        case "server": own = serverOptions + [serverRedisFlag]
        case "leaderboard": own = leaderboardOptions
        case "store": own = storeOptions
        default:
            throw CommandLineError("unknown benchmark \(Arguments.quoted(kind)); known: \(benchmarks.joined(separator: ", "))")
        }
        let ownNames = Set(own.map(\.name))
        if let option = options.map(\.name).first(where: { !ownNames.contains($0) && arguments.value($0) != nil }) {
            throw CommandLineError("\(option) does not apply to tilerace-bench \(kind)")
        }
        switch kind {
        case "bot": return try BotBenchmark.run(arguments, console: console)
        case "server": return try ServerBenchmarkReport.run(arguments, console: console)
        case "leaderboard": return try LeaderboardBenchmark.run(arguments, console: console)
        case "store": return try StoreBenchmark.run(arguments, console: console)
        default: return try EngineBenchmark.run(arguments, console: console)
        }
    }

    /// Said before the figures of a debug build, which are far from a release build's.
    static func noteDebugBuild(_ console: Console) {
        #if DEBUG
            console.print("note: this is a debug build; measure with swift build -c release")
        #endif
    }
}
