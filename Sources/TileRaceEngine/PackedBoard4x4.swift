/// A 4x4 board packed in one `UInt64`: the exponent of cell `(row, column)`
/// in the 4 bits at `4 * (row * 4 + column)`, so row `r` is bits `16r` to
/// `16r + 15` with column 0 lowest.
///
/// The fast path of `Game` on 4x4 boards while every tile is at most 2^15:
/// moves are four lookups in `PackedRowTable4x4` (up and down transpose the
/// board first), spawns are bit arithmetic. `Board` is the plain reference.
package struct PackedBoard4x4: Hashable, Sendable {
    /// The largest exponent a 4-bit cell holds (the tile 32768).
    package static let largestExponent: UInt8 = 15
    /// Bit `4i` set for every cell `i`.
    static let lowBits: UInt64 = 0x1111_1111_1111_1111

    package var bits: UInt64

    /// Creates a board from its packed exponents.
    package init(bits: UInt64) {
        self.bits = bits
    }

    /// Packs a 4x4 board, or nil when it is another size or a tile exceeds 2^15.
    package init?(_ board: Board) {
        guard board.size == 4 else { return nil }
        var bits: UInt64 = 0
        for index in 0..<16 {
            let exponent = board.cells[(index >> 2) &* 8 &+ (index & 3)]
            guard exponent <= PackedBoard4x4.largestExponent else { return nil }
            bits |= UInt64(exponent) << UInt64(4 &* index)
        }
        self.bits = bits
    }

    /// The largest tile's value, 0 when the board is empty (as
    /// `Board.largestValue`, without unpacking the board).
    package var largestValue: Int {
        // The largest exponent, found by halving (8, 4, 2, 1) instead of
        // looking at 16 cells: whether any cell is at least `e` is one add
        // and mask each for the even and the odd cells, spread a byte apart
        // (a cell of at most 15 plus 0x80 - e sets its byte's top bit
        // exactly when it is at least e, and never carries into the next).
        let even = bits & 0x0F0F_0F0F_0F0F_0F0F
        let odd = (bits >> 4) & 0x0F0F_0F0F_0F0F_0F0F
        var largest: UInt64 = 0
        var step: UInt64 = 8
        while step > 0 {
            let add = (0x80 &- (largest &+ step)) &* 0x0101_0101_0101_0101
            if ((even &+ add) | (odd &+ add)) & 0x8080_8080_8080_8080 != 0 { largest &+= step }
            step >>= 1
        }
        return largest == 0 ? 0 : 1 << largest
    }

    /// `Board.values` (row by row, 0 for empty), without unpacking the board.
    package var values: [Int] {
        // Written in place: `map` over the range grew its array as it went
        // (a race's every move makes one, for its PROGRESS).
        Array(unsafeUninitializedCapacity: 16) { cells, count in
            var rest = bits
            for index in 0..<16 {
                let exponent = Int(truncatingIfNeeded: rest & 0xF)
                cells[index] = exponent == 0 ? 0 : 1 << exponent
                rest >>= 4
            }
            count = 16
        }
    }

    /// The same tiles as a plain `Board`.
    package var board: Board {
        var board = Board(size: 4)
        for index in 0..<16 {
            board.cells[(index >> 2) &* 8 &+ (index & 3)] = UInt8(truncatingIfNeeded: bits >> UInt64(4 &* index)) & 0xF
        }
        return board
    }

    /// What a move would do: the new bits, the points and the number of
    /// merges, or `outgrows` when a merge makes a tile above 2^15 (then the
    /// other fields mean nothing).
    package struct Slide {
        package var bits: UInt64
        /// The points the move scores.
        package var points: Int
        package var merges: Int
        /// Whether a merge would make a tile above 2^15.
        package var outgrows: Bool
    }

    /// Slides the board toward `direction` without changing it. Left and
    /// right look rows up directly; up and down transpose the board and look
    /// its rows (the columns) up in tables that give them back in column shape.
    @inline(__always)
    package func slid(_ direction: Direction, table: PackedRowTable4x4 = .shared) -> Slide {
        var result: UInt64 = 0
        var points: UInt32 = 0
        switch direction {
        case .left, .right:
            let half: UInt32 = direction == .right ? 16 : 0
            for row in 0..<4 {
                let shift = UInt64(16 &* row)
                let index = Int(truncatingIfNeeded: (bits >> shift) & 0xFFFF)
                result |= UInt64((table.slid[index] >> half) & 0xFFFF) << shift
                points &+= table.points[index]
            }
        case .up, .down:
            let columns = PackedBoard4x4.transposed(bits)
            let slid = direction == .up ? table.slidUp : table.slidDown
            for column in 0..<4 {
                let index = Int(truncatingIfNeeded: (columns >> UInt64(16 &* column)) & 0xFFFF)
                result |= slid[index] << UInt64(4 &* column)
                points &+= table.points[index]
            }
        }
        return Slide(
            bits: result,
            points: Int(points & (PackedRowTable4x4.outgrowFlag &- 1)),
            merges: Int(points >> PackedRowTable4x4.mergeShift),
            outgrows: (points >> 24) & 0xF != 0)
    }

    /// Swaps rows and columns.
    @inline(__always)
    package static func transposed(_ x: UInt64) -> UInt64 {
        let a1 = x & 0xF0F0_0F0F_F0F0_0F0F
        let a2 = x & 0x0000_F0F0_0000_F0F0
        let a3 = x & 0x0F0F_0000_0F0F_0000
        let a = a1 | (a2 << 12) | (a3 >> 12)
        let b1 = a & 0xFF00_FF00_00FF_00FF
        let b2 = a & 0x00FF_00FF_0000_0000
        let b3 = a & 0x0000_0000_FF00_FF00
        return b1 | (b2 >> 24) | (b3 << 24)
    }

    /// Bit `4i` set for every cell `i` of `x` whose 4 bits are all zero.
    @inline(__always)
    package static func zeroCells(_ x: UInt64) -> UInt64 {
        var any = x | (x >> 1)
        any |= any >> 2
        return ~any & lowBits
    }

    /// Bit `4i` set for every empty cell `i`.
    package var emptyCells: UInt64 { PackedBoard4x4.zeroCells(bits) }

    /// Whether at least one move would change the board: a tile and an empty
    /// cell, or two equal neighbours in a row or a column. An empty board
    /// cannot move.
    var canMove: Bool {
        (emptyCells != 0 && bits != 0) || hasEqualNeighbours
    }

    /// Whether some tile has at least this exponent.
    func hasTile(atLeast exponent: Int) -> Bool {
        for index in 0..<16 where Int((bits >> UInt64(4 &* index)) & 0xF) >= exponent {
            return true
        }
        return false
    }

    var emptyCount: Int {
        let prefix = emptyCells &* PackedBoard4x4.lowBits
        // The last cell's prefix counts them all, 16 wrapping to 0.
        return prefix == 0 && bits != 0 ? 0 : Int(truncatingIfNeeded: ((prefix >> 60) &- 1) & 0xF) &+ 1
    }

    /// Spawns one tile as the rules say (a cell drawn among the empty ones in
    /// row-major order, then 4 one time in ten, else 2) on a board with
    /// `emptyCount` empty cells. Returns the cell index (`row * 4 + column`)
    /// and the exponent, or nil, drawing nothing, when the board is full.
    ///
    /// Branch-free, and counting with multiplications rather than
    /// `nonzeroBitCount` (the baseline x86-64 target has no POPCNT): cell `j`
    /// of `prefix` counts the empty cells `0...j`, so empty cell number `k`
    /// (from 0) is the empty cell whose count is `k + 1`. Counts are 4 bits
    /// wide, so 16 wraps to 0 (only on an empty board, for its last cell),
    /// which the comparison modulo 16 still finds. The caller passes the count
    /// (a move knows it from its merges), so the division need not wait for it.
    @inline(__always)
    mutating func spawn(using random: inout SplitMix64, emptyCount: Int) -> (index: Int, exponent: Int)? {
        guard emptyCount > 0 else { return nil }
        let empty = emptyCells
        let prefix = empty &* PackedBoard4x4.lowBits
        let skip = random.next() % UInt64(emptyCount)
        let exponent: UInt64 = random.next() % 10 == 0 ? 2 : 1
        let wanted = ((skip &+ 1) & 0xF) &* PackedBoard4x4.lowBits
        let chosen = PackedBoard4x4.zeroCells(prefix ^ wanted) & empty
        let shift = chosen.trailingZeroBitCount & 63
        bits |= exponent &<< UInt64(shift)
        return (shift &>> 2, Int(exponent))
    }

    /// Whether two equal tiles touch in a row or a column (a full board can
    /// still move then). Two empty cells side by side do not count.
    var hasEqualNeighbours: Bool {
        let occupied = ~emptyCells & PackedBoard4x4.lowBits
        let sameAsRight = PackedBoard4x4.zeroCells(bits ^ (bits >> 4)) & 0x0111_0111_0111_0111
        let sameAsBelow = PackedBoard4x4.zeroCells(bits ^ (bits >> 16)) & 0x0000_1111_1111_1111
        return (sameAsRight | sameAsBelow) & occupied != 0
    }
}
