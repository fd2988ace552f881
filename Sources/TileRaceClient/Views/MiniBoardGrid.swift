/// How the opponents' boards are laid out beside ours: the largest cells
/// (4 to 8 columns, 1 to 3 rows) with which every board fits the space, so
/// they grow with the window like our own board does.
struct MiniBoardGrid: Equatable {
    var cellWidth: Int
    var cellHeight: Int
    /// Boards side by side.
    var columns: Int
    var boardSize: Int

    var boardWidth: Int { boardSize * cellWidth }
    /// The rows of one board with its name above and a gap below.
    var blockHeight: Int { boardSize * cellHeight + 2 }

    /// The largest grid for `count` boards of `boardSize` in `width` x
    /// `height`, or nil when not even the smallest fits one board in two columns.
    static func best(count: Int, boardSize: Int, width: Int, height: Int) -> MiniBoardGrid? {
        guard count > 0 else { return nil }
        var best: MiniBoardGrid?
        for cellHeight in 1...3 {
            for cellWidth in RaceView.miniCellWidth...8 {
                let boardWidth = boardSize * cellWidth
                let columns = max(1, (width + 3) / (boardWidth + 3))
                let rows = (count + columns - 1) / columns
                let grid = MiniBoardGrid(cellWidth: cellWidth, cellHeight: cellHeight, columns: columns, boardSize: boardSize)
                let isSmallest = cellWidth == RaceView.miniCellWidth && cellHeight == 1
                // Cells keep a tile's shape: a terminal cell is about twice as tall as wide.
                guard cellHeight == 1 || cellWidth >= 2 * cellHeight + 1 else { continue }
                // The smallest cells may show only the first row of boards; larger ones must show all.
                guard boardWidth <= width, rows * grid.blockHeight <= height || (isSmallest && grid.blockHeight <= height) else { continue }
                // The smallest cells keep the old rule: room for two boards side by side.
                if cellWidth == RaceView.miniCellWidth, cellHeight == 1, width < 2 * (boardWidth + 3) { continue }
                if best.map({ cellWidth * cellHeight > $0.cellWidth * $0.cellHeight }) ?? true { best = grid }
            }
        }
        return best
    }
}
