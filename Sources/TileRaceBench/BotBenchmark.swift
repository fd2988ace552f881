import Dispatch
import TileRaceBot
import TileRaceCLI
import TileRaceEngine

/// The measurements behind `tilerace-bench bot`: a bot plays whole games
/// from seeds 1, 2, 3, ... (past 2048: the game goes on until no move is
/// left), several at a time, one per core.
struct BotBenchmark: Sendable {
    var bot: Bot
    /// The games to play, from seeds 1 to `games`.
    var games: Int
    var size: Int

    static let options: [Arguments.Option] = [
        .value("--strength", "N", "bot: the bot's strength, 1 to 5 (default 5)"),
        .value("--games", "N", "bot: games to play, from seeds 1 to N (default \(defaultGames))"),
        .value("--size", "N", "bot: board size, 3 to 8 (default 4)"),
    ]

    /// Games played when `--games` is not given: a few minutes at strength 5.
    static let defaultGames = 4

    /// What `tilerace-bench --help` says about it.
    static let details = """
        bot: the bot plays whole games from seeds 1 to --games (each on its own
          core, as many at once as there are cores), past 2048 until no move is
          left. It sees only the board, never the random state. Prints a line
          per game as it ends, then the mean and median score, how many games
          reached 2048, 4096 and 8192, the largest tile, and the time the bot
          took to choose a move (mean, median, p99, max over all moves).
        """

    static func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let strength = try arguments.integer("--strength", in: Bot.strengthRange, default: 5)
        let games = try arguments.integer("--games", in: 1...100_000, default: defaultGames)
        let size = try arguments.integer("--size", in: GameConfig.sizeRange, default: 4)
        let bot: Bot
        do throws(BotError) {
            bot = try Bot(strength: strength)
        } catch {
            throw CommandLineError(error.message)
        }
        BenchCommand.noteDebugBuild(console)
        console.print("bot strength \(strength) on \(size)x\(size): \(games) games from seeds 1 to \(games), one per core")
        let benchmark = BotBenchmark(bot: bot, games: games, size: size)
        let results = benchmark.run { result in console.print(line(for: result)) }
        for line in summary(of: results) { console.print(line) }
        return CLI.success
    }

    /// One finished game.
    struct PlayedGame: Sendable {
        var seed: UInt64
        var score: Int
        var largestTile: Int
        /// The time the bot took to choose each move, in microseconds, in order.
        var moveMicroseconds: [Int]
    }

    /// Plays one game to its end on the calling thread.
    static func play(bot: Bot, size: Int, seed: UInt64) -> PlayedGame {
        // The target only decides when the game counts as won; play goes on past it.
        var game = Game(config: (try? GameConfig(size: size, target: 2048)) ?? .standard, seed: Seed(seed))
        var moveMicroseconds: [Int] = []
        let clock = ContinuousClock()
        while true {
            let start = clock.now
            guard let direction = bot.bestMove(for: game) else { break }
            let elapsed = (clock.now - start).components
            moveMicroseconds.append(Int(elapsed.seconds) * 1_000_000 + Int(elapsed.attoseconds / 1_000_000_000_000))
            guard game.moveIfValid(direction) != nil else { break }
        }
        return PlayedGame(seed: seed, score: game.score, largestTile: game.board.largestValue, moveMicroseconds: moveMicroseconds)
    }

    /// Plays every game, as many at once as there are cores, calling
    /// `finished` (on one serial queue, in the order they end) after each.
    /// Returns the results by seed.
    func run(finished: @escaping @Sendable (PlayedGame) -> Void) -> [PlayedGame] {
        let collector = Collector(count: games, finished: finished)
        let bot = bot
        let size = size
        DispatchQueue.concurrentPerform(iterations: games) { index in
            // The game and its timings belong to this iteration until handed over.
            collector.store(BotBenchmark.play(bot: bot, size: size, seed: UInt64(index + 1)), at: index)
        }
        return collector.results
    }

    /// Gathers the results of games that end on different threads.
    ///
    /// Its state is owned by the serial `queue`: every access goes through
    /// it, which is why the class may be `@unchecked Sendable`.
    private final class Collector: @unchecked Sendable {
        private let queue = DispatchQueue(label: "tilerace.bench.bot.results")
        private var slots: [PlayedGame?]
        private let finished: @Sendable (PlayedGame) -> Void

        init(count: Int, finished: @escaping @Sendable (PlayedGame) -> Void) {
            slots = Array(repeating: nil, count: count)
            self.finished = finished
        }

        func store(_ result: PlayedGame, at index: Int) {
            queue.sync {
                dispatchPrecondition(condition: .onQueue(queue))
                slots[index] = result
                finished(result)
            }
        }

        var results: [PlayedGame] {
            queue.sync { slots.compactMap { $0 } }
        }
    }

    /// The figures printed at the end, one line each.
    static func summary(of results: [PlayedGame]) -> [String] {
        guard !results.isEmpty else { return ["no games played"] }
        let count = results.count
        let scores = results.map { Double($0.score) }.sorted()
        let mean = scores.reduce(0, +) / Double(count)
        func share(_ tile: Int) -> String {
            let reached = results.filter { $0.largestTile >= tile }.count
            return "\(reached) of \(count) (\(percent(reached, of: count)))"
        }
        let largest = results.map(\.largestTile).max() ?? 0
        let largestCount = results.filter { $0.largestTile == largest }.count
        let times = results.flatMap(\.moveMicroseconds).map { Double($0) / 1000 }.sorted()
        let meanTime = times.isEmpty ? 0 : times.reduce(0, +) / Double(times.count)
        return [
            "score: mean \(Int(mean.rounded())), median \(Int(scores.median.rounded())), min \(Int(scores[0])), max \(Int(scores[count - 1]))",
            "reached 2048: \(share(2048)); reached 4096: \(share(4096)); reached 8192: \(share(8192))",
            "largest tile: \(largest) (in \(largestCount) of \(count) games)",
            "ms per move: mean \(milliseconds(meanTime)), median \(milliseconds(times.median)), "
                + "p99 \(milliseconds(percentile(times, 0.99))), max \(milliseconds(times.last ?? 0)) (\(times.count) moves)",
        ]
    }

    static func line(for result: PlayedGame) -> String {
        let total = result.moveMicroseconds.reduce(0, +)
        let perMove = result.moveMicroseconds.isEmpty ? 0 : Double(total) / Double(result.moveMicroseconds.count) / 1000
        return "  seed \(result.seed): score \(result.score), largest tile \(result.largestTile), "
            + "\(result.moveMicroseconds.count) moves, \(milliseconds(perMove)) ms per move"
    }

    /// The value below which a share `fraction` of sorted `values` lie (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let rank = Int((fraction * Double(values.count)).rounded(.up))
        return values[min(max(rank, 1), values.count) - 1]
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        "\(whole == 0 ? 0 : (part * 100 + whole / 2) / whole)%"
    }

    /// Milliseconds with up to 3 decimals.
    static func milliseconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return String(rounded)
    }
}
