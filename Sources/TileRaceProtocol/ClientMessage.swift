import TileRaceEngine

/// Every line a client can send (protocol.md section 5), with the one parser
/// the server uses and the one printer the client uses.
public enum ClientMessage: Hashable, Sendable {
    /// `HELLO tilerace 1 [nick] [bot=yes|no]`: `isBot` says the client is a
    /// program playing (a bot), which the server shows to others and keeps
    /// off the leaderboard.
    case hello(nickname: String?, isBot: Bool = false, resume: String? = nil)
    /// `NICK <nick>`.
    case nickname(String)
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
    /// `READY [yes|no] [token=<token>]`: the token proves the nickname's
    /// claim in a rated room.
    case ready(Bool, token: String? = nil)
    /// `LEAVE`.
    case leave
    /// `MOVE <seq> <log>`.
    case move(seq: Int, entries: [GameLog.Entry])
    /// `RESTART`.
    case restart
    /// `PAUSE`: stop the practice game's clock.
    case pause
    /// `RESUME`: start the practice game's clock again.
    case resume
    /// `RESIGN`.
    case resign
    /// `SUBMIT <nick> [token=]`.
    case submit(nickname: String, token: String?)
    /// `TOP [query]`.
    case top(LeaderboardQuery)
    /// `RECORD <nick> [board=] [date=]`.
    case record(RecordQuery)
    /// `PRACTICE [options]`.
    case practice(PracticeOptions)
    /// `RESYNC`: ask for the server's copy of your game (section 5.3).
    case resync
    /// `INFO`.
    case info
    /// `AUTH <secret>`: unlock the operator's requests on this connection.
    case auth(secret: String)
    /// `CONNECTIONS`: every connection, with addresses (operator).
    case connections
    /// `KICK <nick> [reason=]`: close a player's connection (operator).
    case kick(nickname: String, reason: String)
    /// `BAN <nick|address> [for=] [reason=]` (operator).
    case ban(BanOrder)
    /// `UNBAN <nick|address>` (operator).
    case unban(BanTarget)
    /// `BANS`: the bans in force (operator).
    case bans
    /// `REMOVE-ENTRY <nick> [board=] [date=] [reason=]` (operator).
    case removeEntry(RemovalOrder)
    /// `ANNOUNCE text=<text>`: a notice to every connection (operator).
    case announce(String)
    /// `SAY text=<text>`: a line of chat to your room (or the lobby); the
    /// text is the rest of the line (`ChatText`).
    case say(String)
    /// `MUTE <nick>`: refuse that nickname's chat on this server (operator).
    case mute(nickname: String)
    /// `UNMUTE <nick>`: let a muted nickname talk again (operator).
    case unmute(nickname: String)
    /// `QUEUE token=<token>`: wait in the server's matchmaking queue for a
    /// quick race (a 4x4 rated room); the token proves the nickname's claim.
    case queue(token: String)
    /// `UNQUEUE`: leave the matchmaking queue.
    case unqueue

    /// The protocol name and version a `HELLO` must carry.
    public static let protocolName = "tilerace"
    /// This protocol's version.
    public static let protocolVersion = 1

    /// The request's verb.
    public var verb: RequestVerb {
        switch self {
        case .hello: .hello
        case .nickname: .nickname
        case .ping: .ping
        case .pong: .pong
        case .quit: .quit
        case .help: .help
        case .rooms: .rooms
        case .create: .create
        case .join: .join
        case .watch: .watch
        case .who: .who
        case .ready: .ready
        case .leave: .leave
        case .move: .move
        case .restart: .restart
        case .pause: .pause
        case .resume: .resume
        case .resign: .resign
        case .submit: .submit
        case .top: .top
        case .record: .record
        case .practice: .practice
        case .resync: .resync
        case .info: .info
        case .auth: .auth
        case .connections: .connections
        case .kick: .kick
        case .ban: .ban
        case .unban: .unban
        case .bans: .bans
        case .removeEntry: .removeEntry
        case .announce: .announce
        case .say: .say
        case .mute: .mute
        case .unmute: .unmute
        case .queue: .queue
        case .unqueue: .unqueue
        }
    }

