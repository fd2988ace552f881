enum Chrome {
    typealias Hint = (key: String, action: String)

    /// `right` (e.g. the clock) at the right edge; a long title loses whole parts (`shorterTitles`).
    static func header(_ title: String, right: String = "", theme: Theme, into frame: inout Frame) {
        header(shorterTitles(title), right: [right], theme: theme, into: &frame)
    }

    /// Longest first: without "TILE RACE · ", then dropping its last ` · ` parts one at a time.
    static func shorterTitles(_ title: String) -> [String] {
        var titles = [title]
        var parts = title.split(separator: " · ", omittingEmptySubsequences: false).map(String.init)
        if parts.first == "TILE RACE", parts.count > 1 {
            parts.removeFirst()
            titles.append(parts.joined(separator: " · "))
        }
        while parts.count > 1 {
            parts.removeLast()
            titles.append(parts.joined(separator: " · "))
        }
        return titles
    }

    /// Picks the longest right part with which some title fits whole, and the longest such title.
    /// Only when no pair fits is the shortest title cut.
    static func header(_ titles: [String], right rights: [String], theme: Theme, into frame: inout Frame) {
        let (title, right) = headerParts(titles, right: rights, width: frame.width)
        // Two columns apart.
        let titleWidth = right.isEmpty ? frame.width - 1 : frame.width - right.count - 3
        frame.text(Format.fit(" " + title, max(0, titleWidth)).trimmingTrailingSpaces, x: 0, y: 0, style: theme.accented)
        if !right.isEmpty {
            frame.text(right, x: frame.width - right.count - 1, y: 0, style: theme.base.bold)
        }
    }

    static func headerParts(_ titles: [String], right rights: [String], width: Int) -> (title: String, right: String) {
        let rights = rights.isEmpty ? [""] : rights
        for right in rights {
            let titleWidth = right.isEmpty ? width - 1 : width - right.count - 3
            if let title = titles.first(where: { $0.count + 1 <= titleWidth }) { return (title, right) }
        }
        return (titles.last ?? "", rights.last ?? "")
    }

    /// As many as fit; the way out (`q`, `Esc`) stays while others give way from the end.
    static func footer(_ hints: [Hint], theme: Theme, into frame: inout Frame) {
        var hints = hints
        let width = { (hints: [Hint]) in hints.reduce(0) { $0 + $1.key.count + 1 + $1.action.count } + 2 * (hints.count - 1) }
        while width(hints) > frame.width - 2, let last = hints.lastIndex(where: { $0.key != "q" && $0.key != "Esc" }) {
            hints.remove(at: last)
        }
        let y = frame.height - 1
        var x = 1
        for (index, hint) in hints.enumerated() {
            let width = hint.key.count + 1 + hint.action.count
            if x + width > frame.width - 1 { break }
            x = frame.text(hint.key, x: x, y: y, style: theme.accented)
            x = frame.text(" " + hint.action, x: x, y: y, style: theme.muted)
            if index < hints.count - 1 { x += 2 }
        }
    }

    /// While resuming, the banner (from `network.resuming`, so no key clears it) with any notice above;
    /// else the operator's notice the same way; otherwise the notice.
    static func status(_ model: Model, theme: Theme, into frame: inout Frame) {
        let width = frame.width - 2
        guard let banner = connectionBanner(model, width: width) ?? model.announcement.map({ Format.fit($0.text, width) }) else {
            notice(model.notice, theme: theme, into: &frame)
            return
        }
        // Not said twice.
        if let notice = model.notice, notice.text != model.network.resuming?.banner {
            frame.fill(Rect(x: 0, y: frame.height - 3, width: frame.width, height: 1), style: theme.base)
            frame.text(
                Format.fit(notice.text, width).trimmingTrailingSpaces, x: 1, y: frame.height - 3, style: theme.style(of: notice.kind))
        }
        frame.text(banner, x: 1, y: frame.height - 2, style: theme.warned)
    }

    /// Longer during a game the server keeps (moves still count); nil when not resuming.
    static func connectionBanner(_ model: Model, width: Int) -> String? {
        guard let attempt = model.network.resuming else { return nil }
        var candidates = [attempt.banner]
        if model.screen == .game, let session = model.session, session.sendsEntries, session.end == nil {
            candidates.insert(
                contentsOf: [" · keep playing: moves are sent once back", " · moves sent once back"].map { attempt.banner + $0 }, at: 0)
        }
        return RaceView.fitting(candidates, width: width)
    }

    /// On the row above the hints.
    static func notice(_ notice: Notice?, theme: Theme, into frame: inout Frame) {
        guard let notice else { return }
        let style = theme.style(of: notice.kind)
        let width = frame.width - 2
        guard notice.text.count > width, let cut = notice.text.prefix(width).lastIndex(of: " ") else {
            frame.text(Format.fit(notice.text, width), x: 1, y: frame.height - 2, style: style)
            return
        }
        // A long notice takes two rows.
        frame.fill(Rect(x: 0, y: frame.height - 3, width: frame.width, height: 1), style: theme.base)
        frame.text(String(notice.text[..<cut]), x: 1, y: frame.height - 3, style: style)
        let rest = notice.text[notice.text.index(after: cut)...]
        frame.text(Format.fit(String(rest), width), x: 1, y: frame.height - 2, style: style)
    }

    /// `── racers ────`.
    static func rule(_ label: String, x: Int, y: Int, width: Int, theme: Theme, into frame: inout Frame) {
        guard width > 0 else { return }
        let head = label.isEmpty ? "" : "── " + label + " "
        let line = head + String(repeating: "─", count: max(0, width - head.count))
        frame.text(String(line.prefix(width)), x: x, y: y, style: theme.muted)
    }
}

