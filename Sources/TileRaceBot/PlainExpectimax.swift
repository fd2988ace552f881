import TileRaceEngine

/// Node for node `PackedExpectimax4x4`'s search, so both give the same values on 4x4.
/// Owned by one call; never shared.
struct PlainExpectimax {
    private let limits: SearchLimits
    /// A chance node's value, and the moves that were still to look at below it.
    private var table: [Board: (movesLeft: Int, value: Double)] = [:]

    init(limits: SearchLimits) {
        self.limits = limits
        table.reserveCapacity(1 << 12)
    }

    /// `Direction.allCases` order, nil for a move that changes nothing.
    mutating func moveValues(_ board: Board) -> [Double?] {
        Direction.allCases.map { direction in
            guard let next = board.sliding(direction) else { return nil }
            return chanceValue(next, movesLeft: limits.depth, probability: 1)
        }
    }

    /// The expected value after a spawn on `board`.
    private mutating func chanceValue(_ board: Board, movesLeft: Int, probability: Double) -> Double {
        if movesLeft <= 0 || probability < limits.probabilityCutoff {
            return Heuristic.boardValue(board)
        }
        if let entry = table[board], entry.movesLeft >= movesLeft { return entry.value }
        let emptyCount = board.emptyCount
        let cellProbability = probability / Double(emptyCount)
        var total = 0.0
        for row in 0..<board.size {
            for column in 0..<board.size where board.exponent(row: row, column: column) == 0 {
                var two = board
                two.setExponent(1, row: row, column: column)
                var four = board
                four.setExponent(2, row: row, column: column)
                total += 0.9 * moveValue(two, movesLeft: movesLeft, probability: cellProbability * 0.9)
                total += 0.1 * moveValue(four, movesLeft: movesLeft, probability: cellProbability * 0.1)
            }
        }
        let value = total / Double(emptyCount)
        table[board] = (movesLeft, value)
        return value
    }

    /// The value of the best move from `board`, 0 when none is possible (lost).
    private mutating func moveValue(_ board: Board, movesLeft: Int, probability: Double) -> Double {
        var best = 0.0
        for direction in Direction.allCases {
            if let next = board.sliding(direction) {
                best = max(best, chanceValue(next, movesLeft: movesLeft - 1, probability: probability))
            }
        }
        return best
    }
}
