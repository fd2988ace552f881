extension Fields {
    /// The fields of a request line after its verb (the line's first word).
    /// With `textKey`, the first word that starts with `textKey=` takes the
    /// rest of the line as its value, exactly as sent (spaces, runs of
    /// spaces and `=` included): free text is always the last field
    /// (protocol.md section 1, `SAY text=...`).
    public init(requestLine line: String, textKey: String?) {
        let trimmed = Substring(line).drop(while: { $0 == " " })
        let rest = trimmed.firstIndex(of: " ").map { trimmed[trimmed.index(after: $0)...] } ?? ""
        self.init(afterVerb: rest, textKey: textKey)
    }

    /// The fields of a line's `rest` after its verb; with `textKey`, as
    /// `init(requestLine:textKey:)` reads them.
    public init(afterVerb rest: Substring, textKey: String?) {
        guard let textKey, let start = Fields.textStart(in: rest, key: textKey) else {
            self.init(wordsOf: rest)
            return
        }
        self.init(wordsOf: rest[..<start.word])
        append(textKey, String(rest[start.value...]))
    }

    /// The words of `text` split at runs of spaces, read in place (no list
    /// of words in between: this runs for every request).
    init(wordsOf text: Substring) {
        self.init()
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] != UInt8(ascii: " ") else {
                index = bytes.index(after: index)
                continue
            }
            let wordStart = index
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: " ") { index = bytes.index(after: index) }
            add(text[wordStart..<index])
        }
    }

    /// Where the first word of `text` that starts with `key=` begins, and
    /// where its value begins.
    private static func textStart(in text: Substring, key: String) -> (word: String.Index, value: String.Index)? {
        let prefix = Array((key + "=").utf8)
        let bytes = text.utf8
        var index = bytes.startIndex
        var isWordStart = true
        while index < bytes.endIndex {
            if isWordStart, bytes[index...].starts(with: prefix) {
                return (index, bytes.index(index, offsetBy: prefix.count))
            }
            isWordStart = bytes[index] == UInt8(ascii: " ")
            index = bytes.index(after: index)
        }
        return nil
    }
}