enum Dialog {
    enum Alignment {
        case leading
        case center
    }

    struct Line {
        var text: String
        var style: CellStyle
        var alignment: Alignment = .center
        /// A hanging indent for wrapped lines.
        var indent = 0

        static let blank = Line(text: "", style: .plain)
    }

    /// Centred in `area`; long lines wrap at spaces, never in a word. Returns its rectangle.
    @discardableResult
    static func draw(_ lines: [Line], in area: Rect, minimumWidth: Int = 30, theme: Theme, into frame: inout Frame) -> Rect {
        let lines = wrapped(lines, width: area.width - 6)
        let contentWidth = max(minimumWidth, (lines.map(\.text.count).max() ?? 0) + 6)
        let width = min(area.width, contentWidth)
        let height = min(area.height, lines.count + 4)
        let rect = area.centered(width: width, height: height)
        let background = CellStyle(foreground: theme.text, background: theme.screenBackground)
        frame.fill(rect, style: background)
        frame.box(rect, style: theme.usesColour ? background.with(foreground: theme.accent) : background, lines: .rounded)
        let inner = rect.inset(dx: 3, dy: 2)
        for (index, line) in lines.enumerated() where index < inner.height {
            let text = Format.fit(line.text, inner.width).trimmingTrailingSpaces
            switch line.alignment {
            case .leading: frame.text(text, x: inner.x, y: inner.y + index, style: line.style)
            case .center: frame.centeredText(text, in: inner, y: inner.y + index, style: line.style)
            }
        }
        return rect
    }

    /// Broken at spaces; continuations start `indent` columns in.
    static func wrapped(_ lines: [Line], width: Int) -> [Line] {
        guard width > 0 else { return lines }
        return lines.flatMap { line -> [Line] in
            guard line.text.count > width else { return [line] }
            let prefix = String(repeating: " ", count: line.indent)
            var parts: [Line] = []
            var current = ""
            for word in line.text.split(separator: " ", omittingEmptySubsequences: false) {
                if word.isEmpty, !parts.isEmpty, current == prefix { continue }
                let candidate = current.isEmpty && parts.isEmpty ? String(word) : current + " " + word
                if candidate.count > width, current.contains(where: { $0 != " " }) {
                    parts.append(Line(text: current, style: line.style, alignment: line.alignment))
                    current = prefix + word
                } else {
                    current = candidate
                }
            }
            parts.append(Line(text: current, style: line.style, alignment: line.alignment))
            return parts
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
