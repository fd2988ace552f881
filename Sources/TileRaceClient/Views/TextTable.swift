/// Rows of text in columns, laid out to a width: each column is as wide as
/// its widest cell (or heading), one or two spaces after the one before (two
/// between numbers, whose thousands are grouped with a space). When the table is too
/// wide, columns give way in a set order, least useful first: each to its
/// next shorter wording, then, if it may, out of the table whole. Only when
/// nothing can give way any more is the flexible column (the names) cut,
/// so a word is never cut while dropping a column would have made room.
struct TextTable {
    /// One way of writing a column: its heading and a cell per row.
    struct Wording {
        /// The heading (may be empty).
        var heading: String
        /// One cell per row.
        var cells: [String]
        /// Whether the cells are aligned to the right, when not as the column says.
        var isRightAligned: Bool?

        var width: Int { max(heading.count, cells.map(\.count).max() ?? 0) }
    }

    struct Column {
        /// Its wordings, the longest first; each later one is shorter.
        var wordings: [Wording]
        /// Whether the cells are aligned to the right (numbers).
        var isRightAligned = false
        /// Whether the column may be left out when its shortest wording does not fit.
        var canBeLeftOut = false
        /// The spaces before the column (none before the first one shown).
        var gap = 1
        /// How a cell of row `row` is cut to `width` when the column is the
        /// flexible one and must be (by default with `…` at the end).
        var cut: ((_ row: Int, _ width: Int) -> String)?

        init(_ heading: String, _ cells: [String], isRightAligned: Bool = false, canBeLeftOut: Bool = false, gap: Int = 1) {
            self.init(
                wordings: [Wording(heading: heading, cells: cells)], isRightAligned: isRightAligned, canBeLeftOut: canBeLeftOut,
                gap: gap)
        }

        /// A column with several wordings, the longest first.
        init(wordings: [Wording], isRightAligned: Bool = false, canBeLeftOut: Bool = false, gap: Int = 1) {
            self.wordings = wordings
            self.isRightAligned = isRightAligned
            self.canBeLeftOut = canBeLeftOut
            self.gap = gap
        }
    }

    var columns: [Column]
    /// The order in which columns give way (indices into `columns`), first to give way first.
    var givingWay: [Int] = []
    /// The column cut, as a last resort, when nothing else can give way.
    var flexibleColumn: Int?

    /// The table laid out: the heading line and the rows, each at most `width` characters.
    struct Layout: Equatable {
        /// The headings, aligned over their columns (spaces when there is none).
        var heading: String
        var rows: [String]
        /// The wording chosen for each column, nil when it was left out.
        var wordings: [Int?]
    }

    /// The table laid out in `width` columns.
    func layout(width: Int) -> Layout {
        var choice: [Int?] = columns.map { _ in 0 }
        for index in givingWay where index < columns.count {
            while totalWidth(choice) > width {
                let column = columns[index]
                guard let current = choice[index] else { break }
                if current + 1 < column.wordings.count {
                    choice[index] = current + 1
                } else if column.canBeLeftOut {
                    choice[index] = nil
                } else {
                    break
                }
            }
            if totalWidth(choice) <= width { break }
        }
        var widths = columns.indices.map { index in choice[index].map { columns[index].wordings[$0].width } ?? 0 }
        let excess = totalWidth(choice) - width
        if excess > 0, let flexible = flexibleColumn, choice[flexible] != nil {
            widths[flexible] = max(1, widths[flexible] - excess)
        }
        let rowCount = columns.map { $0.wordings[0].cells.count }.max() ?? 0
        func line(_ row: Int?) -> String {
            var text = ""
            var isFirst = true
            for (index, column) in columns.enumerated() {
                guard let wording = choice[index].map({ column.wordings[$0] }) else { continue }
                if !isFirst { text += String(repeating: " ", count: column.gap) }
                isFirst = false
                let cell = row.map { $0 < wording.cells.count ? wording.cells[$0] : "" } ?? wording.heading
                if let row, index == flexibleColumn, cell.count > widths[index], let cut = column.cut {
                    text += Format.fit(cut(row, widths[index]), widths[index])
                } else {
                    text += Format.fit(cell, widths[index], alignRight: wording.isRightAligned ?? column.isRightAligned)
                }
            }
            return Format.fit(text, width).trimmingTrailingSpaces
        }
        return Layout(heading: line(nil), rows: (0..<rowCount).map { line($0) }, wordings: choice)
    }

    /// The width of the table with the columns' chosen wordings.
    private func totalWidth(_ choice: [Int?]) -> Int {
        let shown = columns.indices.filter { choice[$0] != nil }
        let widths = shown.map { columns[$0].wordings[choice[$0]!].width }
        let gaps = shown.dropFirst().map { columns[$0].gap }
        return widths.reduce(0, +) + gaps.reduce(0, +)
    }

    /// A heading line drawn as a rule: the runs of spaces before the first
    /// heading and after the last become `─`, out to `width`.
    static func rule(_ heading: String, width: Int) -> String {
        let trimmed = heading.trimmingTrailingSpaces
        let leading = trimmed.prefix { $0 == " " }.count
        guard leading < trimmed.count else { return String(repeating: "─", count: max(0, width)) }
        var text = String(repeating: "─", count: max(0, leading - 1)) + (leading > 0 ? " " : "") + trimmed.dropFirst(leading)
        if text.count < width { text += " " + String(repeating: "─", count: max(0, width - text.count - 1)) }
        return String(text.prefix(max(0, width)))
    }
}
