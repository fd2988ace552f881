/// Lines of values drawn in text cells: legend, lines, marks, value axis and ticks.
/// With colour, braille dots (2x4 per cell) per colour; without colour lines could not be told apart,
/// so each gets its own ASCII character (`*`, `o`, `+`, ...).
enum LineChart {
    /// In series order.
    static let colours: [RGB] = [
        RGB(231, 76, 60), RGB(52, 152, 219), RGB(46, 204, 113), RGB(241, 196, 15), RGB(155, 89, 182), RGB(230, 126, 34),
        RGB(26, 188, 156), RGB(236, 112, 160),
    ]
    /// Without colour, in series order.
    static let plainSymbols: [Character] = ["*", "o", "+", "x", "%", "=", "~", "&"]
    static let minimumSize = TerminalSize(width: 24, height: 6)

    /// `title` (or the first of `shorterTitles` letting every line keep its legend entry) goes right of the legend.
    static func draw(
        _ series: [ChartSeries], title: String, shorterTitles: [String] = [], in rect: Rect, theme: Theme, into frame: inout Frame
    ) {
        guard rect.width >= minimumSize.width, rect.height >= minimumSize.height else { return }
        let usesBraille = theme.usesColour
        let all = series.flatMap(\.points)
        guard let minX = all.map(\.x).min(), let maxX = all.map(\.x).max() else { return }
        let spanX = max(maxX - minX, 1e-9)
        let topY = niceCeiling(max(1, all.map(\.y).max() ?? 1))
        let labelWidth = Format.grouped(Int(topY)).count
        let plot = Rect(x: rect.x + labelWidth + 2, y: rect.y + 1, width: rect.width - labelWidth - 2, height: rect.height - 3)
        var x = rect.x
        let names = series.map { ScreenText.sanitize($0.label) + ($0.isYou ? " (you)" : "") }
        // Entries closer together first, then a shorter title.
        var choice = (title: title, spacing: 2)
        search: for candidate in [title] + shorterTitles {
            for spacing in [2, 1] where legendCount(names, width: rect.width - candidate.count - 1, spacing: spacing) == names.count {
                choice = (candidate, spacing)
                break search
            }
            choice = (candidate, 2)
        }
        let title = choice.title
        let shown = legendCount(names, width: rect.width - title.count - 1, spacing: choice.spacing)
        for (index, line) in series.enumerated().prefix(shown) {
            let sample = usesBraille ? "━━" : String(repeating: plainSymbols[index % plainSymbols.count], count: 2)
            frame.text(sample, x: x, y: rect.y, style: style(index, theme: theme))
            x = frame.text(names[index], x: x + 3, y: rect.y, style: line.isYou ? theme.base.bold : theme.base) + choice.spacing
        }
        if shown < series.count { frame.text("+\(series.count - shown) more", x: x, y: rect.y, style: theme.muted) }
        frame.text(title, x: rect.maxX - title.count, y: rect.y, style: theme.muted)
        let axis = theme.muted
        for row in plot.y..<plot.maxY { frame.text(usesBraille ? "│" : "|", x: plot.x - 1, y: row, style: axis) }
        frame.text(
            (usesBraille ? "└" : "+") + String(repeating: usesBraille ? "─" : "-", count: plot.width), x: plot.x - 1, y: plot.maxY,
            style: axis)
        var yLabels: [(value: Double, row: Int)] = [(topY, plot.y), (0, plot.maxY - 1)]
        if plot.height >= 5 { yLabels.append((topY / 2, plot.y + (plot.height - 1) / 2)) }
        for (value, row) in yLabels {
            let text = Format.grouped(Int(value))
            frame.text(text, x: plot.x - 2 - text.count, y: row, style: axis)
        }
        drawTicks(from: minX, span: spanX, plot: plot, style: axis, into: &frame)
        // The player's last (on top), then the marks.
        let order = series.indices.filter { !series[$0].isYou } + series.indices.filter { series[$0].isYou }
        let rowOf = { (y: Double, rows: Int) -> Int in Int(((1 - min(1, max(0, y / topY))) * Double(rows - 1)).rounded()) }
        let columnOf = { (x: Double, columns: Int) -> Int in Int(((x - minX) / spanX * Double(columns - 1)).rounded()) }
        if usesBraille {
            var dots = [UInt8](repeating: 0, count: plot.width * plot.height)
            var owners = [Int](repeating: -1, count: plot.width * plot.height)
            for index in order {
                walk(series[index], columns: plot.width * 2, rows: plot.height * 4, minX: minX, spanX: spanX, rowOf: rowOf) { column, row in
                    let cell = (row / 4) * plot.width + column / 2
                    dots[cell] |= brailleBits[column % 2][row % 4]
                    owners[cell] = index
                }
            }
            for cell in dots.indices where dots[cell] != 0 {
                let character = String(UnicodeScalar(0x2800 + UInt32(dots[cell]))!)
                frame.text(
                    character, x: plot.x + cell % plot.width, y: plot.y + cell / plot.width, style: style(owners[cell], theme: theme))
            }
        } else {
            for index in order {
                let symbol = String(plainSymbols[index % plainSymbols.count])
                walk(series[index], columns: plot.width, rows: plot.height, minX: minX, spanX: spanX, rowOf: rowOf) { column, row in
                    frame.text(symbol, x: plot.x + column, y: plot.y + row, style: theme.base)
                }
            }
        }
        for index in order {
            // The latest first; one that would touch another of its line's marks is left out ("128256" reads as one number).
            var taken: [Int: [Range<Int>]] = [:]
            for mark in series[index].marks.reversed() {
                let column = columnOf(mark.point.x, plot.width)
                let row = rowOf(mark.point.y, plot.height)
                let text = usesBraille ? mark.text : mark.plainText
                let start = min(plot.x + column, plot.maxX - text.count)
                guard !(taken[row] ?? []).contains(where: { $0.overlaps(start - 1..<start + text.count + 1) }) else { continue }
                taken[row, default: []].append(start..<start + text.count)
                frame.text(text, x: start, y: plot.y + row, style: style(index, theme: theme).bold)
            }
        }
    }

