import TileRaceEngine

/// Every line a client can send (protocol.md section 5), with the one parser
/// the server uses and the one printer the client uses.
public enum ClientMessage: Hashable, Sendable {
    /// `HELLO tilerace 1 [nick]`.
    case hello(nick: String?)
    /// `NICK <nick>`.
    case nick(String)
    /// `PING [token]`.
    case ping(String?)
    /// `PONG [token]`: the answer to the server's `PING`; not a request, gets no reply.
    case pong(String?)
    /// `QUIT`.
    case quit
    /// `HELP`.
    case help
    /// `ROOMS`.
    case rooms
    /// `CREATE <room> [options]`.
    case create(room: String, options: RoomOptions)
    /// `JOIN <room> [code=]`.
    case join(room: String, code: String?)
    /// `WATCH <room> [code=]`.
    case watch(room: String, code: String?)
    /// `WHO`.
    case who
    /// `READY [yes|no]`.
    case ready(Bool)
    /// `LEAVE`.
    case leave
    /// `MOVE <seq> <log>`.
    case move(seq: Int, entries: [GameLog.Entry])
    /// `RESTART`.
    case restart
    /// `RESIGN`.
    case resign
    /// `SUBMIT <nick> [token=]`.
    case submit(nick: String, token: String?)
    /// `TOP [query]`.
    case top(LeaderboardQuery)
    /// `PRACTICE [options]`.
    case practice(PracticeOptions)

    /// The protocol name and version a `HELLO` must carry.
    public static let protocolName = "tilerace"
    /// This protocol's version.
    public static let protocolVersion = 1

    /// The request's verb, upper case.
    public var verb: String {
        switch self {
        case .hello: "HELLO"
        case .nick: "NICK"
        case .ping: "PING"
        case .pong: "PONG"
        case .quit: "QUIT"
        case .help: "HELP"
        case .rooms: "ROOMS"
        case .create: "CREATE"
        case .join: "JOIN"
        case .watch: "WATCH"
        case .who: "WHO"
        case .ready: "READY"
        case .leave: "LEAVE"
        case .move: "MOVE"
        case .restart: "RESTART"
        case .resign: "RESIGN"
        case .submit: "SUBMIT"
        case .top: "TOP"
        case .practice: "PRACTICE"
        }
    }

    /// Whether the server answers this line (every line but `PONG`).
    public var expectsReply: Bool {
        if case .pong = self { return false }
        return true
    }

    /// Whether the reply has item lines before its `OK`.
    public var hasMultiLineReply: Bool {
        switch self {
        case .rooms, .who, .top, .help: true
        default: false
        }
    }

    /// The line to send, without its line ending.
    public var line: String {
        var fields = Fields()
        switch self {
        case .hello(let nick):
            fields.positionals = [ClientMessage.protocolName, String(ClientMessage.protocolVersion)] + (nick.map { [$0] } ?? [])
        case .nick(let nick):
            fields.positionals = [nick]
        case .ping(let token), .pong(let token):
            fields.positionals = token.map { [$0] } ?? []
        case .quit, .help, .rooms, .who, .leave, .restart, .resign:
            break
        case .create(let room, let options):
            fields = options.fields
            fields.positionals = [room]
        case .join(let room, let code), .watch(let room, let code):
            fields.positionals = [room]
            if let code { fields.append("code", code) }
        case .ready(let isReady):
            fields.positionals = [isReady ? "yes" : "no"]
        case .move(let seq, let entries):
            fields.positionals = [String(seq), GameLog(entries).description]
        case .submit(let nick, let token):
            fields.positionals = [nick]
            if let token { fields.append("token", token) }
        case .top(let query):
            fields = query.fields
        case .practice(let options):
            fields = options.fields
        }
        return ([verb] + fields.words).joined(separator: " ")
    }

