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

    /// Parses a record. With `ignoringWhitespace`, white space anywhere
    /// (space, tab, line feed, carriage return, vertical tab, form feed) is
    /// skipped, as in records read from files.
    /// - Throws: `.malformedLog` naming the 1-based position (in characters)
    ///   of the first fault.
    public init(parsing text: String, ignoringWhitespace: Bool = false) throws(EngineError) {
        var text = text
        let parsed = text.withUTF8 { bytes in GameLog.parse(bytes, ignoringWhitespace: ignoringWhitespace) }
        switch parsed {
        case .success(let entries): self.entries = entries
        case .failure(let fault): throw fault.error(in: text)
        }
    }

    /// Where and why parsing stopped: a byte offset into the text.
    private enum Fault: Error {
        /// An unexpected character at `offset`.
        case unexpected(offset: Int)
        /// A digit of the `X` at `start` expected at `offset`.
        case notADigit(start: Int, offset: Int)
        /// The text ends before the digits of the `X` at `start`.
        case missingDigits(start: Int)

        /// The error for people. Every byte before `offset` was ASCII (the
        /// first non-ASCII byte is a fault), so offset + 1 is the position.
        func error(in text: String) -> EngineError {
            switch self {
            case .unexpected(let offset):
                .malformedLog(
                    position: offset + 1,
                    detail: "found \(GameLog.describe(text, at: offset)); expected one of L R U D Z or X<row><column>")
            case .notADigit(let start, let offset):
                .malformedLog(
                    position: offset + 1,
                    detail: "expected a digit for X at position \(start + 1), found \(GameLog.describe(text, at: offset))")
            case .missingDigits(let start):
                .malformedLog(position: start + 1, detail: "X needs two digits, row then column, but the record ends")
            }
        }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, ignoringWhitespace: Bool) -> Result<[Entry], Fault> {
        var entries: [Entry] = []
        entries.reserveCapacity(bytes.count)
        var offset = 0
        /// The offset of the next byte that is not skipped white space, or nil at the end.
        func nextSignificant(from start: Int) -> Int? {
            var index = start
            while index < bytes.count, ignoringWhitespace, isWhitespace(bytes[index]) { index &+= 1 }
            return index < bytes.count ? index : nil
        }
        while let index = nextSignificant(from: offset) {
            offset = index &+ 1
            switch bytes[index] {
            case UInt8(ascii: "L"): entries.append(.move(.left))
            case UInt8(ascii: "R"): entries.append(.move(.right))
            case UInt8(ascii: "U"): entries.append(.move(.up))
            case UInt8(ascii: "D"): entries.append(.move(.down))
            case UInt8(ascii: "Z"): entries.append(.undo)
            case UInt8(ascii: "X"):
                var digits = (0, 0)
                for which in 0..<2 {
                    guard let digitIndex = nextSignificant(from: offset) else { return .failure(.missingDigits(start: index)) }
                    let byte = bytes[digitIndex]
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                        return .failure(.notADigit(start: index, offset: digitIndex))
                    }
                    if which == 0 { digits.0 = Int(byte &- UInt8(ascii: "0")) } else { digits.1 = Int(byte &- UInt8(ascii: "0")) }
                    offset = digitIndex &+ 1
                }
                entries.append(.remove(Cell(row: digits.0, column: digits.1)))
            default:
                return .failure(.unexpected(offset: index))
            }
        }
        return .success(entries)
    }

    /// The record in notation, e.g. `LLURZDX03L`.
    public var description: String {
        entries.map(\.description).joined()
    }

    /// The white space a record file may contain anywhere.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The character starting at a UTF-8 offset, named safely for an error
    /// message (control characters and white space as U+XXXX).
    private static func describe(_ text: String, at offset: Int) -> String {
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        guard let scalar = text.unicodeScalars[index...].first else { return "the end" }
        if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(scalar)'"
    }
}
