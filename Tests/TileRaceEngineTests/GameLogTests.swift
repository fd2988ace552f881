import Testing

@testable import TileRaceEngine

/// The record notation and its parser's errors.
struct GameLogTests {
    @Test func parsesEveryKindOfEntry() throws {
        let log = try GameLog(parsing: "LLURZDX03L")
        #expect(
            log.entries == [
                .move(.left), .move(.left), .move(.up), .move(.right), .undo, .move(.down),
                .remove(Cell(row: 0, column: 3)), .move(.left),
            ])
        #expect(log.description == "LLURZDX03L")
    }

    @Test func parsesTheEmptyRecord() throws {
        #expect(try GameLog(parsing: "").entries.isEmpty)
    }

    @Test func removalDigitsMayBeOffBoard() throws {
        // The notation allows any digit; the game refuses off-board cells.
        #expect(try GameLog(parsing: "X99").entries == [.remove(Cell(row: 9, column: 9))])
    }

    @Test func ignoresWhiteSpaceOnlyWhenAsked() throws {
        let text = "L R\n\tU\r\nX 0\n3 \u{0B}Z\u{0C}"
        let log = try GameLog(parsing: text, ignoringWhitespace: true)
        #expect(log.description == "LRUX03Z")
        #expect(throws: EngineError.self) { try GameLog(parsing: text) }
    }

    /// Each fault, the position it names (from 1) and the exact message.
    static let faults: [(String, Bool, Int, String)] = [
        ("LQ", false, 2, "found 'Q'; expected one of L R U D Z or X<row><column>"),
        ("l", false, 1, "found 'l'; expected one of L R U D Z or X<row><column>"),
        ("LLé", false, 3, "found 'é'; expected one of L R U D Z or X<row><column>"),
        ("LZ😀", false, 3, "found '😀'; expected one of L R U D Z or X<row><column>"),
        ("L R", false, 2, "found U+0020; expected one of L R U D Z or X<row><column>"),
        ("L\n", false, 2, "found U+000A; expected one of L R U D Z or X<row><column>"),
        ("X", false, 1, "X needs two digits, row then column, but the record ends"),
        ("LX1", false, 2, "X needs two digits, row then column, but the record ends"),
        ("Xa1", false, 2, "expected a digit for X at position 1, found 'a'"),
        ("LLX1b", false, 5, "expected a digit for X at position 3, found 'b'"),
        ("X1 2", false, 3, "expected a digit for X at position 1, found U+0020"),
        ("L\n X0 \n", true, 4, "X needs two digits, row then column, but the record ends"),
        ("L \n q", true, 5, "found 'q'; expected one of L R U D Z or X<row><column>"),
    ]

    @Test func faultsNameTheirPosition() {
        for (text, ignoringWhitespace, position, detail) in GameLogTests.faults {
            #expect(throws: EngineError.malformedLog(position: position, detail: detail), "\(text)") {
                try GameLog(parsing: text, ignoringWhitespace: ignoringWhitespace)
            }
        }
    }

    @Test func entriesDescribeThemselves() {
        #expect(GameLog.Entry.move(.down).description == "D")
        #expect(GameLog.Entry.undo.description == "Z")
        #expect(GameLog.Entry.remove(Cell(row: 7, column: 2)).description == "X72")
        #expect(Direction(letter: "U") == .up)
        #expect(Direction(letter: "x") == nil)
    }
}