    /// Parses a line from a client (verbs in any case).
    /// - Throws: a `ProtocolError` whose code and message the server sends back as `ERR`.
    public static func parse(_ line: String) throws(ProtocolError) -> ClientMessage {
        let words = line.split(separator: " ")
        guard let verbWord = words.first else { throw ProtocolError(.badArguments, "empty line") }
        let fields = Fields(words: words.dropFirst())
        let verb = verbWord.uppercased()
        switch verb {
        case "HELLO":
            try fields.requirePositionalCount(2...3, usage: "HELLO tilerace 1 [nick]")
            try fields.requireOnlyKeys([], code: .badArguments)
            guard fields.positionals[0] == protocolName, fields.positionals[1] == String(protocolVersion) else {
                throw ProtocolError(
                    .unsupportedVersion,
                    "this server speaks tilerace 1, not \(TextFilter.printableASCII(fields.positionals.prefix(2).joined(separator: " ")))")
            }
            let nick = fields.positionals.count == 3 ? fields.positionals[2] : nil
            if let nick { try Names.validateName(nick, as: "nickname") }
            return .hello(nick: nick)
        case "NICK":
            let nick = try single(fields, usage: "NICK <nick>")
            try Names.validateName(nick, as: "nickname")
            return .nick(nick)
        case "PING", "PONG":
            try fields.requirePositionalCount(0...1, usage: "\(verb) [token]")
            try fields.requireOnlyKeys([], code: .badArguments)
            let token = fields.positionals.first
            if let token { try Names.validateName(token, as: "token") }
            return verb == "PING" ? .ping(token) : .pong(token)
        case "QUIT": try none(fields, verb); return .quit
        case "HELP": try none(fields, verb); return .help
        case "ROOMS": try none(fields, verb); return .rooms
        case "WHO": try none(fields, verb); return .who
        case "LEAVE": try none(fields, verb); return .leave
        case "RESTART": try none(fields, verb); return .restart
        case "RESIGN": try none(fields, verb); return .resign
        case "CREATE":
            try fields.requirePositionalCount(1...1, usage: "CREATE <room> [size=4] [target=2048] [assists=no] [limit=0] [code=<code>]")
            try Names.validateName(fields.positionals[0], as: "room name")
            return .create(room: fields.positionals[0], options: try RoomOptions(fields: fields))
        case "JOIN", "WATCH":
            try fields.requirePositionalCount(1...1, usage: "\(verb) <room> [code=<code>]")
            try fields.requireOnlyKeys(["code"])
            let room = fields.positionals[0]
            try Names.validateName(room, as: "room name")
            let code = fields["code"]
            if let code { try Names.validateName(code, as: "join code") }
            return verb == "JOIN" ? .join(room: room, code: code) : .watch(room: room, code: code)
        case "READY":
            try fields.requirePositionalCount(0...1, usage: "READY [yes|no]")
            try fields.requireOnlyKeys([], code: .badArguments)
            guard let word = fields.positionals.first else { return .ready(true) }
            return .ready(try Fields.bool(word, named: "READY"))
        case "MOVE":
            try fields.requirePositionalCount(2...2, usage: "MOVE <seq> <log>, e.g. MOVE 1 LLUR")
            try fields.requireOnlyKeys([], code: .badArguments)
            let seq = try Fields.integer(fields.positionals[0], named: "seq", in: 1...Int(Int32.max))
            do {
                return .move(seq: seq, entries: try GameLog(parsing: fields.positionals[1]).entries)
            } catch {
                throw ProtocolError(.badArguments, error.message)
            }
        case "SUBMIT":
            try fields.requirePositionalCount(1...1, usage: "SUBMIT <nick> [token=<token>]")
            try fields.requireOnlyKeys(["token"])
            let nick = fields.positionals[0]
            try Names.validateName(nick, as: "nickname")
            let token = fields["token"]
            if let token, !(1...64).contains(token.utf8.count) || !token.utf8.allSatisfy(isAlphanumeric) {
                throw ProtocolError(.badToken, "token must be letters and digits")
            }
            return .submit(nick: nick, token: token)
        case "TOP":
            try fields.requirePositionalCount(0...0, usage: "TOP [board=all|daily] [date=YYYY-MM-DD] [sort=rank|nick|score] [order=asc|desc] [offset=0] [limit=20]")
            return .top(try LeaderboardQuery(fields: fields))
        case "PRACTICE":
            try fields.requirePositionalCount(0...0, usage: "PRACTICE [seed=<seed>] [size=4] [target=2048]")
            return .practice(try PracticeOptions(fields: fields))
        default:
            throw ProtocolError(.unknownVerb, "unknown request \(TextFilter.quoted(String(verbWord))); send HELP for the list")
        }
    }

    private static func single(_ fields: Fields, usage: String) throws(ProtocolError) -> String {
        try fields.requirePositionalCount(1...1, usage: usage)
        try fields.requireOnlyKeys([], code: .badArguments)
        return fields.positionals[0]
    }

    private static func none(_ fields: Fields, _ verb: String) throws(ProtocolError) {
        try fields.requirePositionalCount(0...0, usage: "\(verb) takes no arguments")
        try fields.requireOnlyKeys([], code: .badArguments)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
