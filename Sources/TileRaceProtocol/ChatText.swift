/// Chat text rules: 1 to 200 code points, printable (no C1 controls or bidi overrides),
/// not only spaces. A text that breaks a rule is refused whole, never stripped.
public enum ChatText {
    /// 200 code points are at most 800 bytes, so a `CHAT` line fits the line limit.
    public static let maximumLength = 200

    /// The field that carries the text, always the last of its line.
    public static let key = "text"

    /// - Throws: `bad-arguments` saying what is wrong (`saying`: how the text is given, for an empty one).
    public static func validate(_ text: String, saying field: String = "SAY text=") throws(ProtocolError) {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0 != " " }) else {
            throw ProtocolError(.badArguments, "nothing to say: \(field)<1 to \(maximumLength) characters>")
        }
        guard scalars.count <= maximumLength else {
            throw ProtocolError(
                .badArguments, "the text is \(scalars.count) characters; at most \(maximumLength) (nothing was said)")
        }
        if let control = scalars.first(where: TextFilter.isControl) {
            let code = String(control.value, radix: 16, uppercase: true)
            throw ProtocolError(
                .badArguments,
                "the text holds a character that cannot be shown (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))")
        }
    }
}
