/// A rule, the last lines that fit (others' text sanitised), and the input line or a hint.
/// Its rows are set aside whether or not anyone spoke, so a new line never moves anything else.
enum ChatPane {
    /// Nothing without a chat place. No rule in the race's compact pane, whose few rows are all lines.
    static func draw(_ model: Model, hint: String, hasRule: Bool = true, in rect: Rect, theme: Theme, into frame: inout Frame) {
        guard model.chatPlace != nil, rect.height >= (hasRule ? 2 : 1), rect.width >= 12 else { return }
        var top = rect.y
        if hasRule {
            let title = model.chatPlace == .lobby ? "lobby chat" : "chat"
            Chrome.rule(title, x: rect.x, y: rect.y, width: min(rect.width, 56), theme: theme, into: &frame)
            top += 1
        }
        var rows = rect.maxY - top
        if let input = model.chat.input {
            rows -= 1
            // The prompt, the end of what was typed that fits, a cursor.
            let typed = ScreenText.sanitize(input.text).suffix(max(1, rect.width - "say: ".count - 1))
            frame.text("say: " + typed + "_", x: rect.x, y: rect.maxY - 1, style: theme.accented)
            if let refusal = input.refusal, rows > 0 {
                rows -= 1
                frame.text(Format.fit(refusal, rect.width).trimmingTrailingSpaces, x: rect.x, y: rect.maxY - 2, style: theme.warned)
            }
        }
        let lines = model.shownChatLines
        if lines.isEmpty, model.chat.input == nil {
            frame.text(RaceView.fitting([hint, "/ to chat"], width: rect.width), x: rect.x, y: top, style: theme.muted)
            return
        }
        // Oldest first: `nick: text` broken at spaces (long words cut), continuation rows indented by two.
        var shown = Array(lines.flatMap { wrap($0.shown, width: rect.width) }.suffix(max(0, rows)))
        // A line's end alone says little: start at a line's first row when another is shown.
        while shown.count > 1, shown[0].hasPrefix("  "), shown.contains(where: { !$0.hasPrefix("  ") }) {
            shown.removeFirst()
        }
        for (index, row) in shown.enumerated() {
            frame.text(row, x: rect.x, y: top + index, style: theme.base)
        }
    }

    static let typingHints: [Chrome.Hint] = [("Enter", "send"), ("Esc", "close"), ("/mute NICK", "hide their lines")]

    /// Rows of at most `width` characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 4 else { return [String(text.prefix(max(0, width)))] }
        var rows: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            let indent = rows.isEmpty ? "" : "  "
            if !current.isEmpty, current.count + 1 + word.count > width {
                rows.append(current)
                current = "  "
            } else if !current.isEmpty, current != "  " {
                current += " "
            }
            if current.isEmpty { current = indent }
            while current.count + word.count > width {
                let take = width - current.count
                current += word.prefix(take)
                word = word.dropFirst(take)
                rows.append(current)
                current = "  "
            }
            current += word
        }
        if !current.trimmingTrailingSpaces.isEmpty { rows.append(current) }
        return rows.map(\.trimmingTrailingSpaces)
    }
}
