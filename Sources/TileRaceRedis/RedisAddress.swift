/// `redis://HOST:PORT[/DB]` (port 6379, database 0 by default); IPv6 in brackets.
public struct RedisAddress: Hashable, Sendable, CustomStringConvertible {
    /// A host name or an IPv4 or IPv6 address (without brackets).
    public var host: String
    public var port: Int
    /// The database index, chosen with `SELECT` after connecting.
    public var database: Int

    /// The expected form, for messages.
    public static let form = "redis://HOST[:PORT][/DB], e.g. redis://127.0.0.1:6379/0"

    public init(host: String, port: Int = 6379, database: Int = 0) {
        self.host = host
        self.port = port
        self.database = database
    }

    /// `redis://HOST:PORT` and `/DB` unless it is 0; parsing it gives the same address.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(shownHost):\(port)" + (database == 0 ? "" : "/\(database)")
    }

    /// - Throws: `RedisError.badAddress` saying what is wrong, with the expected form.
    public static func parse(_ text: String) throws(RedisError) -> RedisAddress {
        func bad(_ problem: String) -> RedisError {
            .badAddress("\(problem) in \"\(text)\": expected \(form)")
        }
        let scheme = "redis://"
        guard text.lowercased().hasPrefix(scheme) else {
            if text.lowercased().hasPrefix("rediss://") { throw bad("TLS (rediss://) is not supported") }
            throw bad(text.contains("://") ? "the scheme is not redis://" : "missing redis://")
        }
        var rest = Substring(text.dropFirst(scheme.count))
        guard !rest.contains(where: { $0 == "@" }) else { throw bad("user names and passwords are not supported") }
        guard !rest.contains(where: { $0 == "?" || $0 == "#" || $0.isWhitespace }) else {
            throw bad("unexpected characters (spaces, ? or #)")
        }
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let databaseText = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !databaseText.isEmpty {
                guard let number = digits(databaseText) else {
                    throw bad("the database \"\(databaseText)\" is not a number of 0 or more")
                }
                database = number
            }
        }
        let host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw bad("an IPv6 address without its closing ]") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw bad("unexpected text after the IPv6 address") }
                portText = after.dropFirst()
            }
        } else {
            let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { throw bad("more than one ':' (put an IPv6 address in brackets)") }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
        }
        guard !host.isEmpty else { throw bad("the host is missing") }
        var port = 6379
        if let portText {
            guard let number = digits(portText), (1...65535).contains(number) else {
                throw bad("the port \"\(portText)\" is not a number from 1 to 65535")
            }
            port = number
        }
        return RedisAddress(host: String(host), port: port, database: database)
    }

    /// A number written with ASCII digits only (no sign).
    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else { return nil }
        return Int(text)
    }
}
