import Testing

@testable import TileRaceEngine

/// Moves on whole boards, expectations worked out by hand.
struct BoardTests {
    static let start = [
        [2, 0, 2, 4],
        [0, 4, 4, 4],
        [8, 0, 0, 8],
        [2, 2, 2, 2],
    ]

    @Test func valuesAreTheRowsInOneList() throws {
        for rows in [BoardTests.start, [[0, 2, 0], [4, 0, 8], [0, 0, 16]], Array(repeating: Array(repeating: 0, count: 8), count: 8)] {
            let board = try Board(rows: rows)
            #expect(board.values == rows.flatMap { $0 })
        }
    }

    @Test func slidesLeft() throws {
        var board = try Board(rows: BoardTests.start)
        let result = board.slide(.left)
        #expect(board.rows == [[4, 4, 0, 0], [8, 4, 0, 0], [16, 0, 0, 0], [4, 4, 0, 0]])
        #expect(result?.points == 4 + 8 + 16 + 4 + 4)
        #expect(result?.largestMergedExponent == 4)
    }

    @Test func slidesRight() throws {
        var board = try Board(rows: BoardTests.start)
        let result = board.slide(.right)
        #expect(board.rows == [[0, 0, 4, 4], [0, 0, 4, 8], [0, 0, 0, 16], [0, 0, 4, 4]])
        #expect(result?.points == 4 + 8 + 16 + 4 + 4)
    }

    @Test func slidesUp() throws {
        var board = try Board(rows: BoardTests.start)
        let result = board.slide(.up)
        // Columns top to bottom: [2,0,8,2] [0,4,0,2] [2,4,0,2] [4,4,8,2].
        #expect(board.rows == [[2, 4, 2, 8], [8, 2, 4, 8], [2, 0, 2, 2], [0, 0, 0, 0]])
        #expect(result?.points == 8)
    }

    @Test func slidesDown() throws {
        var board = try Board(rows: BoardTests.start)
        let result = board.slide(.down)
        // Columns read from the bottom: [2,8,0,2] [2,0,4,0] [2,0,4,2] [2,8,4,4].
        #expect(board.rows == [[0, 0, 0, 0], [2, 0, 2, 8], [8, 4, 4, 8], [2, 2, 2, 2]])
        #expect(result?.points == 8)
    }

    @Test func aMoveThatChangesNothingLeavesTheBoard() throws {
        var board = try Board(rows: [[2, 4, 0, 0], [4, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        let before = board
        #expect(board.slide(.left) == nil)
        #expect(board.slide(.up) == nil)
        #expect(board == before)
        #expect(board.sliding(.right) != nil)
    }

    @Test func fullBoardWithoutMovesCannotMove() throws {
        let board = try Board(rows: [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]])
        #expect(!board.canMove)
        for direction in Direction.allCases { #expect(board.sliding(direction) == nil) }
    }

    @Test func fullBoardWithEqualNeighboursCanMove() throws {
        let sideBySide = try Board(rows: [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 8, 8], [4, 2, 4, 2]])
        #expect(sideBySide.canMove)
        #expect(sideBySide.sliding(.left) != nil)
        #expect(sideBySide.sliding(.up) == nil)
        let aboveEachOther = try Board(rows: [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 8], [4, 2, 4, 8]])
        #expect(aboveEachOther.canMove)
        #expect(aboveEachOther.sliding(.up) != nil)
        #expect(aboveEachOther.sliding(.left) == nil)
    }

    @Test func emptyBoardCannotMove() {
        #expect(!Board(size: 4).canMove)
        #expect(!Board(size: 3).canMove)
    }

    @Test func aLoneTileCanMove() throws {
        let board = try Board(rows: [[0, 0, 0], [0, 2, 0], [0, 0, 0]])
        #expect(board.canMove)
        for direction in Direction.allCases { #expect(board.sliding(direction) != nil) }
    }

    @Test func threeByThree() throws {
        var board = try Board(rows: [[2, 2, 2], [0, 4, 4], [8, 0, 8]])
        #expect(board.slide(.right)?.points == 4 + 8 + 16)
        #expect(board.rows == [[0, 2, 4], [0, 0, 8], [0, 0, 16]])
        // Up changes nothing: columns [0,0,0] [2,0,0] [4,8,16] are already packed.
        #expect(board.slide(.up) == nil)
        // Down moves the 2 alone and scores nothing.
        #expect(board.slide(.down)?.points == 0)
        #expect(board.rows == [[0, 0, 4], [0, 0, 8], [0, 2, 16]])
    }

    @Test func eightByEight() throws {
        var rows = Array(repeating: Array(repeating: 0, count: 8), count: 8)
        rows[7] = [2, 2, 2, 2, 2, 2, 2, 2]
        rows[0][7] = 16
        rows[6][7] = 16
        var board = try Board(rows: rows)
        #expect(board.slide(.down)?.points == 32)
        // Column 7 from the bottom: 2, 16, 16 -> 2, 32.
        #expect(board[7, 7] == 2 && board[6, 7] == 32 && board[5, 7] == 0)
        #expect(board.slide(.left)?.points == 16)
        #expect(board.rows[7] == [4, 4, 4, 4, 0, 0, 0, 0])
        #expect(board.rows[6] == [32, 0, 0, 0, 0, 0, 0, 0])
        #expect(board.largestValue == 32)
        #expect(board.emptyCount == 59)
    }

    @Test func refusesBadRows() {
        #expect(throws: EngineError.invalidBoardShape) { try Board(rows: [[2, 0], [0, 2]]) }
        #expect(throws: EngineError.invalidBoardShape) { try Board(rows: [[2, 0, 0], [0, 2, 0]]) }
        #expect(throws: EngineError.invalidTileValue(3)) { try Board(rows: [[3, 0, 0], [0, 0, 0], [0, 0, 0]]) }
        #expect(throws: EngineError.invalidTileValue(1)) { try Board(rows: [[1, 0, 0], [0, 0, 0], [0, 0, 0]]) }
    }

    @Test func readsCells() throws {
        let board = try Board(rows: [[0, 2, 0], [0, 0, 1024], [4, 0, 0]])
        #expect(board[1, 2] == 1024)
        #expect(board.exponent(row: 1, column: 2) == 10)
        #expect(board.exponent(row: 0, column: 0) == 0)
        #expect(board.contains(row: 2, column: 2))
        #expect(!board.contains(row: 3, column: 0))
        #expect(!board.contains(row: 0, column: -1))
        #expect(board.largestExponent == 10)
        #expect(board.emptyCount == 6)
    }
}
