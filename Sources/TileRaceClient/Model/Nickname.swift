/// The rules for nicknames and room names: 1 to 16 characters from
/// `A-Z a-z 0-9 _ -` (the same as the server's).
enum Nickname {
    /// The longest name allowed.
    static let maximumLength = 16

    /// Whether a character may appear in a name.
    static func isAllowed(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
            || character == "_" || character == "-"
    }

    /// Whether a whole name is valid.
    static func isValid(_ name: String) -> Bool {
        (1...maximumLength).contains(name.count) && name.allSatisfy(isAllowed)
    }

    /// The rule in words, for prompts and errors.
    static let rule = "1-16 letters, digits, _ or -"
}
