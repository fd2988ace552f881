import TileRaceEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// In the spirit of nneonneo/2048-ai: each line is scored alone and summed. A line scores
/// for empty cells, mergeable neighbours, monotonicity and its largest tile at an end (at
/// the end of its row and column, a corner); it pays for tile size, so the search prefers
/// merging. Formulas use exponents. A lost board scores 0 in the search.
public enum Heuristic {
    /// A constant added to every line so that live boards score above a lost one (0).
    public static let livePenaltyOffset = 200_000.0
    public static let emptyCellWeight = 270.0
    /// Points per tile that could merge with an equal neighbour along the line.
    public static let mergeWeight = 700.0
    /// The smaller of the increasing and decreasing violations, each a sum of `exponent^power` steps.
    public static let monotonicityWeight = 47.0
    /// The power applied to exponents when measuring monotonicity.
    public static let monotonicityPower = 4.0
    /// The cost of the tiles themselves: `sum of exponent^power` over the line.
    public static let tileSumWeight = 11.0
    /// The power applied to exponents in the tile sum.
    public static let tileSumPower = 3.5
    /// Points per exponent of a line's largest tile when it sits at one end of the line.
    public static let edgeWeight = 40.0

    /// Read in either direction; only the first `count` (1 to 8) exponents are used.
    public static func lineValue(_ exponents: SIMD8<UInt8>, count: Int) -> Double {
        livePenaltyOffset + emptyCellWeight * Double(emptyCells(exponents, count: count))
            + mergeWeight * Double(mergeableTiles(exponents, count: count))
            - monotonicityWeight * disorder(exponents, count: count)
            - tileSumWeight * tileSum(exponents, count: count)
            + edgeWeight * Double(edgeExponent(exponents, count: count))
    }

    static func emptyCells(_ exponents: SIMD8<UInt8>, count: Int) -> Int {
        (0..<count).reduce(0) { $0 + (exponents[$1] == 0 ? 1 : 0) }
    }

    /// Empty cells are skipped (`2 0 2` is a run); a run of `n` tiles counts `n`.
    static func mergeableTiles(_ exponents: SIMD8<UInt8>, count: Int) -> Int {
        var total = 0
        var previous: UInt8 = 0
        var run = 0
        for index in 0..<count where exponents[index] != 0 {
            if exponents[index] == previous {
                run += 1
            } else {
                if run > 0 { total += run + 1 }
                run = 0
            }
            previous = exponents[index]
        }
        if run > 0 { total += run + 1 }
        return total
    }

    /// The smaller of total rise and total fall, in `exponent^monotonicityPower`.
    static func disorder(_ exponents: SIMD8<UInt8>, count: Int) -> Double {
        var falling = 0.0
        var rising = 0.0
        for index in 1..<max(count, 1) {
            let before = pow(Double(exponents[index - 1]), monotonicityPower)
            let after = pow(Double(exponents[index]), monotonicityPower)
            if exponents[index - 1] > exponents[index] {
                falling += before - after
            } else {
                rising += after - before
            }
        }
        return min(falling, rising)
    }

    static func tileSum(_ exponents: SIMD8<UInt8>, count: Int) -> Double {
        (0..<count).reduce(0.0) { $0 + pow(Double(exponents[$1]), tileSumPower) }
    }

    /// The exponent of the line's largest tile when one end holds it, else 0.
    static func edgeExponent(_ exponents: SIMD8<UInt8>, count: Int) -> Int {
        var largest: UInt8 = 0
        for index in 0..<count { largest = max(largest, exponents[index]) }
        return exponents[0] == largest || exponents[count - 1] == largest ? Int(largest) : 0
    }

    /// Rows from the top, then columns from the left, added in that order.
    public static func boardValue(_ board: Board) -> Double {
        let size = board.size
        var total = 0.0
        for row in 0..<size {
            var line = SIMD8<UInt8>()
            for column in 0..<size { line[column] = UInt8(board.exponent(row: row, column: column)) }
            total += lineValue(line, count: size)
        }
        for column in 0..<size {
            var line = SIMD8<UInt8>()
            for row in 0..<size { line[row] = UInt8(board.exponent(row: row, column: column)) }
            total += lineValue(line, count: size)
        }
        return total
    }
}
