/// A game record: `L R U D` moves, `Z` undo, `X<row><column>` removal (`LLURZDX03L`).
/// A timed record follows each entry with `@` and the milliseconds since the entry before
/// (the first since the first move, usually `@0`): `L@0D@153R@87`. Timed throughout or not at all.
public struct GameLog: Hashable, Sendable, CustomStringConvertible {
    /// One step of a record.
    public enum Entry: Hashable, Sendable, CustomStringConvertible {
        case move(Direction)
        /// Undo the last move or removal.
        case undo
        /// Remove the tile at a cell.
        case remove(Cell)

        public var description: String {
            switch self {
            case .move(let direction): String(direction.letter)
            case .undo: "Z"
            case .remove(let cell): "X\(cell.row)\(cell.column)"
            }
        }
    }

    public private(set) var entries: [Entry]

    /// Timed only: milliseconds from the first move to each entry, never decreasing.
    public private(set) var times: [Int]?

    /// Nine digits: about 11 days.
    public static let maximumGap = 999_999_999

    /// Creates an untimed record from entries.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
        self.times = nil
    }

    /// Nil unless one time per entry, none negative or decreasing, no gap above `maximumGap`.
    public init?(_ entries: [Entry], times: [Int]) {
        guard entries.count == times.count else { return nil }
        var previous = 0
        for time in times {
            guard time >= previous, time - previous <= GameLog.maximumGap else { return nil }
            previous = time
        }
        self.entries = entries
        self.times = times
    }

    /// Whether the record says when each entry was applied.
    public var isTimed: Bool { times != nil }

    public var untimed: GameLog { GameLog(entries) }

    /// - Precondition: the record is untimed.
    public mutating func append(_ entry: Entry) {
        precondition(times == nil, "append(_:at:) adds to a timed record")
        entries.append(entry)
    }

    /// An empty untimed record becomes timed; a time before the last entry's counts as it.
    /// - Precondition: the record is timed, or empty.
    public mutating func append(_ entry: Entry, at milliseconds: Int) {
        precondition(times != nil || entries.isEmpty, "append(_:) adds to an untimed record")
        let last = times?.last ?? 0
        let time = min(max(milliseconds, last), last + GameLog.maximumGap)
        entries.append(entry)
        // In place: a client appends at every move.
        times = times ?? []
        times?.append(time)
    }

    /// `ignoringWhitespace` skips white space anywhere, as in files.
    /// - Throws: `.malformedLog` naming the 1-based character position of the first fault.
    public init(parsing text: String, ignoringWhitespace: Bool = false) throws(EngineError) {
        var text = text
        let parsed = text.withUTF8 { bytes in GameLog.parse(bytes, ignoringWhitespace: ignoringWhitespace) }
        switch parsed {
        case .success(let record):
            self.entries = record.entries
            self.times = record.times
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
        /// The `@` at `offset` has no digits, or more than nine.
        case badTime(offset: Int)
        /// `timed` says which the record is.
        case mixedTiming(offset: Int, timed: Bool)

        /// Every byte before `offset` was ASCII (non-ASCII is a fault), so offset + 1 is the position.
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
            case .badTime(let offset):
                .malformedLog(position: offset + 1, detail: "@ needs the milliseconds since the entry before, 1 to 9 digits")
            case .mixedTiming(let offset, let timed):
                .malformedLog(
                    position: offset + 1,
                    detail: timed
                        ? "this entry has no @<milliseconds>, but the record's first entry has one: a record is timed throughout"
                        : "this entry has an @<milliseconds>, but the record's first entry has none: a record is timed throughout")
            }
        }
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, ignoringWhitespace: Bool
    ) -> Result<(entries: [Entry], times: [Int]?), Fault> {
        var entries: [Entry] = []
        entries.reserveCapacity(bytes.count)
        var times: [Int] = []
        var timed: Bool?
        var offset = 0
        /// The offset of the next byte that is not skipped white space, or nil at the end.
        func nextSignificant(from start: Int) -> Int? {
            var index = start
            // The white space a record file may contain anywhere.
            while index < bytes.count, ignoringWhitespace, bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
                index &+= 1
            }
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
            // The entry's time, if the record is timed.
            let at = nextSignificant(from: offset)
            let hasTime = at.map { bytes[$0] == UInt8(ascii: "@") } ?? false
            if timed == nil { timed = hasTime }
            guard hasTime == timed else { return .failure(.mixedTiming(offset: index, timed: timed == true)) }
            guard hasTime, let at else { continue }
            var gap = 0
            var digits = 0
            offset = at &+ 1
            while let digitIndex = nextSignificant(from: offset), bytes[digitIndex] >= UInt8(ascii: "0"),
                bytes[digitIndex] <= UInt8(ascii: "9")
            {
                digits &+= 1
                guard digits <= 9 else { return .failure(.badTime(offset: at)) }
                gap = gap &* 10 &+ Int(bytes[digitIndex] &- UInt8(ascii: "0"))
                offset = digitIndex &+ 1
            }
            guard digits > 0 else { return .failure(.badTime(offset: at)) }
            times.append((times.last ?? 0) &+ gap)
        }
        return .success((entries, timed == true ? times : nil))
    }

    public var description: String {
        guard let times else { return entries.map(\.description).joined() }
        var text = ""
        var previous = 0
        for (entry, time) in zip(entries, times) {
            text += entry.description + "@" + String(time - previous)
            previous = time
        }
        return text
    }

    /// Control characters and white space named as U+XXXX.
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
