import Testing

@testable import TileRaceEngine

/// Where tiles go in a move, for animations; worked out by hand.
struct TileMotionTests {
    @Test func slideAndMergeLeft() throws {
        let board = try Board(rows: [[2, 2, 2, 0], [0, 0, 0, 4], [0, 0, 0, 0], [0, 0, 0, 0]])
        let motions = board.motions(for: .left)
        #expect(
            motions == [
                TileMotion(from: Cell(row: 0, column: 0), to: Cell(row: 0, column: 0), value: 2, isMerging: false),
                TileMotion(from: Cell(row: 0, column: 1), to: Cell(row: 0, column: 0), value: 2, isMerging: true),
                TileMotion(from: Cell(row: 0, column: 2), to: Cell(row: 0, column: 1), value: 2, isMerging: false),
                TileMotion(from: Cell(row: 1, column: 3), to: Cell(row: 1, column: 0), value: 4, isMerging: false),
            ])
    }

    @Test func mergesPairFromTheEdgeMovedToward() throws {
        // Right: [2, 2, 2, 0] -> [0, 0, 2, 4]; the two right-most 2s merge in column 3.
        let board = try Board(rows: [[2, 2, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        #expect(
            board.motions(for: .right) == [
                TileMotion(from: Cell(row: 0, column: 0), to: Cell(row: 0, column: 2), value: 2, isMerging: false),
                TileMotion(from: Cell(row: 0, column: 1), to: Cell(row: 0, column: 3), value: 2, isMerging: true),
                TileMotion(from: Cell(row: 0, column: 2), to: Cell(row: 0, column: 3), value: 2, isMerging: false),
            ])
    }

    @Test func columnsMoveDown() throws {
        let board = try Board(rows: [[8, 0, 0], [0, 0, 0], [8, 0, 0]])
        #expect(
            board.motions(for: .down) == [
                TileMotion(from: Cell(row: 0, column: 0), to: Cell(row: 2, column: 0), value: 8, isMerging: true),
                TileMotion(from: Cell(row: 2, column: 0), to: Cell(row: 2, column: 0), value: 8, isMerging: false),
            ])
    }

    @Test func noMotionsWhenNothingChanges() throws {
        let board = try Board(rows: [[2, 4, 0], [0, 0, 0], [0, 0, 0]])
        #expect(board.motions(for: .left).isEmpty)
        #expect(board.motions(for: .up).isEmpty)
    }
}
