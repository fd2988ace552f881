import TileRaceBot
import TileRaceBotClient
import TileRaceEngine
import TileRaceServer

/// `leaderboard --demo` games: bots on random 4x4 seeds, played past 2048 to the end
/// as people do in practice, timed at the bots' default pace.
enum DemoGames {
    /// A spread of scores, and a few hundred games take seconds.
    static let bots: [Bot] = (1...3).compactMap { try? Bot(strength: $0) }

    static let moveMilliseconds = Int((1000 / BotSettings.defaultMovesPerSecond).rounded())

    /// Seeds below 10^9, like the server's; seeds and bots drawn from `random`.
    static func play(count: Int, random: RandomSource) -> [LeaderboardDemo.PlayedGame] {
        (0..<count).map { _ in
            let seed = Seed(random.next() % 1_000_000_000)
            let bot = bots[Int(random.next() % UInt64(bots.count))]
            return play(bot: bot, seed: seed)
        }
    }

    static func play(bot: Bot, seed: Seed) -> LeaderboardDemo.PlayedGame {
        var game = Game(config: .standard, seed: seed)
        var log = GameLog()
        while let direction = bot.bestMove(for: game), game.moveIfValid(direction) != nil {
            log.append(.move(direction))
        }
        return LeaderboardDemo.PlayedGame(seed: seed, log: log, milliseconds: log.entries.count * moveMilliseconds)
    }
}
