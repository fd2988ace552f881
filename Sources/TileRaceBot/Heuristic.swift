import TileRaceEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How good a board looks to the search, in the spirit of the strongest
/// public 2048 players (nneonneo/2048-ai): each row and each column is scored
/// alone, and the board's value is the sum over its lines.
///
/// A line scores for its empty cells, for equal neighbours it could merge,
/// for being monotonic (tiles growing toward one end) and for holding its
/// largest tile at one end (a tile at the end of its row and its column sits
/// in a corner); it pays for the size of its tiles, so that the search
/// prefers to merge them. Exponents, not values, enter the formulas: `k` for
/// the tile `2^k`. Larger is better; a lost board scores 0 in the search.
public enum Heuristic {
    /// A constant added to every line so that live boards score above a lost one (0).
    public static let livePenaltyOffset = 200_000.0
    public static let emptyCellWeight = 270.0
    /// Points per tile that could merge with an equal neighbour along the line.
    public static let mergeWeight = 700.0
    /// The cost of a line's disorder: the smaller of its two monotonicity
    /// violations (increasing and decreasing), each a sum of `exponent^power` steps.
    public static let monotonicityWeight = 47.0
    /// The power applied to exponents when measuring monotonicity.
    public static let monotonicityPower = 4.0
    /// The cost of the tiles themselves: `sum of exponent^power` over the line.
    public static let tileSumWeight = 11.0
    /// The power applied to exponents in the tile sum.
    public static let tileSumPower = 3.5
    /// Points per exponent of a line's largest tile when it sits at one end of the line.
    public static let edgeWeight = 40.0

    /// The value of one line (a row or a column), read in either direction.
    /// - Parameters:
    ///   - exponents: the line's exponents, 0 for empty; the first `count` are used.
    ///   - count: the line's length, 1 to 8.
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

    /// The tiles that sit in runs of equal neighbours, empty cells skipped
    /// (`2 0 2` is a run): a run of `n` tiles counts `n`.
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

    /// How far a line is from monotonic: the smaller of the total rise and
    /// the total fall between neighbours, in `exponent^monotonicityPower`.
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

    /// The value of a whole board: its rows from the top, then its columns
    /// from the left (each read from the top), added in that order.
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
