import TileRaceBot
import TileRaceEngine
import TileRaceServer

/// `leaderboard --demo` games: bots on random 4x4 seeds, played past 2048 to the end
/// as people do in practice, each move timed in the record at a person's uneven pace.
enum DemoGames {
    /// A spread of scores, and a few hundred games take seconds.
    static let bots: [Bot] = (1...3).compactMap { try? Bot(strength: $0) }

    /// The gap before a move: mostly quick, now and then a pause to think, about the bots' default pace on average.
    static func moveGap(random: RandomSource) -> Int {
        let gap = 80 + Int(random.next() % 240)
        return random.next() % 20 == 0 ? gap + 400 + Int(random.next() % 1600) : gap
    }

    /// Seeds below 10^9, like the server's; seeds, bots and paces drawn from `random`.
    static func play(count: Int, random: RandomSource) -> [LeaderboardDemo.PlayedGame] {
        (0..<count).map { _ in
            let seed = Seed(random.next() % 1_000_000_000)
            let bot = bots[Int(random.next() % UInt64(bots.count))]
            return play(bot: bot, seed: seed, random: random)
        }
    }

    /// The game's time is its record's: the last move's.
    static func play(bot: Bot, seed: Seed, random: RandomSource) -> LeaderboardDemo.PlayedGame {
        var game = Game(config: .standard, seed: seed)
        var log = GameLog()
        var time = 0
        while let direction = bot.bestMove(for: game), game.moveIfValid(direction) != nil {
            log.append(.move(direction), at: time)
            time += moveGap(random: random)
        }
        return LeaderboardDemo.PlayedGame(seed: seed, log: log, milliseconds: log.times?.last ?? 0)
    }
}
