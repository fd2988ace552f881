/// The value rules of protocol v1: names, seeds, dates (protocol.md section 1).
public enum Names {
    /// The longest name (nickname, room name, join code).
    public static let maximumNameLength = 16
    /// The longest seed text.
    public static let maximumSeedLength = 64

    /// Whether `text` is a valid name: 1 to 16 of `A-Z a-z 0-9 _ -`.
    public static func isValidName(_ text: String) -> Bool {
        let bytes = text.utf8
        return (1...maximumNameLength).contains(bytes.count) && bytes.allSatisfy(isNameByte)
    }

    /// Whether `text` is a valid seed: 1 to 64 of `A-Z a-z 0-9 _ - . :`.
    public static func isValidSeed(_ text: String) -> Bool {
        let bytes = text.utf8
        return (1...maximumSeedLength).contains(bytes.count)
            && bytes.allSatisfy { isNameByte($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }
    }

    /// Whether `text` is a date written `YYYY-MM-DD` with a plausible month and day.
    public static func isValidDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let month = Int(parts[1]), let day = Int(parts[2])
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// The key under which nicknames are compared: case does not matter.
    public static func nicknameKey(_ nickname: String) -> String {
        nickname.lowercased()
    }

    /// Checks a name, throwing `bad-name` with a message naming `what` it is.
    public static func validateName(_ text: String, as what: String) throws(ProtocolError) {
        guard isValidName(text) else {
            throw ProtocolError(
                .badName, "\(what) \(TextFilter.quoted(text)) must be 1 to 16 characters from A-Z a-z 0-9 _ -")
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
