/// The figure rows of a side panel (practice, daily, a watched record): each
/// label muted on the left, its value right-aligned within the panel.
enum PanelFigures {
    /// One row: a label, a value, and the value's style (nil: the theme's bold).
    struct Row {
        var label: String
        var value: String
        var style: CellStyle?

        init(_ label: String, _ value: String, style: CellStyle? = nil) {
            self.label = label
            self.value = value
            self.style = style
        }
    }

    /// Draws `rows` from line `y` down, `width` wide from `x`; `y` ends below the last.
    static func draw(_ rows: [Row], x: Int, width: Int, y: inout Int, theme: Theme, into frame: inout Frame) {
        for row in rows {
            frame.text(row.label, x: x, y: y, style: theme.muted)
            frame.text(row.value, x: x + width - row.value.count, y: y, style: row.style ?? theme.base.bold)
            y += 1
        }
    }
}
