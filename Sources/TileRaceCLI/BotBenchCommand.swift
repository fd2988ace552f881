import TileRaceBot
import TileRaceEngine

/// `tilerace bench bot`: plays whole games with a bot and prints how well
/// and how fast it played. Reached through `BenchCommand`.
enum BotBenchCommand {
    /// The options that only `bench bot` takes.
    static let options: [Arguments.Option] = [
        .value("--strength", "N", "bench bot: the bot's strength, 1 to 5 (default 5)"),
        .value("--games", "N", "bench bot: games to play, from seeds 1 to N (default \(defaultGames))"),
        .value("--size", "N", "bench bot: board size, 3 to 8 (default 4)"),
    ]

    /// Games played when `--games` is not given: a few minutes at strength 5.
    static let defaultGames = 4

    /// What `tilerace help bench` says about it.
    static let details = """
        bot: the bot plays whole games from seeds 1 to --games (each on its own
          core, as many at once as there are cores), past 2048 until no move is
          left. It sees only the board, never the random state. Prints a line
          per game as it ends, then the mean and median score, how many games
          reached 2048, 4096 and 8192, the largest tile, and the time the bot
          took to choose a move (mean, median, p99, max over all moves).
        """

    /// Runs `tilerace bench bot` with its parsed arguments.
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
        #if DEBUG
            console.print("note: this is a debug build; measure with swift build -c release")
        #endif
        console.print("bot strength \(strength) on \(size)x\(size): \(games) games from seeds 1 to \(games), one per core")
        let benchmark = BotBenchmark(bot: bot, games: games, size: size)
        let results = benchmark.run { result in console.print(BotBenchmark.line(for: result)) }
        for line in BotBenchmark.summary(of: results) { console.print(line) }
        return CLI.success
    }
}
