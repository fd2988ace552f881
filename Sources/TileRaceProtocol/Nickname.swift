/// Nicknames differing only in case are the same person; equality and hashing use `key`,
/// `text` keeps the spelling for showing. Stored formats keep text or key, never this value.
public struct Nickname: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    /// The key under which the name is compared and stored (`Names.nicknameKey`).
    public let key: String

    public init(_ text: String) {
        self.text = text
        key = Names.nicknameKey(text)
    }

    public var description: String { text }

    public static func == (left: Nickname, right: Nickname) -> Bool { left.key == right.key }

    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A room name: compared as nicknames are, without regard to case.
public typealias RoomName = Nickname

extension Nickname {
    public static let maximumLength = Names.maximumNameLength

    /// The rule in words, for prompts and errors.
    public static let rule = "1-16 letters, digits, _ or -"

    /// Whether a character may appear in a name (`A-Z a-z 0-9 _ -`).
    public static func isAllowed(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
            || character == "_" || character == "-"
    }

    /// Whether a whole name is valid (`Names.isValidName`).
    public static func isValid(_ name: String) -> Bool { Names.isValidName(name) }
}
