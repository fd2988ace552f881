/// Makes network text safe to show: no control characters, so no escape sequence reaches a terminal.
public enum TextFilter {
    /// For error texts that quote a client's input.
    public static func printableASCII(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append((0x20...0x7E).contains(scalar.value) ? scalar : "?")
        }
        return String(scalars)
    }

    /// Removes C0, DEL, C1 and bidi overrides, keeping other Unicode; for terminals.
    public static func displayable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isControl(scalar) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Quotes a client's word for an error message: printable ASCII, at most 40 characters.
    public static func quoted(_ text: String) -> String {
        let safe = printableASCII(text)
        return "'" + (safe.count > 40 ? String(safe.prefix(40)) + "..." : safe) + "'"
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped (the JSON log, asciicast files).
    public static func jsonQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
