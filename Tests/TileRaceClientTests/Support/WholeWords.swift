import Testing

/// Finds text cut short on a screen. `Format.fit` and `Frame.centeredText`
/// end a text that does not fit with `…`, so an ellipsis that no message
/// puts there on purpose ("loading…") is a cut: a word or a sentence lost
/// where the layout should have dropped a whole column, taken a shorter
/// wording or wrapped. The fixtures use short names, so on them every cut
/// is a layout that could have fit.
enum WholeWords {
    /// The texts that end with `…` on purpose (something under way).
    static let deliberate = [
        "loading more…", "loading…", "thinking…", "asking the server…", "fetching the record…", "moving there…", "reconnecting (1)…",
        "Submitting as ana…", "connecting to 192.168.1.20:2048…",
    ]

    /// The lines of `text` with a cut in them, each with its row number.
    static func cuts(in text: String, allowing: [String] = []) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { row, line in
            var rest = String(line)
            for phrase in deliberate + allowing { rest = rest.replacingOccurrences(of: phrase, with: "") }
            return rest.contains("…") ? "row \(row + 1): \(line)" : nil
        }
    }
}

/// Records an issue for each line of `text` in which something was cut.
func assertWholeWords(
    _ text: String, _ label: String, allowing: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
) {
    for cut in WholeWords.cuts(in: text, allowing: allowing) {
        Issue.record("\(label): text cut where a whole column could have been dropped, \(cut)", sourceLocation: sourceLocation)
    }
}
