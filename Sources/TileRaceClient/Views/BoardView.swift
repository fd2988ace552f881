import TileRaceEngine

/// Coloured blocks with centred values, or grid lines when the theme has no colour.
enum BoardView {
    struct Decorations {
        var cursor: Cell?
        /// With its progress (0 to 1).
        var animation: (TileAnimation, Double)?
        /// Arrows on the edge the tiles would slide to.
        var hint: Direction?
    }

    static func draw(
        _ board: Board, layout: BoardLayout, x: Int, y: Int, theme: Theme,
        decorations: Decorations = Decorations(), into frame: inout Frame
    ) {
        let bounds = Rect(x: x, y: y, width: layout.width, height: layout.height)
        if theme.usesColour {
            frame.fill(bounds, style: CellStyle(background: theme.boardBackground))
        } else {
            frame.fill(bounds, style: theme.base)
            drawGrid(layout: layout, bounds: bounds, theme: theme, into: &frame)
        }
        func rect(_ cell: Cell) -> Rect {
            layout.tileRect(row: cell.row, column: cell.column, originX: x, originY: y)
        }
        let size = board.size
        if let (animation, progress) = decorations.animation, progress < 1 {
            let slide = progress / TileAnimation.slideShare
            if slide < 1 {
                for row in 0..<size {
                    for column in 0..<size {
                        drawTile(exponent: 0, in: rect(Cell(row: row, column: column)), theme: theme, into: &frame)
                    }
                }
                let eased = 1 - pow(1 - slide, 3)
                for motion in animation.motions {
                    let from = rect(motion.from)
                    let to = rect(motion.to)
                    let moving = Rect(
                        x: from.x + Int((Double(to.x - from.x) * eased).rounded()),
                        y: from.y + Int((Double(to.y - from.y) * eased).rounded()),
                        width: from.width, height: from.height)
                    drawTile(exponent: motion.value.trailingZeroBitCount, in: moving, theme: theme, into: &frame)
                }
                return
            }
            let pop = (progress - TileAnimation.slideShare) / (1 - TileAnimation.slideShare)
            let merged = Set(animation.motions.filter(\.isMerging).map(\.to))
            for row in 0..<size {
                for column in 0..<size {
                    let cell = Cell(row: row, column: column)
                    var tileRect = rect(cell)
                    var exponent = board.exponent(row: row, column: column)
                    if cell == animation.spawn?.cell {
                        drawTile(exponent: 0, in: tileRect, theme: theme, into: &frame)
                        tileRect = scaled(tileRect, by: 0.3 + 0.7 * pop)
                    } else if merged.contains(cell), pop < 0.6, theme.usesColour {
                        tileRect = Rect(x: tileRect.x - 1, y: tileRect.y, width: tileRect.width + 2, height: tileRect.height)
                    }
                    if exponent == 0, cell == animation.spawn?.cell { exponent = 1 }
                    drawTile(exponent: exponent, in: tileRect, theme: theme, into: &frame)
                }
            }
            return
        }
        for row in 0..<size {
            for column in 0..<size {
                let cell = Cell(row: row, column: column)
                drawTile(exponent: board.exponent(row: row, column: column), in: rect(cell), theme: theme, into: &frame)
            }
        }
        // A heavy warning-colour outline when the tile is big enough, else reverse video.
        if let cursor = decorations.cursor, board.contains(row: cursor.row, column: cursor.column) {
            let tile = rect(cursor)
            if tile.height >= 3, tile.width >= 4 {
                frame.box(tile, style: CellStyle(foreground: theme.usesColour ? theme.warning : nil, isBold: true), lines: .heavy)
            } else {
                frame.restyle(tile) { style in
                    style.isReversed = true
                    style.isBold = true
                }
            }
        }
        if let hint = decorations.hint {
            drawHint(hint, layout: layout, bounds: bounds, theme: theme, into: &frame)
        }
    }

    /// One beside each row (left, right) or column (up, down).
    private static func drawHint(_ direction: Direction, layout: BoardLayout, bounds: Rect, theme: Theme, into frame: inout Frame) {
        let style =
            theme.usesColour
            ? CellStyle(foreground: theme.accent, background: theme.boardBackground, isBold: true) : theme.accented.bold
        for index in 0..<layout.boardSize {
            let tile = layout.tileRect(row: index, column: index, originX: bounds.x, originY: bounds.y)
            let (arrow, x, y): (String, Int, Int) =
                switch direction {
                case .left: ("◀", bounds.x, tile.y + tile.height / 2)
                case .right: ("▶", bounds.maxX - 1, tile.y + tile.height / 2)
                case .up: ("▲", tile.x + tile.width / 2, bounds.y)
                case .down: ("▼", tile.x + tile.width / 2, bounds.maxY - 1)
                }
            frame.text(arrow, x: x, y: y, style: style)
        }
    }

    /// Exponent 0: an empty cell.
    static func drawTile(exponent: Int, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let style = theme.tileStyle(exponent: exponent)
        frame.fill(rect, style: theme.usesColour ? style : theme.base)
        guard exponent > 0 else {
            if !theme.usesColour, rect.width >= 1 {
                frame.text("·", x: rect.x + rect.width / 2, y: rect.y + (rect.height - 1) / 2, style: theme.muted)
            }
            return
        }
        let value = 1 << exponent
        drawLabel(value, in: rect, style: theme.usesColour ? style : CellStyle(isBold: exponent >= 7), into: &frame)
    }

    /// Big digits when they fit, else text.
    static func drawLabel(_ value: Int, in rect: Rect, style: CellStyle, into frame: inout Frame) {
        let full = String(value)
        if rect.height >= BigDigits.height + 2, BigDigits.width(of: full) + 2 <= rect.width {
            let width = BigDigits.width(of: full)
            BigDigits.draw(
                full, x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - BigDigits.height) / 2,
                style: style, into: &frame)
            return
        }
        let text = Format.tile(value, width: rect.width)
        frame.text(text, x: rect.x + (rect.width - text.count + 1) / 2, y: rect.y + (rect.height - 1) / 2, style: style)
    }

    /// In the board's gap rows and columns.
    private static func drawGrid(layout: BoardLayout, bounds: Rect, theme: Theme, into frame: inout Frame) {
        let n = layout.boardSize
        let style = theme.muted
        for line in 0...n {
            let y = bounds.y + line * (layout.tileHeight + 1)
            for x in bounds.x..<bounds.maxX {
                let column = (x - bounds.x) % (layout.tileWidth + 1) == 0 ? (x - bounds.x) / (layout.tileWidth + 1) : -1
                // Rows of the table: top, middle, bottom; in each, left, middle, right.
                let crossing = Array("┌┬┐├┼┤└┴┘")[(line == 0 ? 0 : line == n ? 6 : 3) + (column == 0 ? 0 : column == n ? 2 : 1)]
                frame.text(column < 0 ? "─" : String(crossing), x: x, y: y, style: style)
            }
        }
        for column in 0...n {
            let x = bounds.x + column * (layout.tileWidth + 1)
            for y in bounds.y..<bounds.maxY where (y - bounds.y) % (layout.tileHeight + 1) != 0 {
                frame.text("│", x: x, y: y, style: style)
            }
        }
    }

    private static func scaled(_ rect: Rect, by factor: Double) -> Rect {
        let width = max(1, Int((Double(rect.width) * factor).rounded()))
        let height = max(1, Int((Double(rect.height) * factor).rounded()))
        return Rect(x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width, height: height)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
