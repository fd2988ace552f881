import Testing

@testable import TileRaceProtocol

/// The scratch writer behind `OK MOVE`: what it writes reaches the array
/// whole, in order, after what was there.
@Suite struct ByteCursorTests {
    @Test func numbersAreWrittenAsStringWritesThem() {
        let values = [
            0, 1, 9, 10, 11, 99, 100, 101, 2048, 999_999, 1_000_000, 999_999_999_999_999_999, 1_000_000_000_000_000_000, Int.max, -1, -9,
            -10, -2048, -1_000_000_000_000_000_000, Int.min + 1, Int.min,
        ]
        for value in values {
            var bytes = Array("x=".utf8)
            ByteCursor.append(to: &bytes, capacity: ByteCursor.maximumDecimalLength) { $0.write(decimal: value) }
            #expect(String(decoding: bytes, as: UTF8.self) == "x=\(value)")
        }
    }

    @Test func piecesFollowEachOtherAfterWhatWasThere() {
        var bytes = Array("OK".utf8)
        ByteCursor.append(to: &bytes, capacity: 64) { cursor in
            cursor.write(" n=")
            cursor.write(decimal: -42)
            cursor.write(" on=")
            cursor.write(flag: true)
            cursor.write(" off=")
            cursor.write(flag: false)
            cursor.write(" why=")
            cursor.write(word: FinishReason.resigned.rawValue)
            cursor.write(byte: UInt8(ascii: "\n"))
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "OK n=-42 on=yes off=no why=resigned\n")
    }

    @Test func aLineMayFillItsCapacityExactly() {
        var bytes: [UInt8] = []
        ByteCursor.append(to: &bytes, capacity: 25) { cursor in
            cursor.write("seq=")
            cursor.write(decimal: Int.min)
            cursor.write(byte: UInt8(ascii: "!"))
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "seq=\(Int.min)!")
        #expect(bytes.count == 25)
    }

    @Test func nothingWrittenAppendsNothing() {
        var bytes = Array("kept".utf8)
        ByteCursor.append(to: &bytes, capacity: 8) { _ in }
        #expect(bytes == Array("kept".utf8))
    }

    /// The longest acknowledgement fits the scratch memory `OK MOVE` gets.
    @Test func theLongestAcknowledgementFits() {
        let longest = MoveAck(
            seq: Int.min, score: Int.min, moves: Int.min, largestTile: Int.min, hasWon: true, isOver: true,
            finished: FinishReason.allCases.max { $0.rawValue.utf8.count < $1.rawValue.utf8.count })
        var bytes: [UInt8] = []
        ServerMessage.ok(.move(longest)).write(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == ServerMessage.ok(.move(longest)).line + "\n")
        #expect(bytes.count <= MoveAck.maximumWrittenLength + 16)
    }

    @Test func textAppendsAsItsUTF8() {
        for text in ["", "OK", "café ✓ 🀄", String(repeating: "long ", count: 40)] {
            var bytes = Array(">".utf8)
            LineBytes.append(text, to: &bytes)
            #expect(bytes == Array(">".utf8) + Array(text.utf8))
        }
    }
}
