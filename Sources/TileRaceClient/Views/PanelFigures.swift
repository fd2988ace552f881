/// The figure rows of a side panel (practice, daily, a watched record): each
/// label muted on the left, its value right-aligned within the panel.
enum PanelFigures {
    /// The value's style nil: the theme's bold.
    typealias Row = (label: String, value: String, style: CellStyle?)

    /// Draws `rows` from line `y` down, `width` wide from `x`; `y` ends below the last.
    static func draw(_ rows: [Row], x: Int, width: Int, y: inout Int, theme: Theme, into frame: inout Frame) {
        for row in rows {
            frame.text(row.label, x: x, y: y, style: theme.muted)
            frame.text(row.value, x: x + width - row.value.count, y: y, style: row.style ?? theme.base.bold)
            y += 1
        }
    }
}
