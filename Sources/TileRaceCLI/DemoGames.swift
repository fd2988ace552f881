import TileRaceBot
import TileRaceBotClient
import TileRaceEngine
import TileRaceServer

/// The games behind `tilerace leaderboard --demo`: real games, each played
/// by a bot (TileRaceBot) on a random seed, on 4x4 with target 2048, past
/// the target until no move is left, as a person keeps going in practice.
/// Each game's time is what the bots' default pace (4 moves a second) takes.
enum DemoGames {
    /// The bots that play, one drawn at random for each game: strengths 1
    /// (nearly random) to 3 (a short search), so the board shows a spread of
    /// scores and a few hundred games take seconds.
    static let bots: [Bot] = (1...3).compactMap { try? Bot(strength: $0) }

    /// Milliseconds a move takes at the bots' default pace.
    static let moveMilliseconds = Int((1000 / BotSettings.defaultMovesPerSecond).rounded())

    /// Plays `count` games, drawing each seed (below 10^9, like the server's)
    /// and each bot from `random`.
    static func play(count: Int, random: RandomSource) -> [LeaderboardDemo.PlayedGame] {
        (0..<count).map { _ in
            let seed = Seed(random.next() % 1_000_000_000)
            let bot = bots[Int(random.next() % UInt64(bots.count))]
            return play(bot: bot, seed: seed)
        }
    }

    /// Plays one game to its end: the bot's moves, from the seed's start.
    static func play(bot: Bot, seed: Seed) -> LeaderboardDemo.PlayedGame {
        var game = Game(config: .standard, seed: seed)
        var log = GameLog()
        while let direction = bot.bestMove(for: game), game.moveIfValid(direction) != nil {
            log.append(.move(direction))
        }
        return LeaderboardDemo.PlayedGame(seed: seed, log: log, milliseconds: log.entries.count * moveMilliseconds)
    }
}
