import Testing

@testable import TileRaceRedis

/// `RESPParser`: one table of values fed whole, byte by byte and split at
/// seeded random points; one table of malformed inputs and their messages.
@Suite struct RESPParserTests {
    /// Wire text and the values it holds.
    static let stream: [(String, RESPValue)] = [
        ("+OK\r\n", .simple("OK")),
        ("+\r\n", .simple("")),
        ("-ERR unknown command 'FOO'\r\n", .error("ERR unknown command 'FOO'")),
        (":0\r\n", .integer(0)),
        (":-42\r\n", .integer(-42)),
        (":9223372036854775807\r\n", .integer(Int.max)),
        (":-9223372036854775808\r\n", .integer(Int.min)),
        ("$3\r\nabc\r\n", .bulk(Array("abc".utf8))),
        ("$0\r\n\r\n", .bulk([])),
        ("$-1\r\n", .bulk(nil)),
        ("$6\r\na\r\nb\0\u{1}\r\n", .bulk([97, 13, 10, 98, 0, 1])),
        ("*0\r\n", .array([])),
        ("*-1\r\n", .array(nil)),
        ("*2\r\n$5\r\nhello\r\n:7\r\n", .array([.bulk(Array("hello".utf8)), .integer(7)])),
        (
            "*3\r\n*2\r\n:1\r\n*0\r\n$-1\r\n*1\r\n*1\r\n-ERR deep\r\n",
            .array([.array([.integer(1), .array([])]), .bulk(nil), .array([.array([.error("ERR deep")])])])
        ),
        ("*2\r\n*-1\r\n+x\r\n", .array([.array(nil), .simple("x")])),
        ("$4\r\n\u{FF}\u{FE}\r\n", .bulk([0xC3, 0xBF, 0xC3, 0xBE])),
    ]

    static var wire: [UInt8] { stream.flatMap { Array($0.0.utf8) } }
    static var values: [RESPValue] { stream.map(\.1) }

    /// Feeds `chunks` in order, collecting every value as soon as it is complete.
    static func parse(_ chunks: [ArraySlice<UInt8>], parser: RESPParser = RESPParser()) throws(RedisError) -> [RESPValue] {
        var parser = parser
        var values: [RESPValue] = []
        for chunk in chunks {
            parser.append(chunk)
            while let value = try parser.next() { values.append(value) }
        }
        #expect(parser.bufferedByteCount == 0)
        return values
    }

    @Test func wholeInOneChunk() throws {
        let wire = RESPParserTests.wire
        #expect(try RESPParserTests.parse([wire[...]]) == RESPParserTests.values)
    }

    @Test func byteByByte() throws {
        let wire = RESPParserTests.wire
        #expect(try RESPParserTests.parse(wire.indices.map { wire[$0...$0] }) == RESPParserTests.values)
    }

    @Test(arguments: 1...40) func splitAtRandomPoints(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let wire = RESPParserTests.wire
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        while start < wire.count {
            let end = min(wire.count, start + 1 + Int(random.next() % 24))
            chunks.append(wire[start..<end])
            start = end
        }
        #expect(try RESPParserTests.parse(chunks) == RESPParserTests.values)
    }

    @Test func nothingComesOutOfAnIncompleteValue() throws {
        var parser = RESPParser()
        for text in ["*2\r\n:1\r\n", "$5\r\nhel", "+OK\r", "*1\r\n*1\r\n"] {
            parser = RESPParser()
            parser.append(Array(text.utf8))
            #expect(try parser.next() == nil)
        }
    }

    @Test func aBigArrayArrivingInChunks() throws {
        let count = 20000
        var wire: [UInt8] = Array("*\(count)\r\n".utf8)
        for index in 0..<count { wire += Array("$\(String(index).count)\r\n\(index)\r\n".utf8) }
        let chunks = stride(from: 0, to: wire.count, by: 1000).map { wire[$0..<min(wire.count, $0 + 1000)] }
        let values = try RESPParserTests.parse(chunks)
        #expect(values.count == 1)
        #expect(values.first?.array?.count == count)
        #expect(values.first?.array?.last?.integer == count - 1)
    }