    /// Whether the server answers this line (every line but `PONG`).
    public var expectsReply: Bool { verb.expectsReply }

    /// Whether the reply has item lines before its `OK`.
    public var hasMultiLineReply: Bool { verb.hasMultiLineReply }

    /// The line to send, without its line ending.
    public var line: String {
        var fields = Fields()
        switch self {
        case .hello(let nickname, let isBot, let resume):
            fields.positionals = [ClientMessage.protocolName, String(ClientMessage.protocolVersion)] + (nickname.map { [$0] } ?? [])
            if isBot { fields.append("bot", true) }
            if let resume { fields.append("resume", resume) }
        case .nickname(let nickname):
            fields.positionals = [nickname]
        case .ping(let token), .pong(let token):
            fields.positionals = token.map { [$0] } ?? []
        case .quit, .help, .rooms, .who, .leave, .restart, .resign, .pause, .resume:
            break
        case .create(let room, let options):
            fields = options.fields
            fields.positionals = [room]
        case .join(let room, let code), .watch(let room, let code):
            fields.positionals = [room]
            if let code { fields.append("code", code) }
        case .ready(let isReady, let token):
            fields.positionals = [isReady ? "yes" : "no"]
            if let token { fields.append("token", token) }
        case .move(let seq, let entries):
            fields.positionals = [String(seq), GameLog(entries).description]
        case .submit(let nickname, let token):
            fields.positionals = [nickname]
            if let token { fields.append("token", token) }
        case .top(let query):
            fields = query.fields
        case .record(let query):
            fields = query.fields
        case .practice(let options):
            fields = options.fields
        case .resync, .info:
            break
        case .auth(let secret):
            fields.positionals = [secret]
        case .connections, .bans:
            break
        case .kick(let nickname, let reason):
            fields.positionals = [nickname]
            if !reason.isEmpty { fields.append("reason", PercentText.encode(reason)) }
        case .ban(let order):
            fields = order.fields
        case .unban(let target):
            fields.positionals = [target.description]
        case .removeEntry(let order):
            fields = order.fields
        case .announce(let text):
            fields.append("text", PercentText.encode(text))
        case .say(let text):
            fields.append(ChatText.key, text)
        case .mute(let nickname), .unmute(let nickname):
            fields.positionals = [nickname]
        case .queue(let token):
            fields.append("token", token)
        case .unqueue:
            break
        }
        return ([verb.rawValue] + fields.words).joined(separator: " ")
    }

    /// Parses a line from a client (verbs in any case) with the verb table.
    /// - Throws: a `ProtocolError` whose code and message the server sends back as `ERR`.
    public static func parse(_ line: String) throws(ProtocolError) -> ClientMessage {
        guard let verbWord = line.split(separator: " ").first else { throw ProtocolError(.badArguments, "empty line") }
        return try RequestVerb(word: verbWord).parse(line: line)
    }
}

extension ClientMessage {
    /// The `seq` of the `MOVE` that asks a server older than `RESYNC` for its
    /// copy of the game: the largest allowed, never the next one, so the
    /// server refuses it with `bad-seq` and sends its `RESYNC` event.
    public static let legacyResyncSequence = Int(Int32.max)

    /// The request that asks for the server's copy of your game: `RESYNC`
    /// where the greeting offers it (`features`), else the `MOVE` that cannot
    /// be next (`legacyResyncSequence`), which every server answers with
    /// `ERR bad-seq` and the same `RESYNC` event.
    public static func askingForResync(offered features: Set<ServerFeature>) -> ClientMessage {
        features.contains(.resync) ? .resync : .move(seq: legacyResyncSequence, entries: [.move(.left)])
    }
}
