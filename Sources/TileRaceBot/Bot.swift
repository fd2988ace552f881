import TileRaceEngine

/// A 2048 player of a chosen strength. It sees only the tiles, never the random state,
/// like a person who cannot see the future. Pure: the same board gets the same move, on
/// any thread. Strength 1 plays a valid move at random (seeded by the board), 2 greedily
/// by `Heuristic`, 3 to 5 expectimax through 1, 2 and 3 spawns.
public struct Bot: Hashable, Sendable {
    public static let strengthRange = 1...5
    /// The strongest bot, the one behind practice hints.
    public static let strongest = Bot(validStrength: 5)

    /// Lines of play less likely than this are not searched further.
    public static let probabilityCutoff = 0.0001

    public let strength: Int

    /// - Throws: `.invalidStrength` outside `strengthRange`.
    public init(strength: Int) throws(BotError) {
        guard Bot.strengthRange.contains(strength) else { throw .invalidStrength(strength) }
        self.init(validStrength: strength)
    }

    private init(validStrength: Int) {
        strength = validStrength
    }

    /// The move it plays in a game, nil when the game is over. Reads only the board.
    public func bestMove(for game: Game) -> Direction? {
        game.isOver ? nil : bestMove(on: game.board)
    }

    /// The move it plays on a board, nil when no move changes it.
    public func bestMove(on board: Board) -> Direction? {
        strength == 1 ? randomMove(on: board) : Bot.bestDirection(moveValues(on: board, usesPackedBoard: true))
    }

    /// `Direction.allCases` order, nil for a move that changes nothing. A 4x4 board below
    /// 2^15 uses the packed board when `usesPackedBoard`.
    func moveValues(on board: Board, usesPackedBoard: Bool) -> [Double?] {
        let packed =
            usesPackedBoard && board.largestExponent < Int(PackedBoard4x4.largestExponent)
            ? PackedBoard4x4(board) : nil
        // Strengths 1 and 2 do not search.
        guard strength >= 3 else {
            return Direction.allCases.map { direction in
                if let packed {
                    let slide = packed.slid(direction)
                    return slide.bits == packed.bits ? nil : HeuristicTable4x4.shared.boardValue(slide.bits)
                }
                return board.sliding(direction).map(Heuristic.boardValue)
            }
        }
        let limits = SearchLimits(depth: strength - 2, probabilityCutoff: Bot.probabilityCutoff)
        if let packed {
            var search = PackedExpectimax4x4(limits: limits)
            return search.moveValues(packed.bits)
        }
        var search = PlainExpectimax(limits: limits)
        return search.moveValues(board)
    }

    /// The direction of the largest value, the first one on a tie; nil when all are nil.
    static func bestDirection(_ values: [Double?]) -> Direction? {
        var best: (direction: Direction, value: Double)?
        for (direction, value) in zip(Direction.allCases, values) {
            guard let value else { continue }
            if best == nil || value > best!.value { best = (direction, value) }
        }
        return best?.direction
    }

    /// Seeded by the tiles: the same board, the same move.
    func randomMove(on board: Board) -> Direction? {
        let valid = Direction.allCases.filter { board.sliding($0) != nil }
        guard !valid.isEmpty else { return nil }
        var tiles: [UInt8] = []
        for row in 0..<board.size {
            for column in 0..<board.size { tiles.append(UInt8(board.exponent(row: row, column: column))) }
        }
        var generator = SplitMix64(seed: Seed.fnv1a64(tiles))
        return valid[Int(generator.next() % UInt64(valid.count))]
    }
}
