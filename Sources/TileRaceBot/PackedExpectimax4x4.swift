import TileRaceEngine

/// Chance nodes average every empty cell with a 2 (0.9) or a 4 (0.1), and are kept in a
/// transposition table for one search. Owned by one call; never shared.
struct PackedExpectimax4x4 {
    private let limits: SearchLimits
    private let heuristic = HeuristicTable4x4.shared
    private let moves = PackedRowTable4x4.shared
    /// A chance node's value, and the moves that were still to look at below it.
    private var table: [UInt64: (movesLeft: Int, value: Double)] = [:]

    init(limits: SearchLimits) {
        self.limits = limits
        table.reserveCapacity(1 << 12)
    }

    /// - Precondition: no tile above 2^14 (so no merge outgrows a 4-bit cell).
    mutating func moveValues(_ bits: UInt64) -> [Double?] {
        Direction.allCases.map { direction in
            let slide = PackedBoard4x4(bits: bits).slid(direction, table: moves)
            guard slide.bits != bits else { return nil }
            return chanceValue(slide.bits, movesLeft: limits.depth, probability: 1)
        }
    }

    /// The expected value after a spawn on `bits`.
    private mutating func chanceValue(_ bits: UInt64, movesLeft: Int, probability: Double) -> Double {
        if movesLeft <= 0 || probability < limits.probabilityCutoff {
            return heuristic.boardValue(bits)
        }
        if let entry = table[bits], entry.movesLeft >= movesLeft { return entry.value }
        var empty = PackedBoard4x4.zeroCells(bits)
        let emptyCount = empty.nonzeroBitCount
        let cellProbability = probability / Double(emptyCount)
        var total = 0.0
        while empty != 0 {
            let two = UInt64(1) << UInt64(empty.trailingZeroBitCount)
            total += 0.9 * moveValue(bits | two, movesLeft: movesLeft, probability: cellProbability * 0.9)
            total += 0.1 * moveValue(bits | (two << 1), movesLeft: movesLeft, probability: cellProbability * 0.1)
            empty &= empty &- 1
        }
        let value = total / Double(emptyCount)
        table[bits] = (movesLeft, value)
        return value
    }

    /// The value of the best move from `bits`, 0 when none is possible (lost).
    private mutating func moveValue(_ bits: UInt64, movesLeft: Int, probability: Double) -> Double {
        var best = 0.0
        let board = PackedBoard4x4(bits: bits)
        for direction in Direction.allCases {
            let slide = board.slid(direction, table: moves)
            if slide.bits != bits {
                best = max(best, chanceValue(slide.bits, movesLeft: movesLeft - 1, probability: probability))
            }
        }
        return best
    }
}
