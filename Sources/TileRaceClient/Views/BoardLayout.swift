/// How big a board's tiles are drawn and where each lands, chosen to fit
/// the room available: bigger terminals get bigger tiles.
struct BoardLayout: Hashable, Sendable {
    /// Tile sizes (columns, rows) from smallest to largest; a tile about twice
    /// as wide as tall looks square in a terminal.
    static let tileSizes: [(width: Int, height: Int)] = [
        (4, 1), (5, 1), (6, 1), (7, 3), (9, 3), (9, 4), (11, 5), (13, 6), (15, 7), (17, 8), (19, 9), (21, 10),
        (23, 11), (25, 12),
    ]

    var boardSize: Int
    var tileWidth: Int
    var tileHeight: Int
    /// The columns between tiles (and at the edges).
    var gapX: Int
    /// The rows between tiles (and at the edges).
    var gapY: Int

    var width: Int { boardSize * tileWidth + (boardSize + 1) * gapX }
    var height: Int { boardSize * tileHeight + (boardSize + 1) * gapY }

    /// A layout with a given tile size; outlined (uncoloured) boards use
    /// one-column gaps for their grid lines.
    init(boardSize: Int, tileWidth: Int, tileHeight: Int, isOutlined: Bool) {
        self.boardSize = boardSize
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.gapX = isOutlined || tileHeight < 3 ? 1 : 2
        self.gapY = 1
    }

    /// The largest layout that fits, or nil when even the smallest does not.
    static func best(boardSize: Int, maxWidth: Int, maxHeight: Int, isOutlined: Bool) -> BoardLayout? {
        var best: BoardLayout?
        for size in tileSizes {
            let layout = BoardLayout(boardSize: boardSize, tileWidth: size.width, tileHeight: size.height, isOutlined: isOutlined)
            if layout.width <= maxWidth, layout.height <= maxHeight { best = layout }
        }
        return best
    }

    static func smallest(boardSize: Int, isOutlined: Bool) -> BoardLayout {
        BoardLayout(boardSize: boardSize, tileWidth: tileSizes[0].width, tileHeight: tileSizes[0].height, isOutlined: isOutlined)
    }

    /// The rectangle of the tile at a row and column, for a board whose corner is at (`originX`, `originY`).
    func tileRect(row: Int, column: Int, originX: Int, originY: Int) -> Rect {
        Rect(
            x: originX + gapX + column * (tileWidth + gapX), y: originY + gapY + row * (tileHeight + gapY),
            width: tileWidth, height: tileHeight)
    }
}
