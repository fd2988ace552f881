/// Where one tile goes during a move, for drawing slide and merge animations.
public struct TileMotion: Hashable, Sendable {
    /// The cell the tile starts in.
    public var from: Cell
    /// The cell the tile ends in.
    public var to: Cell
    /// The tile's value before the move.
    public var value: Int
    /// Whether the tile merges into another at `to` (its value doubles there).
    public var isMerging: Bool
}

extension Board {
    /// Row-major by start cell; empty when nothing changes. Slower than `slide(_:)`: for animation.
    public func motions(for direction: Direction) -> [TileMotion] {
        guard sliding(direction) != nil else { return [] }
        var motions: [TileMotion] = []
        for line in 0..<size {
            var filled = 0
            var lastExponent: UInt8 = 0
            var lastCanMerge = false
            for position in 0..<size {
                let index = cellIndex(line: line, position: position, direction: direction)
                let exponent = cells[index]
                if exponent == 0 { continue }
                let merges = lastCanMerge && lastExponent == exponent
                if !merges {
                    filled += 1
                    lastExponent = exponent
                }
                lastCanMerge = !merges
                let target = cellIndex(line: line, position: filled - 1, direction: direction)
                motions.append(
                    TileMotion(
                        from: Cell(index: index), to: Cell(index: target),
                        value: 1 << Int(exponent), isMerging: merges))
            }
        }
        return motions.sorted { ($0.from.row, $0.from.column) < ($1.from.row, $1.from.column) }
    }
}
