import TileRaceProtocol

/// Accepts only allowed characters, up to a length.
struct TextField: Hashable, Sendable {
    var text: String
    var maximumLength: Int
    var kind: Kind
    /// Shown under the field until the next good key.
    var refusal: String?

    enum Kind: Hashable, Sendable {
        /// `A-Z a-z 0-9 _ -`.
        case name
        case digits
        /// Printable, at most `maximumLength` code points (`ChatText`).
        case chat
    }

    init(_ text: String = "", kind: Kind = .name, maximumLength: Int = Nickname.maximumLength) {
        self.text = String(text.prefix(maximumLength))
        self.kind = kind
        self.maximumLength = maximumLength
    }

    func accepts(_ character: Character) -> Bool {
        switch kind {
        case .name: Nickname.isAllowed(character)
        case .digits: character.isASCII && character.isNumber
        case .chat: ScreenText.isPrintable(character)
        }
    }

    /// Returns whether the field used the key.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            guard accepts(character) else {
                refusal =
                    switch kind {
                    case .name: "only letters, digits, _ and - are allowed"
                    case .digits: "digits only"
                    case .chat: "that character cannot be sent"
                    }
                return true
            }
            let length = kind == .chat ? text.unicodeScalars.count + character.unicodeScalars.count - 1 : text.count
            guard length < maximumLength else {
                refusal = "at most \(maximumLength) characters"
                return true
            }
            text.append(character)
            refusal = nil
            return true
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
            refusal = nil
            return true
        case .control("u"), .control("w"):
            text = ""
            refusal = nil
            return true
        default:
            return false
        }
    }
}
