/// `HOST:PORT`, an IPv6 address in brackets (`[::1]:2048`).
public enum ServerAddress {
    /// Nil unless the host is letters, digits, `.`, `-`, `_` (or bracketed IPv6) and port 1 to 65535.
    public static func split(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = String(text[..<colon])
        guard let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port), !host.isEmpty, host.utf8.count <= 253
        else { return nil }
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), host.count > 2 else { return nil }
            host = String(host.dropFirst().dropLast())
            guard host.utf8.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return nil }
            return (host, port)
        }
        let allowed = host.utf8.allSatisfy { byte in
            isHexDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        return allowed ? (host, port) : nil
    }

    /// Whether `text` is `HOST:PORT`.
    public static func isValid(_ text: String) -> Bool {
        split(text) != nil
    }

    /// `HOST:PORT`, with an IPv6 address in brackets.
    public static func format(host: String, port: Int) -> String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
