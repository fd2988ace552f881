import TileRaceEngine

/// The colours screen: the theme, each colour code with its R G B and a
/// preview; while editing, the fields and a live preview.
enum ColoursView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        let saved = model.config.theme
        Chrome.header("COLOURS · theme: \(saved.name) (t: next theme)", theme: theme, into: &frame)
        var note: String?
        if model.colourMode == .none {
            note = "this terminal shows no colour (NO_COLOR or TERM=dumb): colours are saved but not shown"
        } else if let count = model.colourMode.basicColourCount, saved.usesColour {
            note = "\(count) colours here: each code shows as the nearest that keeps neighbours apart"
        } else if !saved.usesColour {
            note = "the mono theme has no colours to edit: t picks another theme"
        }
        if let note { frame.text(Format.fit(note, frame.width - 2).trimmingTrailingSpaces, x: 1, y: 1, style: theme.warned) }

        let state = model.colours ?? ColourEditorState()
        let codes = Theme.editableCodes
        let listTop = 2
        let visible = frame.height - listTop - 3
        let selection = state.selection
        let start = min(max(0, selection - visible / 2), max(0, codes.count - visible))
        // The numbers are the theme's; the blocks are drawn as this terminal shows them.
        let preview = model.theme.colours(for: model.colourMode)
        for (offset, code) in codes.enumerated().dropFirst(start).prefix(visible) {
            let y = listTop + offset - start
            let isSelected = offset == selection
            let editing = isSelected ? state.editing : nil
            drawRow(
                code: code, y: y, isSelected: isSelected, editing: editing, colour: model.theme.colour(code: code),
                overridden: model.config.colourOverrides[saved.name]?[String(code)] != nil,
                preview: preview, theme: theme, into: &frame)
        }
        // A board of sample tiles in the previewed colours.
        if frame.width >= 104, preview.usesColour,
            var board = try? Board(rows: [[0, 2, 4, 8], [16, 32, 64, 128], [256, 512, 1024, 2048], [4096, 8192, 16384, 32768]]),
            let layout = BoardLayout.best(boardSize: 4, maxWidth: frame.width - 78, maxHeight: frame.height - 6, isOutlined: false)
        {
            board.setExponent(0, row: 0, column: 0)
            frame.text("preview", x: 80, y: 2, style: preview.muted)
            BoardView.draw(board, layout: layout, x: 80, y: 3, theme: preview, into: &frame)
        }
        return state.editing != nil
            ? [("Tab", "next field"), ("0-255", "type"), ("↑↓", "±1"), ("Enter", "confirm"), ("Esc", "cancel")]
            : [("↑↓", "choose code"), ("Enter", "edit"), ("x", "theme colour"), ("t", "theme"), ("q", "back")]
    }

    private static func drawRow(
        code: Int, y: Int, isSelected: Bool, editing: ColourEditorState.Fields?, colour: RGB?,
        overridden: Bool, preview: Theme, theme: Theme, into frame: inout Frame
    ) {
        let base = isSelected ? theme.selected : theme.base
        frame.text(isSelected ? "▸" : " ", x: 1, y: y, style: theme.selected)
        let label = "code " + Format.fit(String(code), 6, alignRight: true) + (code == 0 ? " (background)" : "")
        frame.text(label, x: 3, y: y, style: base)
        guard let colour, preview.usesColour else { return }
        var x = 30
        for (index, name) in ["R", "G", "B"].enumerated() {
            let text: String
            var style = theme.base
            if let editing {
                text = editing.texts[index] + (editing.focus == index ? "_" : "")
                if editing.value(index) == nil { style = theme.warned }
                if editing.focus == index {
                    style.isBold = true
                    style.isUnderlined = true
                }
            } else {
                text = String([colour.red, colour.green, colour.blue][index])
            }
            frame.text(name + " [", x: x, y: y, style: theme.muted)
            frame.text(Format.fit(text, 4, alignRight: true), x: x + 3, y: y, style: style)
            frame.text("]", x: x + 7, y: y, style: theme.muted)
            x += 10
        }
        if overridden { frame.text("*", x: x - 1, y: y, style: theme.accented) }
        x += 1
        let block = Rect(x: x, y: y, width: 8, height: 1)
        if code == 0 {
            frame.fill(block, style: CellStyle(background: preview.boardBackground))
            frame.fill(Rect(x: x + 2, y: y, width: 4, height: 1), style: CellStyle(background: preview.emptyCell))
        } else {
            let exponent = code.trailingZeroBitCount
            let style = preview.tileStyle(exponent: exponent)
            frame.fill(block, style: style)
            let text = Format.tile(code, width: 6)
            frame.text(text, x: x + (8 - text.count) / 2, y: y, style: style)
        }
    }
}
