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

    @Test func timedRecordsCarryEachEntrysTime() throws {
        let log = try GameLog(parsing: "L@0D@153X03@87Z@0")
        #expect(log.entries == [.move(.left), .move(.down), .remove(Cell(row: 0, column: 3)), .undo])
        #expect(log.times == [0, 153, 240, 240])
        #expect(log.isTimed)
        #expect(log.description == "L@0D@153X03@87Z@0")
        #expect(log.untimed.description == "LDX03Z")
        #expect(log.untimed.times == nil)
    }

    @Test func timedRecordsMayBeSpacedInFiles() throws {
        let log = try GameLog(parsing: "L @ 1 2\nR@3", ignoringWhitespace: true)
        #expect(log.times == [12, 15])
    }

    @Test func timedRecordsAreBuiltEntryByEntry() throws {
        var log = GameLog()
        log.append(.move(.up), at: 5)
        log.append(.move(.left), at: 1_005)
        log.append(.undo, at: 900)  // a clock that went back counts as the last time
        #expect(log.description == "U@5L@1000Z@0")
        #expect(try GameLog(parsing: log.description) == log)
        #expect(GameLog([.move(.up)], times: [1, 2]) == nil)
        #expect(GameLog([.move(.up), .move(.down)], times: [5, 4]) == nil)
        #expect(GameLog([.move(.up)], times: [-1]) == nil)
        #expect(GameLog([.move(.up)], times: [GameLog.maximumGap + 1]) == nil)
        #expect(GameLog([.move(.up), .undo], times: [0, GameLog.maximumGap])?.description == "U@0Z@999999999")
    }

    /// Faults of timed records: the position and the exact message.
    static let timingFaults: [(String, Int, String)] = [
        ("L@", 2, "@ needs the milliseconds since the entry before, 1 to 9 digits"),
        ("L@x", 2, "@ needs the milliseconds since the entry before, 1 to 9 digits"),
        ("L@1234567890", 2, "@ needs the milliseconds since the entry before, 1 to 9 digits"),
        (
            "L@0R", 4,
            "this entry has no @<milliseconds>, but the record's first entry has one: a record is timed throughout"
        ),
        (
            "LR@5", 2,
            "this entry has an @<milliseconds>, but the record's first entry has none: a record is timed throughout"
        ),
        ("@5", 1, "found '@'; expected one of L R U D Z or X<row><column>"),
        ("L@5@6", 4, "found '@'; expected one of L R U D Z or X<row><column>"),
    ]

    @Test func timingFaultsNameTheirPosition() {
        for (text, position, detail) in GameLogTests.timingFaults {
            #expect(throws: EngineError.malformedLog(position: position, detail: detail), "\(text)") {
                try GameLog(parsing: text)
            }
        }
    }

    @Test func replayIgnoresTimes() throws {
        let timed = try Replay.run(seedText: "42", log: "L@0D@10R@10D@10L@10U@10L@10Z@10D@10X30@10L@10")
        let plain = try Replay.run(seedText: "42", log: "LDRDLULZDX30L")
        #expect(timed.game == plain.game)
        #expect(timed.game.score == 20)
    }

    @Test func entriesDescribeThemselves() {
        #expect(GameLog.Entry.move(.down).description == "D")
        #expect(GameLog.Entry.undo.description == "Z")
        #expect(GameLog.Entry.remove(Cell(row: 7, column: 2)).description == "X72")
        #expect(Direction(rawValue: "U") == .up)
        #expect(Direction(rawValue: "x") == nil)
    }
}