    /// All of them, or as many as leave room for "+N more".
    static func legendCount(_ names: [String], width: Int, spacing: Int = 2) -> Int {
        let widths = names.map { $0.count + 3 }
        func fits(_ count: Int) -> Bool {
            var used = widths.prefix(count).reduce(0, +) + spacing * max(0, count - 1)
            if count < names.count { used += (count > 0 ? spacing : 0) + "+\(names.count - count) more".count }
            return used <= width
        }
        return (0...names.count).reversed().first(where: fits) ?? 0
    }

    /// Plain text without colour.
    static func style(_ index: Int, theme: Theme) -> CellStyle {
        guard theme.usesColour, index >= 0 else { return theme.base }
        return theme.base.with(foreground: colours[index % colours.count])
    }

    /// Column by column, joining each value to the last with a vertical run.
    private static func walk(
        _ series: ChartSeries, columns: Int, rows: Int, minX: Double, spanX: Double, rowOf: (Double, Int) -> Int,
        visit: (Int, Int) -> Void
    ) {
        var previous: Int?
        for column in 0..<columns {
            let x = minX + spanX * Double(column) / Double(max(1, columns - 1))
            guard let y = series.value(at: x) else {
                previous = nil
                continue
            }
            let row = rowOf(y, rows)
            let from = previous ?? row
            for step in min(from, row)...max(from, row) { visit(column, step) }
            previous = row
        }
    }

    /// By column, then row. Unicode's numbering: 1-3 and 7 on the left, 4-6 and 8 on the right.
    private static let brailleBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// 1-2-5 steps, spaced so the labels never touch.
    private static func drawTicks(from minX: Double, span: Double, plot: Rect, style: CellStyle, into frame: inout Frame) {
        let widest = Format.grouped(Int(minX + span)).count
        let maximumTicks = max(1, plot.width / (widest + 3))
        var step = 1.0
        let multipliers = [1.0, 2.0, 5.0]
        var magnitude = 1.0
        search: while true {
            for multiplier in multipliers where span / (multiplier * magnitude) <= Double(maximumTicks) {
                step = multiplier * magnitude
                break search
            }
            magnitude *= 10
        }
        var value = (minX / step).rounded(.up) * step
        var lastEnd = plot.x - 2
        while value <= minX + span + 1e-9 {
            let column = plot.x + Int(((value - minX) / span * Double(plot.width - 1)).rounded())
            let text = Format.grouped(Int(value))
            let start = min(max(plot.x, column - text.count / 2), plot.maxX - text.count)
            if start > lastEnd + 1 {
                frame.text(text, x: start, y: plot.maxY + 1, style: style)
                lastEnd = start + text.count
            }
            value += step
        }
    }

    /// 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten: the top of the value axis.
    static func niceCeiling(_ value: Double) -> Double {
        var magnitude = 1.0
        while magnitude * 10 <= value { magnitude *= 10 }
        for multiplier in [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0] where multiplier * magnitude >= value {
            return multiplier * magnitude
        }
        return value
    }
}
