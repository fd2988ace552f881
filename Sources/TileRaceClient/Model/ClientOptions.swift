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
    /// Opens on a practice board instead of the menu, unless they are a ghost record's.
    public var opensPracticeDirectly: Bool {
        ghostRecord == nil && (seed != nil || size != 4 || target != 2048)
    }

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
        var options = ClientOptions()
        options.isOffline = flags.contains("--offline")
        options.isLocalOnly = flags.contains("--local")
        options.animationsEnabled = !flags.contains("--no-anim")
        if let host = values["--host"] {
            guard !host.isEmpty, host.count <= 253,
                host.unicodeScalars.allSatisfy({
                    $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-:_[]%".unicodeScalars.contains($0)
                })
            else {
                throw ClientOptionError("invalid value \(quoted(host)) for --host: expected a host name or an IP address")
            }
            options.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
        if let port = values["--port"] {
            guard let number = Int(port), (1...65535).contains(number) else {
                throw ClientOptionError("invalid value \(quoted(port)) for --port: expected a whole number from 1 to 65535")
            }
            options.port = number
        }
        if let nickname = values["--nick"] {
            guard Nickname.isValid(nickname) else {
                throw ClientOptionError("invalid value \(quoted(nickname)) for --nick: expected \(Nickname.rule)")
            }
            options.nickname = nickname
        }
        if let room = values["--room"] {
            guard Nickname.isValid(room) else {
                throw ClientOptionError("invalid value \(quoted(room)) for --room: expected \(Nickname.rule)")
            }
            options.room = room
        }
        if let size = values["--size"] {
            guard let number = Int(size), (3...8).contains(number) else {
                throw ClientOptionError("invalid value \(quoted(size)) for --size: expected a whole number from 3 to 8")
            }
            options.size = number
        }
        if let target = values["--target"] {
            guard let number = Int(target), (8...(1 << 20)).contains(number), number.nonzeroBitCount == 1 else {
                throw ClientOptionError("invalid value \(quoted(target)) for --target: expected a power of two from 8 to 1048576")
            }
            options.target = number
        }
        if let seed = values["--seed"] {
            guard !seed.isEmpty, seed.count <= 64, seed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw ClientOptionError(
                    "invalid value \(quoted(seed)) for --seed: expected 1-64 visible ASCII characters, e.g. 42 or friday")
            }
            options.seed = seed
        }
        if let nickname = values["--ghost"] {
            guard Nickname.isValid(nickname) else {
                throw ClientOptionError("invalid value \(quoted(nickname)) for --ghost: expected \(Nickname.rule)")
            }
            var board = LeaderboardKind.all
            if let word = values["--board"] {
                // The rating board keeps ratings, not games.
                let boards = LeaderboardKind.allCases.filter { $0 != .rating }
                guard let kind = LeaderboardKind(rawValue: word), boards.contains(kind) else {
                    let known = boards.map(\.rawValue).joined(separator: ", ")
                    throw ClientOptionError("invalid value \(quoted(word)) for --board: expected one of \(known)")
                }
                board = kind
            }
            options.ghost = RecordQuery(nickname: nickname, board: board)
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
        if options.isOffline, options.host != nil {
            throw ClientOptionError("--offline and --host cannot be used together")
        }
        if options.isOffline, options.room != nil {
            throw ClientOptionError("--room needs a server; it cannot be used with --offline")
        }
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
