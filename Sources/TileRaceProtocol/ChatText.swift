/// The rules of a line of chat (`SAY text=...`, `CHAT ... text=...`):
/// 1 to 200 characters (Unicode code points) of printable text. The framer
/// already refuses control bytes; these rules also refuse the C1 controls
/// and the bidirectional overrides, and a text of spaces only. Nothing is
/// stripped: a text that breaks a rule is refused whole.
public enum ChatText {
    /// The most characters (Unicode code points) a line may hold: 200 code
    /// points are at most 800 bytes, so a `CHAT` line stays within the line
    /// limit.
    public static let maximumLength = 200

    /// The field that carries the text, always the last of its line.
    public static let key = "text"

    /// Checks a text someone wants to say.
    /// - Throws: `bad-arguments` saying what is wrong (empty, too long, a
    ///   character that cannot be shown).
    public static func validate(_ text: String) throws(ProtocolError) {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0 != " " }) else {
            throw ProtocolError(.badArguments, "nothing to say: SAY text=<1 to \(maximumLength) characters>")
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
