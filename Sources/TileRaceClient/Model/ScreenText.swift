/// Makes outside text safe to draw: control, format, combining and wide characters go,
/// so nothing can move the cursor, change colours or break the layout. `TextFilter` cleans the wire;
/// this is the last line of defence before drawing.
enum ScreenText {
    static let maximumLength = 200

    /// Wide characters become `?`; at most `maximumLength`.
    static func sanitize(_ text: String) -> String {
        var result = ""
        for character in text {
            if result.count >= maximumLength { break }
            if isPrintable(character) {
                result.append(character)
            } else if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                isWide(scalar)
            {
                result.append("?")
            } else if character == "\t" {
                result.append(" ")
            }
        }
        return result
    }

    /// In one column.
    static func isPrintable(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
            return false
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .spacingMark, .lineSeparator,
            .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return false
        default:
            return !isWide(scalar)
        }
    }

    /// East Asian wide or emoji.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
            || (0x20000...0x3FFFD).contains(value)
    }
}
