/// For all 65,536 lines of four exponents, the line slid both ways and its points (1.5 MB).
/// Built once from `LineSlide`, so they cannot disagree, and never written: hence
/// `@unchecked Sendable` despite the pointers. Column tables are already in column shape,
/// so up and down transpose once, not twice.
package struct PackedRowTable4x4: @unchecked Sendable, Hashable {
    /// The one table, shared by every game.
    package static let shared = PackedRowTable4x4()

    /// Set when a merge would exceed exponent 15; four lines of points stay far below it,
    /// so a sum still tells whether any outgrew.
    static let outgrowFlag: UInt32 = 1 << 24
    /// Merges per line (0 to 2); four lines' sum (at most 8) fits in the top 4 bits.
    static let mergeShift: UInt32 = 28

    /// Bits 0-15: the row slid left; bits 16-31: slid right.
    let slid: UnsafePointer<UInt32>
    /// The column slid up, its cells at bits 0, 16, 32, 48, ready to shift into place.
    let slidUp: UnsafePointer<UInt64>
    /// Like `slidUp`, toward row 3 (down).
    let slidDown: UnsafePointer<UInt64>
    /// Points (the same either way) or `outgrowFlag`, plus merges shifted by `mergeShift`.
    let points: UnsafePointer<UInt32>
    private init() {
        let slid = UnsafeMutablePointer<UInt32>.allocate(capacity: 1 << 16)
        let slidUp = UnsafeMutablePointer<UInt64>.allocate(capacity: 1 << 16)
        let slidDown = UnsafeMutablePointer<UInt64>.allocate(capacity: 1 << 16)
        let points = UnsafeMutablePointer<UInt32>.allocate(capacity: 1 << 16)
        for line in 0..<(1 << 16) {
            let entry = PackedRowTable4x4.entry(for: UInt16(line))
            slid[line] = UInt32(entry.left) | UInt32(entry.right) << 16
            slidUp[line] = PackedRowTable4x4.spreadIntoColumn(entry.left)
            slidDown[line] = PackedRowTable4x4.spreadIntoColumn(entry.right)
            points[line] = entry.points
        }
        self.slid = UnsafePointer(slid)
        self.slidUp = UnsafePointer(slidUp)
        self.slidDown = UnsafePointer(slidDown)
        self.points = UnsafePointer(points)
    }

    /// One row worked out with the plain line rule.
    static func entry(for row: UInt16) -> (left: UInt16, right: UInt16, points: UInt32) {
        var line = SIMD8<UInt8>()
        var reversed = SIMD8<UInt8>()
        for index in 0..<4 {
            let exponent = UInt8(truncatingIfNeeded: row >> UInt16(4 * index)) & 0xF
            line[index] = exponent
            reversed[3 - index] = exponent
        }
        let left = LineSlide.slide(exponents: line, count: 4)
        let right = LineSlide.slide(exponents: reversed, count: 4)
        var leftRow: UInt16 = 0
        var rightRow: UInt16 = 0
        for index in 0..<4 {
            leftRow |= UInt16(left.line[index] & 0xF) << UInt16(4 * index)
            rightRow |= UInt16(right.line[3 - index] & 0xF) << UInt16(4 * index)
        }
        let outgrows = max(left.largestMergedExponent, right.largestMergedExponent) > PackedBoard4x4.largestExponent
        let tiles = (0..<4).filter { line[$0] != 0 }.count
        let tilesAfter = (0..<4).filter { left.line[$0] != 0 }.count
        let merges = UInt32(tiles - tilesAfter) << mergeShift
        return (leftRow, rightRow, (outgrows ? outgrowFlag : UInt32(left.points)) | merges)
    }

    /// Moves the 4 nibbles of a line to bits 0, 16, 32 and 48 (column 0).
    static func spreadIntoColumn(_ line: UInt16) -> UInt64 {
        var column: UInt64 = 0
        for index in 0..<4 {
            column |= UInt64((line >> UInt16(4 * index)) & 0xF) << UInt64(16 * index)
        }
        return column
    }
}
