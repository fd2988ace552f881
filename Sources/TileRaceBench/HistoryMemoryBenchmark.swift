import TileRaceEngine

/// The undo history's memory for the longest game the server keeps (100,000
/// entries since the start, no undo): what one connection's game can hold.
enum HistoryMemoryBenchmark {
    static let entries = 100_000

    /// What one game's history took.
    struct Measurement {
        var size: Int
        /// Whether a tile was removed after every move (the packed worst case).
        var removesAfterEveryMove: Bool
        var depth: Int
        var bytes: Int
    }

    /// Plays `entries` entries on a `size` board (moves, and a removal when few
    /// cells are empty or, when asked, after every move) and measures the history.
    static func measure(size: Int, removesAfterEveryMove: Bool) -> Measurement {
        var game = Game(config: (try? GameConfig(size: size, target: 2048)) ?? .standard, seed: Seed(1))
        let preference: [Direction] = [.left, .down, .right, .up]
        while game.historyDepth < entries, !game.isOver {
            if removesAfterEveryMove || game.board.emptyCount < 3, game.historyDepth > 0, let cell = smallTile(on: game.board) {
                try? game.removeTile(at: cell)
                if game.historyDepth == entries { break }
            }
            guard let direction = preference.first(where: { game.board.sliding($0) != nil }) else { break }
            _ = game.moveIfValid(direction)
        }
        return Measurement(
            size: size, removesAfterEveryMove: removesAfterEveryMove, depth: game.historyDepth, bytes: game.historyMemoryByteCount)
    }

    /// The first tile of value 2 or 4, if there is one and it is not the only tile.
    private static func smallTile(on board: Board) -> Cell? {
        let cells = (0..<board.size * board.size).map { Cell(row: $0 / board.size, column: $0 % board.size) }
        guard cells.filter({ board[$0.row, $0.column] != 0 }).count > 1 else { return nil }
        return cells.first { (2...4).contains(board[$0.row, $0.column]) }
    }
}
