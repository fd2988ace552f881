import Testing

@testable import TileRaceEngine

/// Every error's stable code and exact message, in one table.
struct EngineErrorTests {
    static let table: [(EngineError, String, String)] = [
        (.emptySeed, "empty-seed", "the seed is empty; give digits or any text, e.g. 42 or friday"),
        (.invalidSize(9), "invalid-size", "board size 9 is not allowed; use 3 to 8"),
        (.invalidTarget(3000), "invalid-target", "target 3000 is not allowed; use a power of two from 8 to 1048576"),
        (.moveChangesNothing(.up), "move-changes-nothing", "move U changes nothing"),
        (.nothingToUndo, "nothing-to-undo", "nothing to undo"),
        (.emptyCell(row: 1, column: 2), "empty-cell", "cell row 1 column 2 is empty"),
        (.offBoard(row: 4, column: 0, size: 4), "off-board", "cell row 4 column 0 is off the 4x4 board"),
        (.gameOver, "game-over", "the game is over: no move is possible"),
        (.malformedLog(position: 3, detail: "found 'q'"), "malformed-log", "game record, position 3: found 'q'"),
        (.invalidTileValue(3), "invalid-tile-value", "tile value 3 is not 0 or a power of two from 2"),
        (.invalidBoardShape, "invalid-board-shape", "the board rows do not form a square of size 3 to 8"),
    ]

    @Test func codesAndMessages() {
        for (error, code, message) in EngineErrorTests.table {
            #expect(error.code == code)
            #expect(error.message == message)
            #expect(error.description == message)
        }
        #expect(Set(EngineErrorTests.table.map(\.1)).count == EngineErrorTests.table.count)
    }

    @Test func configValidation() throws {
        #expect(throws: EngineError.invalidSize(2)) { try GameConfig(size: 2) }
        #expect(throws: EngineError.invalidSize(9)) { try GameConfig(size: 9) }
        #expect(throws: EngineError.invalidTarget(4)) { try GameConfig(target: 4) }
        #expect(throws: EngineError.invalidTarget(3000)) { try GameConfig(target: 3000) }
        #expect(throws: EngineError.invalidTarget(1 << 21)) { try GameConfig(target: 1 << 21) }
        #expect(try GameConfig(size: 3, target: 8).targetExponent == 3)
        #expect(try GameConfig(size: 8, target: 1 << 20).targetExponent == 20)
        #expect(GameConfig.standard == (try GameConfig()))
    }
}
