/// Incremental RESP2: arrays are built as elements arrive, so a large reply is read once.
/// Strict (`\r\n` endings, length and depth limits); after a violation it keeps throwing,
/// since the stream cannot be trusted.
public struct RESPParser: Sendable {
    private struct OpenArray: Sendable {
        var count: Int
        var elements: [RESPValue]
    }

    private enum Token {
        case value(RESPValue)
        case arrayHeader(Int)
    }

    private let maximumBulkLength: Int
    private let maximumArrayLength: Int
    private let maximumDepth: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var open: [OpenArray] = []
    private var failure: RedisError?

    /// Each limit itself is allowed; one more is a protocol violation.
    public init(maximumBulkLength: Int = 64 << 20, maximumArrayLength: Int = 1 << 20, maximumDepth: Int = 32) {
        self.maximumBulkLength = maximumBulkLength
        self.maximumArrayLength = maximumArrayLength
        self.maximumDepth = maximumDepth
    }

    /// The bytes received but not yet returned as values.
    public var bufferedByteCount: Int { buffer.count - position }

    public mutating func append(_ bytes: some Collection<UInt8>) {
        if position > 0, position * 2 >= buffer.count {
            buffer.removeFirst(position)
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Nil if more bytes are needed.
    /// - Throws: `RedisError.protocolViolation` for malformed input.
    public mutating func next() throws(RedisError) -> RESPValue? {
        if let failure { throw failure }
        do throws(RedisError) {
            while let token = try nextToken() {
                var value: RESPValue
                switch token {
                case .arrayHeader(let count):
                    guard open.count < maximumDepth else {
                        throw .protocolViolation("arrays nest deeper than the limit of \(maximumDepth)")
                    }
                    open.append(OpenArray(count: count, elements: []))
                    open[open.count - 1].elements.reserveCapacity(min(count, 1024))
                    continue
                case .value(let scalar):
                    value = scalar
                }
                // Into the innermost open array, closing every array it completes.
                while !open.isEmpty {
                    open[open.count - 1].elements.append(value)
                    guard open[open.count - 1].elements.count == open[open.count - 1].count else { break }
                    value = .array(open.removeLast().elements)
                }
                if open.isEmpty { return value }
            }
            return nil
        } catch {
            failure = error
            throw error
        }
    }

    // MARK: Tokens

    /// Nil, consuming nothing, until it is all here.
    private mutating func nextToken() throws(RedisError) -> Token? {
        guard position < buffer.count else { return nil }
        let type = buffer[position]
        guard RESPParser.types.contains(type) else {
            throw .protocolViolation("unknown type byte \(RESPParser.describe(type)): expected one of + - : $ *")
        }
        guard let (line, afterLine) = try line(from: position + 1, type: type) else { return nil }
        switch type {
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            position = afterLine
            let text = String(decoding: line, as: UTF8.self)
            return .value(type == UInt8(ascii: "+") ? .simple(text) : .error(text))
        case UInt8(ascii: ":"):
            guard let number = RESPParser.integer(line) else {
                throw .protocolViolation("bad integer \(RESPParser.quoted(line)): expected digits, with an optional -")
            }
            position = afterLine
            return .value(.integer(number))
        case UInt8(ascii: "$"):
            let length = try length(line, of: "bulk string", limit: maximumBulkLength)
            guard length >= 0 else {
                position = afterLine
                return .value(.bulk(nil))
            }
            let end = afterLine + length
            guard buffer.count >= end + 2 else { return nil }
            guard buffer[end] == 13, buffer[end + 1] == 10 else {
                throw .protocolViolation("missing CRLF after a bulk string of \(length) bytes")
            }
            position = end + 2
            return .value(.bulk(Array(buffer[afterLine..<end])))
        case UInt8(ascii: "*"):
            let count = try length(line, of: "array", limit: maximumArrayLength)
            position = afterLine
            if count < 0 { return .value(.array(nil)) }
            if count == 0 { return .value(.array([])) }
            return .arrayHeader(count)
        default:
            preconditionFailure("checked above")
        }
    }

    /// Nil if the line is not all here yet.
    private func line(from start: Int, type: UInt8) throws(RedisError) -> (ArraySlice<UInt8>, Int)? {
        let isText = type == UInt8(ascii: "+") || type == UInt8(ascii: "-")
        // A simple string or error may be as long as a bulk string; a number needs 24 bytes at most.
        let limit = isText ? max(maximumBulkLength, 64) : 24
        var index = start
        while index < buffer.count {
            switch buffer[index] {
            case 13:
                guard index + 1 < buffer.count else { return nil }
                guard buffer[index + 1] == 10 else {
                    throw .protocolViolation("missing CRLF: a CR not followed by LF after \(RESPParser.describe(type))")
                }
                return (buffer[start..<index], index + 2)
            case 10:
                throw .protocolViolation("missing CRLF: a bare LF ends a line after \(RESPParser.describe(type))")
            default:
                index += 1
            }
            if index - start > limit {
                throw .protocolViolation("a line after \(RESPParser.describe(type)) is longer than \(limit) bytes without a CRLF")
            }
        }
        return nil
    }

    /// A bulk string's length or an array's count: -1 (null) up to `limit`.
    private func length(_ line: ArraySlice<UInt8>, of what: String, limit: Int) throws(RedisError) -> Int {
        guard let length = RESPParser.integer(line), length >= -1 else {
            throw .protocolViolation("bad \(what) length \(RESPParser.quoted(line)): expected -1 or more")
        }
        guard length <= limit else {
            throw .protocolViolation("\(what) length \(length) is over the limit of \(limit)")
        }
        return length
    }

    // MARK: Text

    /// The type bytes of RESP2: `+ - : $ *`.
    private static let types: [UInt8] = Array("+-:$*".utf8)

    private static func integer(_ line: ArraySlice<UInt8>) -> Int? {
        let digits = line.first == UInt8(ascii: "-") ? line.dropFirst() : line
        guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(String(decoding: line, as: UTF8.self))
    }

    private static func quoted(_ line: ArraySlice<UInt8>) -> String {
        "\"" + line.prefix(32).map { (32..<127).contains($0) ? String(UnicodeScalar($0)) : "\\x" + hex($0) }.joined() + "\""
    }

    private static func describe(_ byte: UInt8) -> String {
        (33..<127).contains(byte) ? "'\(UnicodeScalar(byte))'" : "0x" + hex(byte)
    }

    private static func hex(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}
