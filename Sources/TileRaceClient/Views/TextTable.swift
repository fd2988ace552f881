/// Text columns laid out to a width, each as wide as its widest cell (two spaces between numbers).
/// When too wide, columns give way least useful first: a shorter wording, then out whole if allowed.
/// Only then is the flexible column (names) cut, so no word is cut while dropping a column would do.
struct TextTable {
    struct Wording {
        /// May be empty.
        var heading: String
        var cells: [String]
        /// Overrides the column's alignment when set.
        var isRightAligned: Bool?

        var width: Int { max(heading.count, cells.map(\.count).max() ?? 0) }
    }

    struct Column {
        /// Longest first; each later one is shorter.
        var wordings: [Wording]
        /// Numbers.
        var isRightAligned = false
        /// When its shortest wording does not fit.
        var canBeLeftOut = false
        /// None before the first column shown.
        var gap = 1
        /// How the flexible column's cell is cut (by default with `…` at the end).
        var cut: ((_ row: Int, _ width: Int) -> String)?

    }

    var columns: [Column]
    /// Indices into `columns`, first to give way first.
    var givingWay: [Int] = []
    /// Cut as a last resort.
    var flexibleColumn: Int?

    /// Each line at most `width` characters.
    struct Layout: Equatable {
        /// Spaces where there is none.
        var heading: String
        var rows: [String]
        /// Nil when left out.
        var wordings: [Int?]
    }

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

    private func totalWidth(_ choice: [Int?]) -> Int {
        let shown = columns.indices.filter { choice[$0] != nil }
        let widths = shown.map { columns[$0].wordings[choice[$0]!].width }
        let gaps = shown.dropFirst().map { columns[$0].gap }
        return widths.reduce(0, +) + gaps.reduce(0, +)
    }

    /// The spaces before the first heading and after the last become `─`, out to `width`.
    static func rule(_ heading: String, width: Int) -> String {
        let trimmed = heading.trimmingTrailingSpaces
        let leading = trimmed.prefix { $0 == " " }.count
        guard leading < trimmed.count else { return String(repeating: "─", count: max(0, width)) }
        var text = String(repeating: "─", count: max(0, leading - 1)) + (leading > 0 ? " " : "") + trimmed.dropFirst(leading)
        if text.count < width { text += " " + String(repeating: "─", count: max(0, width - text.count - 1)) }
        return String(text.prefix(max(0, width)))
    }
}

extension TextTable.Column {
    /// One wording.
    init(_ heading: String, _ cells: [String], isRightAligned: Bool = false, canBeLeftOut: Bool = false, gap: Int = 1) {
        self.init(
            wordings: [TextTable.Wording(heading: heading, cells: cells)], isRightAligned: isRightAligned, canBeLeftOut: canBeLeftOut,
            gap: gap)
    }
}
