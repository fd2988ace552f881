import Testing
import TileRaceEngine

@testable import TileRaceProtocol

/// One framer input and what it must produce: lines, or errors by code.
private struct FramerCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [UInt8]
    var expected: [Result]
    var limit = 1024

    enum Result: Equatable, Sendable {
        case line(String)
        case error(ErrorCode)
    }

    var testDescription: String { name }
}

private let cases: [FramerCase] = [
    FramerCase(name: "one line", input: Array("HELLO tilerace 1\n".utf8), expected: [.line("HELLO tilerace 1")]),
    FramerCase(name: "crlf", input: Array("PING\r\nWHO\r\n".utf8), expected: [.line("PING"), .line("WHO")]),
    FramerCase(name: "partial tail is kept", input: Array("ROOMS\nJOI".utf8), expected: [.line("ROOMS")]),
    FramerCase(name: "empty lines", input: Array("\n\r\nA\n".utf8), expected: [.line(""), .line(""), .line("A")]),
    FramerCase(name: "utf8", input: Array("INFO héllo ✓\n".utf8), expected: [.line("INFO héllo ✓")]),
    FramerCase(
        name: "invalid utf8 then a good line", input: [0x41, 0xFF, 0xFE, 0x0A] + Array("OK\n".utf8),
        expected: [.error(.badLine), .line("OK")]),
    FramerCase(
        name: "escape sequence", input: Array("NICK \u{1B}[31mred\nPING\n".utf8),
        expected: [.error(.badLine), .line("PING")]),
    FramerCase(name: "lone carriage return inside", input: Array("A\rB\n".utf8), expected: [.error(.badLine)]),
    FramerCase(name: "delete character", input: Array("A\u{7F}B\nOK\n".utf8), expected: [.error(.badLine), .line("OK")]),
    FramerCase(
        name: "overlong encoding", input: [0x2F, 0xC0, 0xAF, 0x0A] + Array("OK\n".utf8), expected: [.error(.badLine), .line("OK")]),
    FramerCase(name: "encoded surrogate", input: [0x41, 0xED, 0xA0, 0x80, 0x0A], expected: [.error(.badLine)]),
    FramerCase(name: "sequence cut by the line end", input: [0x41, 0xE2, 0x9C, 0x0A], expected: [.error(.badLine)]),
    FramerCase(name: "four-byte character", input: Array("SAY 🀄 tile\n".utf8), expected: [.line("SAY 🀄 tile")]),
    FramerCase(
        name: "exactly the limit", input: Array((String(repeating: "x", count: 8) + "\n").utf8),
        expected: [.line("xxxxxxxx")], limit: 8),
    FramerCase(
        name: "limit with crlf", input: Array((String(repeating: "x", count: 8) + "\r\n").utf8),
        expected: [.line("xxxxxxxx")], limit: 8),
    FramerCase(
        name: "one over the limit, then recovery",
        input: Array((String(repeating: "x", count: 9) + "\nOK\n").utf8),
        expected: [.error(.lineTooLong), .line("OK")], limit: 8),
    FramerCase(
        name: "very long line reported once",
        input: Array((String(repeating: "y", count: 100) + "\nOK\n").utf8),
        expected: [.error(.lineTooLong), .line("OK")], limit: 8),
]

/// Feeds `chunks` to a framer, collecting everything it yields.
private func run(_ chunks: [[UInt8]], limit: Int) -> [FramerCase.Result] {
    var framer = LineFramer(maximumLineLength: limit)
    var results: [FramerCase.Result] = []
    for chunk in chunks {
        framer.append(chunk)
        results += takeLines(from: &framer)
    }
    return results
}

/// Takes every line (or error) the framer has.
private func takeLines(from framer: inout LineFramer) -> [FramerCase.Result] {
    var results: [FramerCase.Result] = []
    while true {
        do {
            guard let line = try framer.nextLine() else { return results }
            results.append(.line(line))
        } catch {
            results.append(.error(error.code))
        }
    }
}

@Suite struct LineFramerTests {
    @Test(arguments: cases)
    fileprivate func wholeInput(_ testCase: FramerCase) {
        #expect(run([testCase.input], limit: testCase.limit) == testCase.expected)
    }

