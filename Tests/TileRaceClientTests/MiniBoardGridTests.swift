import Testing

@testable import TileRaceClient

@Suite struct MiniBoardGridTests {
    @Test func boardsFitTheSpaceOrAreLeftOut() {
        let short = MiniBoardGrid.best(count: 1, boardSize: 4, width: 47, height: 8)
        #expect(short?.cellHeight == 1)
        #expect((short?.boardWidth ?? 99) <= 47)
        #expect(MiniBoardGrid.best(count: 1, boardSize: 4, width: 12, height: 8) == nil)
        #expect(MiniBoardGrid.best(count: 1, boardSize: 4, width: 47, height: 5) == nil)
    }

    @Test func opponentsBoardsGrowWithTheWindow() throws {
        let grid = try #require(MiniBoardGrid.best(count: 2, boardSize: 4, width: 100, height: 30))
        #expect(grid.cellWidth > RaceView.miniCellWidth)
        #expect(grid.cellHeight > 1)
        #expect(grid.columns * (grid.boardWidth + 3) <= 103)
        let three = try #require(MiniBoardGrid.best(count: 3, boardSize: 4, width: 100, height: 30))
        #expect(((3 + three.columns - 1) / three.columns) * three.blockHeight <= 30)
    }
}
