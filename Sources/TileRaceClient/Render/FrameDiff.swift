/// Turns (previous frame, next frame) into the bytes that update the
/// terminal: cursor moves and the changed cells only, as one buffer for a
/// single `write()`. Pure: no terminal involved.
enum FrameDiff {
    /// The most unchanged cells rewritten instead of moving the cursor over them
    /// (a cursor move costs about as many bytes).
    static let maximumSkipRewrite = 4

    /// The bytes that turn the screen showing `old` into `new`. With no `old`
    /// or a different size, the screen is cleared and redrawn whole.
    static func bytes(from old: Frame?, to new: Frame, colourMode: ColourMode) -> [UInt8] {
        var output: [UInt8] = []
        let isFullRedraw = old.map { $0.width != new.width || $0.height != new.height } ?? true
        // Every buffer ends with the style reset, so each one starts from plain.
        var currentStyle = CellStyle.plain
        var cursor: (x: Int, y: Int)?
        if isFullRedraw {
            output += Array((ANSI.resetStyle + ANSI.clearScreen).utf8)
        }
        // Without colour, cells that differ only in colour look the same.
        func shown(_ cell: FrameCell) -> FrameCell {
            guard colourMode == .none else { return cell }
            var plain = cell
            plain.style.foreground = nil
            plain.style.background = nil
            return plain
        }
        for y in 0..<new.height {
            for x in 0..<new.width {
                let cell = shown(new[x, y])
                let isChanged = isFullRedraw ? cell != .blank : cell != shown(old![x, y])
                guard isChanged else { continue }
                if let at = cursor, at.y == y, at.x == x {
                    // Already there.
                } else if let at = cursor, at.y == y, x > at.x, x - at.x <= maximumSkipRewrite,
                    (at.x..<x).allSatisfy({ shown(new[$0, y]).style == currentStyle })
                {
                    for skipped in at.x..<x { output += Array(String(new[skipped, y].character).utf8) }
                } else {
                    output += Array(ANSI.moveCursor(x: x, y: y).utf8)
                }
                if cell.style != currentStyle {
                    output += Array(ANSI.style(cell.style, mode: colourMode).utf8)
                    currentStyle = cell.style
                }
                output += Array(String(cell.character).utf8)
                cursor = x + 1 < new.width ? (x + 1, y) : nil
            }
        }
        if currentStyle != .plain {
            output += Array(ANSI.resetStyle.utf8)
        }
        return output
    }
}