    /// Malformed input, and the exact message it gives.
    static let malformed: [(String, String)] = [
        ("?5\r\n", "unknown type byte '?': expected one of + - : $ *"),
        ("%1\r\n", "unknown type byte '%': expected one of + - : $ *"),
        ("\r\n", "unknown type byte 0x0D: expected one of + - : $ *"),
        (":12a\r\n", "bad integer \"12a\": expected digits, with an optional -"),
        (":\r\n", "bad integer \"\": expected digits, with an optional -"),
        (":99999999999999999999\r\n", "bad integer \"99999999999999999999\": expected digits, with an optional -"),
        ("$x\r\n", "bad bulk string length \"x\": expected -1 or more"),
        ("$-2\r\n", "bad bulk string length \"-2\": expected -1 or more"),
        ("*-5\r\n", "bad array length \"-5\": expected -1 or more"),
        ("$3\r\nabcd\r\n", "missing CRLF after a bulk string of 3 bytes"),
        ("+OK\n", "missing CRLF: a bare LF ends a line after '+'"),
        ("+OK\rX", "missing CRLF: a CR not followed by LF after '+'"),
        (":1\r:", "missing CRLF: a CR not followed by LF after ':'"),
        ("$1000\r\n", "bulk string length 1000 is over the limit of 100"),
        ("*11\r\n", "array length 11 is over the limit of 10"),
        ("*1\r\n*1\r\n*1\r\n*1\r\n:1\r\n", "arrays nest deeper than the limit of 3"),
        (":" + String(repeating: "1", count: 30), "a line after ':' is longer than 24 bytes without a CRLF"),
    ]

    @Test(arguments: malformed) func malformedInputIsAProtocolViolation(text: String, message: String) {
        var parser = RESPParser(maximumBulkLength: 100, maximumArrayLength: 10, maximumDepth: 3)
        parser.append(Array(text.utf8))
        #expect(throws: RedisError.protocolViolation(message)) { while try parser.next() != nil {} }
        // The stream cannot be trusted after that: the error stays.
        parser.append(Array("+OK\r\n".utf8))
        #expect(throws: RedisError.protocolViolation(message)) { try parser.next() }
    }

    @Test func theDeepestAllowedNestingParses() throws {
        var parser = RESPParser(maximumDepth: 3)
        parser.append(Array("*1\r\n*1\r\n*1\r\n:1\r\n".utf8))
        #expect(try parser.next() == .array([.array([.array([.integer(1)])])]))
    }

    @Test func encodedCommandsComeBackAsArraysOfBulkStrings() throws {
        let commands = [["SET", "k", "a\r\nb"], ["GET", ""], ["EVAL", "return 1", "0"], ["PING"], ["ZADD", "board", "-1", "名前"]]
        let wire = commands.flatMap(RESPEncoder.command)
        let values = try RESPParserTests.parse(wire.indices.map { wire[$0...$0] })
        #expect(values == commands.map { command in .array(command.map { .bulk(Array($0.utf8)) }) })
    }

    @Test func accessors() throws {
        #expect(RESPValue.simple("OK").string == "OK")
        #expect(RESPValue.bulk(Array("12".utf8)).string == "12")
        #expect(RESPValue.bulk([0xFF]).string == nil)
        #expect(RESPValue.bulk(nil).string == nil)
        #expect(RESPValue.integer(5).string == nil)
        #expect(RESPValue.integer(-5).integer == -5)
        #expect(RESPValue.bulk(Array("-17".utf8)).integer == -17)
        #expect(RESPValue.simple("3").integer == 3)
        #expect(RESPValue.bulk(Array("3.5".utf8)).integer == nil)
        #expect(RESPValue.error("1").integer == nil)
        #expect(RESPValue.array([.integer(1)]).array == [.integer(1)])
        #expect(RESPValue.array(nil).array == nil)
        #expect(try RESPValue.integer(1).checked() == .integer(1))
        #expect(throws: RedisError.server("ERR no")) { try RESPValue.error("ERR no").checked() }
    }
}

/// SplitMix64, for seeded splits that never change between Swift versions.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