    @Test(arguments: cases)
    fileprivate func byteByByte(_ testCase: FramerCase) {
        #expect(run(testCase.input.map { [$0] }, limit: testCase.limit) == testCase.expected)
    }

    @Test(arguments: cases)
    fileprivate func randomSplits(_ testCase: FramerCase) {
        var random = SplitMix64(seed: 99)
        for _ in 0..<50 {
            var chunks: [[UInt8]] = []
            var rest = testCase.input[...]
            while !rest.isEmpty {
                let length = Int(random.next() % UInt64(min(rest.count, 7))) + 1
                chunks.append(Array(rest.prefix(length)))
                rest = rest.dropFirst(length)
            }
            #expect(run(chunks, limit: testCase.limit) == testCase.expected)
        }
    }

    /// An array, any other sequence (here a slice) and the memory a read
    /// went into (the server's case) are framed alike.
    @Test(arguments: cases)
    fileprivate func slicesAndReadMemoryAreFramedAsArrays(_ testCase: FramerCase) {
        var framer = LineFramer(maximumLineLength: testCase.limit)
        framer.append(testCase.input[...])
        #expect(takeLines(from: &framer) == testCase.expected)
        var lent = LineFramer(maximumLineLength: testCase.limit)
        var results: [FramerCase.Result] = []
        for chunk in [testCase.input.prefix(3), testCase.input.dropFirst(3)] {
            Array(chunk).withUnsafeBytes { lent.append($0) }
            results += takeLines(from: &lent)
        }
        #expect(results == testCase.expected)
    }

    /// The framer's plain `MOVE` (the server's fast path) takes exactly the
    /// lines `nextLine()` would return that read as a plain `MOVE`, and
    /// leaves every other line, partial line and long line to `nextLine()`:
    /// mixing the two reads gives what `nextLine()` alone gives.
    @Test func plainMovesAreTakenWhereTheyLieAndTheRestIsLeft() {
        let input = "MOVE 1 L\r\nPING\nMOVE 2 RU\nMOVE 03 L\n\u{1}MOVE 4 L\n" + String(repeating: "L", count: 40) + "\nMOVE 5 D\nMOVE 6"
        var plain = LineFramer(maximumLineLength: 32)
        var lines = LineFramer(maximumLineLength: 32)
        plain.append(Array(input.utf8))
        lines.append(Array(input.utf8))
        var mixed: [FramerCase.Result] = []
        var moves: [ClientMessage] = []
        while true {
            if let move = plain.nextPlainMove() {
                moves.append(move)
                mixed.append(.line(move.line))
                continue
            }
            do {
                guard let line = try plain.nextLine() else { break }
                mixed.append(.line(line))
            } catch {
                mixed.append(.error(error.code))
            }
        }
        #expect(mixed == takeLines(from: &lines))
        #expect(
            moves == [
                .move(seq: 1, entries: [.move(.left)]), .move(seq: 2, entries: [.move(.right), .move(.up)]),
                .move(seq: 5, entries: [.move(.down)]),
            ])
        // The partial line waits; once whole, it is taken.
        #expect(plain.nextPlainMove() == nil && plain.bufferedByteCount == 6)
        plain.append(Array(" L\n".utf8))
        #expect(plain.nextPlainMove() == .move(seq: 6, entries: [.move(.left)]))
        #expect(plain.bufferedByteCount == 0)
    }

    @Test func partialLineOverTheLimitIsReportedBeforeItsEnd() {
        var framer = LineFramer(maximumLineLength: 16)
        framer.append(Array(repeating: UInt8(ascii: "z"), count: 40))
        #expect(throws: ProtocolError.self) { try framer.nextLine() }
        framer.append(Array(repeating: UInt8(ascii: "z"), count: 4000))
        #expect((try? framer.nextLine()) == .some(nil))
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func bufferDoesNotGrowWithConsumedLines() {
        var framer = LineFramer()
        for _ in 0..<10_000 {
            framer.append(Array("MOVE 1 L\n".utf8))
            #expect((try? framer.nextLine()) == "MOVE 1 L")
        }
        #expect(framer.bufferedByteCount == 0)
    }
}
