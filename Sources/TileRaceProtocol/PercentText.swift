/// Free text in one `key=value` field: UTF-8 with `%`, `=`, space and non-printable
/// bytes written `%XX`, so the value stays one word.
public enum PercentText {
    /// The longest text, in bytes once decoded.
    public static let maximumLength = 200

    /// The text as one word: `restarting in 5 minutes` is `restarting%20in%205%20minutes`.
    public static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "=") {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return encoded
    }

    /// - Throws: `code` (`bad-option` in requests) for a bad escape, a control
    /// character or more than `maximumLength` bytes.
    public static func decode(_ value: String, key: String, code: ErrorCode = .badOption) throws(ProtocolError) -> String {
        var bytes: [UInt8] = []
        var iterator = value.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw ProtocolError(code, "\(key)= has a % not followed by two hexadecimal digits (write a space %20, a % %25)")
            }
            bytes.append(high << 4 | low)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ProtocolError(code, "\(key)= is not UTF-8 once its %XX are decoded")
        }
        guard bytes.count <= maximumLength else {
            throw ProtocolError(code, "\(key)= is \(bytes.count) bytes long; at most \(maximumLength)")
        }
        guard !text.unicodeScalars.contains(where: TextFilter.isControl) else {
            throw ProtocolError(code, "\(key)= holds a control character")
        }
        return text
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(UnicodeScalar(value < 10 ? value + 0x30 : value - 10 + 0x41))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 0x30
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 0x41 + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 0x61 + 10
        default: nil
        }
    }
}
