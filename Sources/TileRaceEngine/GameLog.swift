/// A game record in the notation the protocol and leaderboard carry:
/// `L R U D` for moves, `Z` for undo, `X<row><column>` (one digit each) to
/// remove a tile. Example: `LLURZDX03L`.
public struct GameLog: Hashable, Sendable, CustomStringConvertible {
    /// One step of a record.
    public enum Entry: Hashable, Sendable, CustomStringConvertible {
        /// A move.
        case move(Direction)
        /// Undo the last move or removal.
        case undo
        /// Remove the tile at a cell.
        case remove(Cell)

        /// The entry in record notation.
        public var description: String {
            switch self {
            case .move(let direction): String(direction.letter)
            case .undo: "Z"
            case .remove(let cell): "X\(cell.row)\(cell.column)"
            }
        }
    }

    /// The entries in order.
    public var entries: [Entry]

    /// Creates a record from entries.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// Parses a record. With `ignoringWhitespace`, spaces, tabs and line breaks
    /// anywhere are skipped (for records read from files).
    /// - Throws: `.malformedLog` naming the 1-based position of the first fault.
    public init(parsing text: String, ignoringWhitespace: Bool = false) throws(EngineError) {
        var entries: [Entry] = []
        entries.reserveCapacity(text.utf8.count)
        var position = 0
        var iterator = text.unicodeScalars.makeIterator()
        func digit(after letter: String, at start: Int) throws(EngineError) -> Int {
            var scalar = iterator.next()
            position += 1
            while ignoringWhitespace, let found = scalar, GameLog.isWhitespace(found) {
                scalar = iterator.next()
                position += 1
            }
            guard let found = scalar else {
                throw .malformedLog(position: start, detail: "\(letter) needs two digits, row then column, but the record ends")
            }
            guard let value = found.properties.numericType != nil && found.isASCII ? Int(String(found)) : nil else {
                throw .malformedLog(
                    position: position,
                    detail: "expected a digit for \(letter) at position \(start), found \(GameLog.describe(found))")
            }
            return value
        }
        while let scalar = iterator.next() {
            position += 1
            switch scalar {
            case "L": entries.append(.move(.left))
            case "R": entries.append(.move(.right))
            case "U": entries.append(.move(.up))
            case "D": entries.append(.move(.down))
            case "Z": entries.append(.undo)
            case "X":
                let start = position
                let row = try digit(after: "X", at: start)
                let column = try digit(after: "X", at: start)
                entries.append(.remove(Cell(row: row, column: column)))
            case _ where ignoringWhitespace && GameLog.isWhitespace(scalar):
                continue
            default:
                throw .malformedLog(
                    position: position,
                    detail: "found \(GameLog.describe(scalar)); expected one of L R U D Z or X<row><column>")
            }
        }
        self.entries = entries
    }

    /// The record in notation, e.g. `LLURZDX03L`.
    public var description: String {
        entries.map(\.description).joined()
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// A character named safely for an error message (control characters as U+XXXX).
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(scalar)'"
    }
}
