/// One cell of a frame: a character one column wide and its style.
struct FrameCell: Hashable, Sendable {
    /// The character shown (always one column wide).
    var character: Character
    var style: CellStyle

    /// A space in the terminal's default look.
    static let blank = FrameCell(character: " ", style: .plain)
}

/// A whole screen as a grid of cells: what a view draws and `FrameDiff`
/// compares. Drawing outside the grid is clipped, never an error.
struct Frame: Hashable, Sendable {
    let width: Int
    let height: Int
    /// The cells, row by row.
    private(set) var cells: [FrameCell]

    init(width: Int, height: Int, filling cell: FrameCell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: cell, count: self.width * self.height)
    }

    init(size: TerminalSize, filling cell: FrameCell = .blank) {
        self.init(width: size.width, height: size.height, filling: cell)
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at a column and row.
    subscript(x: Int, y: Int) -> FrameCell {
        get { cells[y * width + x] }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    /// Writes text from (x, y) to the right, one column per character, clipped.
    /// A style without background keeps the background already there, so text
    /// can be written over a coloured block.
    @discardableResult
    mutating func text(_ string: String, x: Int, y: Int, style: CellStyle = .plain) -> Int {
        var column = x
        guard y >= 0, y < height else { return x + string.count }
        for character in string {
            if column >= width { return x + string.count }
            if column >= 0 {
                var cellStyle = style
                if style.background == nil { cellStyle.background = cells[y * width + column].style.background }
                cells[y * width + column] = FrameCell(character: character, style: cellStyle)
            }
            column += 1
        }
        return column
    }

    /// Writes text centred in a row of `rect` (its `width` columns from
    /// `x`); text wider than that is cut, ending with `…`.
    mutating func centeredText(_ string: String, in rect: Rect, y: Int, style: CellStyle = .plain) {
        let length = string.count
        let x = rect.x + max(0, (rect.width - length) / 2)
        text(length > rect.width ? Format.fit(string, rect.width) : string, x: x, y: y, style: style)
    }

    /// Fills a rectangle with a character in a style (the style is taken as is).
    mutating func fill(_ rect: Rect, character: Character = " ", style: CellStyle = .plain) {
        let cell = FrameCell(character: character, style: style)
        let (columns, rows) = clipped(rect)
        for y in rows {
            for x in columns {
                cells[y * width + x] = cell
            }
        }
    }

    /// Changes the style of the cells in a rectangle, keeping their characters.
    mutating func restyle(_ rect: Rect, _ change: (inout CellStyle) -> Void) {
        let (columns, rows) = clipped(rect)
        for y in rows {
            for x in columns {
                change(&cells[y * width + x].style)
            }
        }
    }

    /// The columns and rows of `rect` that lie inside the frame (possibly none).
    private func clipped(_ rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        let left = min(width, max(0, rect.x))
        let right = max(left, min(width, rect.maxX))
        let top = min(height, max(0, rect.y))
        let bottom = max(top, min(height, rect.maxY))
        return (left..<right, top..<bottom)
    }

    /// Draws a box outline along the edges of `rect`.
    mutating func box(_ rect: Rect, style: CellStyle = .plain, lines: BoxLines = .light) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let horizontal = String(repeating: lines.horizontal, count: rect.width - 2)
        text(String(lines.topLeft) + horizontal + String(lines.topRight), x: rect.x, y: rect.y, style: style)
        text(String(lines.bottomLeft) + horizontal + String(lines.bottomRight), x: rect.x, y: rect.maxY - 1, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            text(String(lines.vertical), x: rect.x, y: y, style: style)
            text(String(lines.vertical), x: rect.maxX - 1, y: y, style: style)
        }
    }

    /// Copies another frame onto this one with its top left at (x, y), clipped.
    mutating func draw(_ other: Frame, x: Int, y: Int) {
        for row in 0..<other.height {
            for column in 0..<other.width {
                self[x + column, y + row] = other[column, row]
            }
        }
    }

    /// The characters row by row, trailing spaces removed: what snapshots compare.
    var plainText: String {
        (0..<height).map { y in
            var line = String(cells[(y * width)..<((y + 1) * width)].map(\.character))
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}

struct BoxLines: Sendable {
    var topLeft: Character
    var topRight: Character
    var bottomLeft: Character
    var bottomRight: Character
    /// The top and bottom edges.
    var horizontal: Character
    /// The left and right edges.
    var vertical: Character

    /// Thin lines with square corners.
    static let light = BoxLines(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
    /// Thin lines with round corners.
    static let rounded = BoxLines(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
    static let heavy = BoxLines(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
}
