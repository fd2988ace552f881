/// A cell of the board: row from the top, column from the left, both from 0.
public struct Cell: Hashable, Sendable, CustomStringConvertible {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The cell at a `Board` storage index (`row * 8 + column`).
    init(index: Int) {
        self.init(row: index / 8, column: index % 8)
    }

    public var description: String { "(\(row), \(column))" }
}
