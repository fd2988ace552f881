struct FrameCell: Hashable, Sendable {
    /// Always one column wide.
    var character: Character
    var style: CellStyle

    static let blank = FrameCell(character: " ", style: .plain)
}

/// What a view draws and `FrameDiff` compares. Drawing outside is clipped, never an error.
struct Frame: Hashable, Sendable {
    let width: Int
    let height: Int
    /// Row by row.
    private(set) var cells: [FrameCell]

    init(width: Int, height: Int, filling cell: FrameCell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: cell, count: self.width * self.height)
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    subscript(x: Int, y: Int) -> FrameCell { cells[y * width + x] }

    /// Clipped. A style without background keeps the one there, to write over a coloured block.
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

    /// Cut to `width` (ending with `…`); `y` moves on to the next row.
    mutating func line(_ string: String, x: Int, y: inout Int, width: Int, style: CellStyle) {
        text(Format.fit(string, width).trimmingTrailingSpaces, x: x, y: y, style: style)
        y += 1
    }

    /// Text wider than `rect` is cut, ending with `…`.
    mutating func centeredText(_ string: String, in rect: Rect, y: Int, style: CellStyle = .plain) {
        let length = string.count
        let x = rect.x + max(0, (rect.width - length) / 2)
        text(length > rect.width ? Format.fit(string, rect.width) : string, x: x, y: y, style: style)
    }

    /// The style is taken as is.
    mutating func fill(_ rect: Rect, character: Character = " ", style: CellStyle = .plain) {
        let cell = FrameCell(character: character, style: style)
        let (columns, rows) = clipped(rect)
        for y in rows {
            for x in columns {
                cells[y * width + x] = cell
            }
        }
    }

    /// Keeps the characters.
    mutating func restyle(_ rect: Rect, _ change: (inout CellStyle) -> Void) {
        let (columns, rows) = clipped(rect)
        for y in rows {
            for x in columns {
                change(&cells[y * width + x].style)
            }
        }
    }

    /// Possibly none.
    private func clipped(_ rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        let left = min(width, max(0, rect.x))
        let right = max(left, min(width, rect.maxX))
        let top = min(height, max(0, rect.y))
        let bottom = max(top, min(height, rect.maxY))
        return (left..<right, top..<bottom)
    }

    mutating func box(_ rect: Rect, style: CellStyle = .plain, lines: BoxLines = .light) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let parts = lines.characters.map(String.init)
        let rule = String(repeating: parts[4], count: rect.width - 2)
        text(parts[0] + rule + parts[1], x: rect.x, y: rect.y, style: style)
        text(parts[2] + rule + parts[3], x: rect.x, y: rect.maxY - 1, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            text(parts[5], x: rect.x, y: y, style: style)
            text(parts[5], x: rect.maxX - 1, y: y, style: style)
        }
    }

    /// Trailing spaces removed: what snapshots compare.
    var plainText: String {
        (0..<height).map { y in String(cells[(y * width)..<((y + 1) * width)].map(\.character)).trimmingTrailingSpaces }
            .joined(separator: "\n")
    }
}

/// The corners (top left, top right, bottom left, bottom right), then the horizontal and the vertical line.
struct BoxLines: Sendable {
    let characters: [Character]

    static let light = BoxLines(characters: Array("┌┐└┘─│"))
    static let rounded = BoxLines(characters: Array("╭╮╰╯─│"))
    static let heavy = BoxLines(characters: Array("┏┓┗┛━┃"))
}
