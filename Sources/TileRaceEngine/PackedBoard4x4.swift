/// A 4x4 board in one `UInt64`: cell `(r, c)` is the 4 bits at `4 * (r * 4 + c)`.
/// `Game`'s fast path while tiles are at most 2^15: moves are four table lookups (up and
/// down transpose first). `Board` is the plain reference.
package struct PackedBoard4x4: Hashable, Sendable {
    /// The largest exponent a 4-bit cell holds (the tile 32768).
    package static let largestExponent: UInt8 = 15
    /// Bit `4i` set for every cell `i`.
    static let lowBits: UInt64 = 0x1111_1111_1111_1111

    package var bits: UInt64

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

    /// Without unpacking the board.
    package var largestValue: Int {
        // Found by halving (8, 4, 2, 1), not by 16 cells: for even and odd cells a byte apart,
        // a cell plus 0x80 - e sets its byte's top bit exactly when it is at least e, never carrying.
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
        // In place: `map` grew its array as it went (every race move makes one, for PROGRESS).
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

    package var board: Board {
        var board = Board(size: 4)
        for index in 0..<16 {
            board.cells[(index >> 2) &* 8 &+ (index & 3)] = UInt8(truncatingIfNeeded: bits >> UInt64(4 &* index)) & 0xF
        }
        return board
    }

    /// `outgrows` when a merge makes a tile above 2^15 (then the other fields mean nothing).
    package struct Slide {
        package var bits: UInt64
        package var points: Int
        package var merges: Int
        package var outgrows: Bool
    }

    /// Up and down transpose and look columns up in tables that return them in column shape.
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

    /// A tile and an empty cell, or two equal neighbours. An empty board cannot move.
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

    /// Returns the cell index and exponent, or nil on a full board (drawing nothing).
    /// Branch-free, counting with multiplications (baseline x86-64 has no POPCNT): `prefix`'s
    /// cell `j` counts empty cells `0...j`, so empty cell `k` is where the count is `k + 1`.
    /// 4-bit counts wrap 16 to 0 (only an empty board's last cell), still found modulo 16.
    /// The caller passes `emptyCount` so the division need not wait for it.
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

    /// Then a full board can still move. Two empty cells do not count.
    var hasEqualNeighbours: Bool {
        let occupied = ~emptyCells & PackedBoard4x4.lowBits
        let sameAsRight = PackedBoard4x4.zeroCells(bits ^ (bits >> 4)) & 0x0111_0111_0111_0111
        let sameAsBelow = PackedBoard4x4.zeroCells(bits ^ (bits >> 16)) & 0x0000_1111_1111_1111
        return (sameAsRight | sameAsBelow) & occupied != 0
    }
}
