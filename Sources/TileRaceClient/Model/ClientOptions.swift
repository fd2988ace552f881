import TileRaceProtocol

public struct ClientOptions: Hashable, Sendable {
    public static let defaultPort = 2048

    public var isOffline = false
    /// Nil to host one in this process.
    public var host: String?
    public var port = ClientOptions.defaultPort
    /// Pre-fills prompts.
    public var nickname: String?
    public var room: String?
    public var isLocalOnly = false
    /// Off with `--no-anim`.
    public var animationsEnabled = true
    public var size = 4
    public var target = 2048
    /// Nil for a fresh one.
    public var seed: String?
    /// `tilerace replay --watch`; Esc quits.
    public var watch: RecordToWatch?
    /// Raced once connected (`--ghost NICK [--board B]`).
    public var ghost: RecordQuery?
    /// `--ghost-file PATH --seed S`.
    public var ghostRecord: RecordToWatch?
    /// `--via ADDR`: the ssh visitor's address, counted in this connection's place by a server on this machine.
    public var via: String?
    /// Opens on a practice board instead of the menu, unless they are a ghost record's.
    public var opensPracticeDirectly: Bool { ghostRecord == nil && (seed != nil || size != 4 || target != 2048) }

    /// Embedded server, 4x4 to 2048, animations on.
    public init() {}
}

public struct ClientOptionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension ClientOptions {
    /// Names keep their dashes (`--port`); every value is checked.
    public static func parse(values: [String: String], flags: Set<String>) throws(ClientOptionError) -> ClientOptions {
        /// Nil when not given; refused when `read` finds it is not what is `expected`.
        func value<Value>(_ name: String, expected: String, _ read: (String) -> Value?) throws(ClientOptionError) -> Value? {
            guard let text = values[name] else { return nil }
            guard let value = read(text) else { throw ClientOptionError("invalid value \(quoted(text)) for \(name): expected \(expected)") }
            return value
        }
        func number(_ text: String, in range: ClosedRange<Int>) -> Int? { Int(text).flatMap { range.contains($0) ? $0 : nil } }
        func name(_ text: String) -> String? { Nickname.isValid(text) ? text : nil }
        var options = ClientOptions()
        options.isOffline = flags.contains("--offline")
        options.isLocalOnly = flags.contains("--local")
        options.animationsEnabled = !flags.contains("--no-anim")
        options.host = try value("--host", expected: "a host name or an IP address") { host in
            guard !host.isEmpty, host.count <= 253,
                host.unicodeScalars.allSatisfy({
                    $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-:_[]%".unicodeScalars.contains($0)
                })
            else { return nil }
            return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
        options.port = try value("--port", expected: "a whole number from 1 to 65535") { number($0, in: 1...65535) } ?? options.port
        options.via = try value("--via", expected: "an IPv4 or IPv6 address", BanTarget.address)
        options.nickname = try value("--nick", expected: Nickname.rule, name)
        options.room = try value("--room", expected: Nickname.rule, name)
        options.size = try value("--size", expected: "a whole number from 3 to 8") { number($0, in: 3...8) } ?? options.size
        options.target =
            try value("--target", expected: "a power of two from 8 to 1048576") {
                number($0, in: 8...(1 << 20)).flatMap { $0.nonzeroBitCount == 1 ? $0 : nil }
            } ?? options.target
        options.seed = try value("--seed", expected: "1-64 visible ASCII characters, e.g. 42 or friday") { seed in
            !seed.isEmpty && seed.count <= 64 && seed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) ? seed : nil
        }
        if let nickname = try value("--ghost", expected: Nickname.rule, name) {
            // The rating board keeps ratings, not games.
            let boards = LeaderboardKind.allCases.filter { $0 != .rating }
            let known = boards.map(\.rawValue).joined(separator: ", ")
            let board = try value("--board", expected: "one of \(known)") {
                LeaderboardKind(rawValue: $0).flatMap { boards.contains($0) ? $0 : nil }
            }
            options.ghost = RecordQuery(nickname: nickname, board: board ?? .all)
            if options.isOffline {
                throw ClientOptionError("--ghost NICK races a server's record; offline, race a record file with --ghost-file PATH --seed S")
            }
            if values["--seed"] != nil || values["--size"] != nil || values["--target"] != nil {
                throw ClientOptionError("--ghost races the entry's own seed, size and target: --seed, --size and --target cannot be given")
            }
            if values["--ghost-file"] != nil { throw ClientOptionError("give one ghost: --ghost NICK or --ghost-file PATH, not both") }
        } else if values["--board"] != nil {
            throw ClientOptionError("--board says which board's entry --ghost races; give --ghost NICK too")
        }
        if values["--ghost-file"] != nil, options.seed == nil {
            throw ClientOptionError("--ghost-file needs the record's seed: give --seed S (and --size, --target if not 4 and 2048)")
        }
        if options.isOffline, options.host != nil { throw ClientOptionError("--offline and --host cannot be used together") }
        if options.isOffline, options.room != nil { throw ClientOptionError("--room needs a server; it cannot be used with --offline") }
        if options.isLocalOnly, options.host != nil {
            throw ClientOptionError("--local is for the embedded server; it cannot be used with --host")
        }
        return options
    }

    private static func quoted(_ text: String) -> String {
        let visible = ScreenText.sanitize(text)
        return "'" + (visible.count > 40 ? String(visible.prefix(40)) + "…" : visible) + "'"
    }
}
