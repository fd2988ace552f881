import TileRaceBot
import TileRaceEngine

/// How the tests play a sprint (protocol.md section 10.2): the moves a bot
/// finds that take a 4x4 game to 2048 on a seed, worked out on the spot (a
/// strength-3 bot needs about a second in a debug build).
public enum SprintMoves {
    /// The moves of a 4x4 game to 2048 on `seedText`, the last one making its
    /// first 2048; nil when the bot's game ends before (rare).
    public static func toReach2048(seedText: String, strength: Int = 3) -> [Direction]? {
        guard let seed = try? Seed(parsing: seedText), let bot = try? Bot(strength: strength) else { return nil }
        var game = Game(config: .standard, seed: seed)
        var moves: [Direction] = []
        while !game.hasWon {
            guard let direction = bot.bestMove(for: game), (try? game.move(direction)) != nil else { return nil }
            moves.append(direction)
        }
        return moves
    }

    /// `moves` as `MOVE` lines' entries, at most `size` a line.
    public static func batches(_ moves: [Direction], size: Int = 50) -> [String] {
        stride(from: 0, to: moves.count, by: size).map { start in
            String(moves[start..<min(start + size, moves.count)].map(\.letter))
        }
    }
}
