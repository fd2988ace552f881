extension Fields {
    /// With `textKey`, the first word starting `textKey=` takes the rest of the line verbatim:
    /// free text is always the last field.
    public init(requestLine line: String, textKey: String?) {
        let trimmed = Substring(line).drop(while: { $0 == " " })
        let rest = trimmed.firstIndex(of: " ").map { trimmed[trimmed.index(after: $0)...] } ?? ""
        self.init(afterVerb: rest, textKey: textKey)
    }

    public init(afterVerb rest: Substring, textKey: String?) {
        guard let textKey, let start = Fields.textStart(in: rest, key: textKey) else {
            self.init(wordsOf: rest)
            return
        }
        self.init(wordsOf: rest[..<start.word])
        append(textKey, String(rest[start.value...]))
    }

    /// Read in place, with no list of words: this runs for every request.
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
