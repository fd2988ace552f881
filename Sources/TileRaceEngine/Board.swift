/// A square board stored inline as exponents (0 empty, `k` for `2^k`), row 0 at the top.
/// Copying it is 64 bytes, which keeps history and search cheap.
public struct Board: Hashable, Sendable {
    /// The number of rows and of columns, 3 to 8.
    public let size: Int
    /// Exponents at `row * 8 + column`; cells beyond `size` stay 0.
    var cells: SIMD64<UInt8>

    /// - Precondition: `size` is in `GameConfig.sizeRange`.
    public init(size: Int) {
        precondition(GameConfig.sizeRange.contains(size), "board size \(size) out of range")
        self.size = size
        self.cells = SIMD64()
    }

    /// Creates a board from rows of tile values (0 for empty), e.g. for tests.
    public init(rows: [[Int]]) throws(EngineError) {
        let size = rows.count
        guard GameConfig.sizeRange.contains(size), rows.allSatisfy({ $0.count == size }) else {
            throw .invalidBoardShape
        }
        self.init(size: size)
        for (row, values) in rows.enumerated() {
            for (column, value) in values.enumerated() {
                guard value == 0 || (value >= 2 && value.nonzeroBitCount == 1) else {
                    throw .invalidTileValue(value)
                }
                setExponent(value == 0 ? 0 : value.trailingZeroBitCount, row: row, column: column)
            }
        }
    }

    public func contains(row: Int, column: Int) -> Bool {
        (0..<size).contains(row) && (0..<size).contains(column)
    }

    /// The exponent at a cell: 0 when empty, `k` for the tile `2^k`.
    public func exponent(row: Int, column: Int) -> Int {
        Int(cells[row &* 8 &+ column])
    }

    /// The tile value at a cell, 0 when empty.
    public subscript(row: Int, column: Int) -> Int {
        let exponent = exponent(row: row, column: column)
        return exponent == 0 ? 0 : 1 << exponent
    }

    /// Sets the exponent at a cell (0 empties it).
    public mutating func setExponent(_ exponent: Int, row: Int, column: Int) {
        cells[row &* 8 &+ column] = UInt8(truncatingIfNeeded: exponent)
    }

    public var rows: [[Int]] {
        (0..<size).map { row in (0..<size).map { column in self[row, column] } }
    }

    /// Row by row, with no list per row: a server writes one for every `PROGRESS`.
    public var values: [Int] {
        var values: [Int] = []
        values.reserveCapacity(size &* size)
        for row in 0..<size {
            for column in 0..<size { values.append(self[row, column]) }
        }
        return values
    }

    public var emptyCount: Int {
        var count = 0
        for row in 0..<size {
            for column in 0..<size where cells[row &* 8 &+ column] == 0 { count += 1 }
        }
        return count
    }

    /// The largest exponent on the board, 0 when empty.
    public var largestExponent: Int { Int(cells.max()) }

    /// The largest tile value, 0 when empty.
    public var largestValue: Int {
        let exponent = largestExponent
        return exponent == 0 ? 0 : 1 << exponent
    }

    /// Two equal tiles side by side, or a tile beside an empty cell. An empty board cannot move.
    public var canMove: Bool {
        var hasTile = false
        var hasEmptyCell = false
        for row in 0..<size {
            for column in 0..<size {
                let exponent = cells[row &* 8 &+ column]
                if exponent == 0 {
                    hasEmptyCell = true
                    continue
                }
                hasTile = true
                if column + 1 < size, cells[row &* 8 &+ column &+ 1] == exponent { return true }
                if row + 1 < size, cells[(row &+ 1) &* 8 &+ column] == exponent { return true }
            }
        }
        return hasTile && hasEmptyCell
    }

    /// `row * 8 + column` of `position` along `line`, read from the edge `direction` moves toward.
    func cellIndex(line: Int, position: Int, direction: Direction) -> Int {
        switch direction {
        case .left: line &* 8 &+ position
        case .right: line &* 8 &+ (size &- 1 &- position)
        case .up: position &* 8 &+ line
        case .down: (size &- 1 &- position) &* 8 &+ line
        }
    }

    /// The points scored and the largest exponent made by a merge (0 when none); nil, leaving
    /// the board untouched, when the move changes nothing.
    public mutating func slide(_ direction: Direction) -> (points: Int, largestMergedExponent: Int)? {
        var next = cells
        var points = 0
        var largest: UInt8 = 0
        for line in 0..<size {
            var values = SIMD8<UInt8>()
            for position in 0..<size {
                values[position] = cells[cellIndex(line: line, position: position, direction: direction)]
            }
            let outcome = LineSlide.slide(exponents: values, count: size)
            if outcome.line == values { continue }
            points &+= outcome.points
            largest = max(largest, outcome.largestMergedExponent)
            for position in 0..<size {
                next[cellIndex(line: line, position: position, direction: direction)] = outcome.line[position]
            }
        }
        guard next != cells else { return nil }
        cells = next
        return (points, Int(largest))
    }

    /// The board after a move, or nil when the move changes nothing.
    public func sliding(_ direction: Direction) -> Board? {
        var copy = self
        return copy.slide(direction) == nil ? nil : copy
    }
}
