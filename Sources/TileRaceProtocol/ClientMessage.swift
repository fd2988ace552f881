import TileRaceEngine

/// Every line a client can send, with the server's parser and the client's printer.
public enum ClientMessage: Hashable, Sendable {
    /// `isBot`: shown to others and kept off the leaderboard. `via`: the address of the visitor a program on the
    /// server's machine speaks for (the ssh wrapper's), counted in its place (protocol.md 5.1).
    case hello(nickname: String?, isBot: Bool = false, resume: String? = nil, strength: Int? = nil, via: String? = nil)
    case nickname(String)
    case ping(String?)
    case pong(String?)
    case quit
    case help
    case rooms
    case create(room: String, options: RoomOptions)
    case join(room: String, code: String?)
    case watch(room: String, code: String?)
    case who
    /// The token proves the nickname's claim in a rated room.
    case ready(Bool, token: String? = nil)
    case leave
    case move(seq: Int, entries: [GameLog.Entry])
    case restart
    case pause
    case resume
    case resign
    case submit(nickname: String, token: String?)
    case top(LeaderboardQuery)
    case record(RecordQuery)
    case practice(PracticeOptions)
    case resync
    case info
    case auth(secret: String)
    case connections
    case kick(nickname: String, reason: String)
    case ban(BanOrder)
    case unban(BanTarget)
    case bans
    case removeEntry(RemovalOrder)
    case announce(String)
    /// The text is the rest of the line (`ChatText`).
    case say(String)
    case mute(nickname: String)
    case unmute(nickname: String)
    /// The token proves the nickname's claim (as `READY`'s).
    case queue(token: String)
    case unqueue
    /// The reason is the rest of the line (`ChatText`'s rules).
    case report(nickname: String, reason: String)
    case reports
    case dismiss(id: Int)
    /// The operator marks a nickname as assisted (an engine).
    case assist(nickname: String, reason: String)
    case unassist(nickname: String)
    /// With an id: that held game, with its record.
    case review(id: Int?)
    case approve(id: Int)
    case reject(id: Int, reason: String)
    case arenas
    /// The token proves the nickname's claim in a rated arena.
    case arena(id: Int, token: String? = nil, isWatching: Bool = false)
    case arenaLeave
    case berserk
    case standings(arena: Int, offset: Int = 0, limit: Int = 20)
    case arenaCreate(ArenaSettings)

    /// The protocol name and version a `HELLO` must carry.
    public static let protocolName = "tilerace"
    public static let protocolVersion = 1

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
        case .report: .report
        case .reports: .reports
        case .dismiss: .dismiss
        case .assist: .assist
        case .unassist: .unassist
        case .review: .review
        case .approve: .approve
        case .reject: .reject
        case .arenas: .arenas
        case .arena: .arena
        case .arenaLeave: .arenaLeave
        case .berserk: .berserk
        case .standings: .standings
        case .arenaCreate: .arenaCreate
        }
    }

    /// Whether the server answers this line (every line but `PONG`).
    public var expectsReply: Bool { verb.expectsReply }

    public var endsOrReplacesGame: Bool { verb.rule.endsOrReplacesGame }

    /// Whether the reply has item lines before its `OK`.
    public var hasMultiLineReply: Bool { verb.hasMultiLineReply }

    /// The line to send, without its line ending.
    public var line: String {
        var fields = Fields()
        switch self {
        case .hello(let nickname, let isBot, let resume, let strength, let via):
            fields.positionals = [ClientMessage.protocolName, String(ClientMessage.protocolVersion)] + (nickname.map { [$0] } ?? [])
            if isBot { fields.append(.bot, true) }
            if let strength { fields.append(.strength, strength) }
            if let resume { fields.append(.resume, resume) }
            if let via { fields.append(.via, via) }
        case .nickname(let nickname), .auth(let nickname), .mute(let nickname), .unmute(let nickname), .unassist(let nickname):
            fields.positionals = [nickname]
        case .ping(let token), .pong(let token):
            fields.positionals = token.map { [$0] } ?? []
        case .create(let room, let options):
            fields.positionals = [room]
            options.append(to: &fields)
        case .join(let room, let code), .watch(let room, let code):
            fields.positionals = [room]
            if let code { fields.append(.code, code) }
        case .ready(let isReady, let token):
            fields.positionals = [isReady ? "yes" : "no"]
            if let token { fields.append(.token, token) }
        case .move(let seq, let entries):
            fields.positionals = [String(seq), GameLog(entries).description]
        case .submit(let nickname, let token):
            fields.positionals = [nickname]
            if let token { fields.append(.token, token) }
        case .top(let query): query.append(to: &fields)
        case .record(let query): query.append(to: &fields)
        case .practice(let options): options.append(to: &fields)
        case .kick(let nickname, let reason), .assist(let nickname, let reason):
            fields.positionals = [nickname]
            if !reason.isEmpty { fields.append(.reason, PercentText.encode(reason)) }
        case .ban(let order): order.append(to: &fields)
        case .unban(let target): fields.positionals = [target.description]
        case .removeEntry(let order): order.append(to: &fields)
        case .announce(let text): fields.append(.text, PercentText.encode(text))
        case .say(let text): fields.append(ChatText.key, text)
        case .queue(let token): fields.append(.token, token)
        case .report(let nickname, let reason):
            fields.positionals = [nickname]
            fields.append(.reason, reason)
        case .dismiss(let id): fields.positionals = [String(id)]
        case .approve(let id): fields.positionals = [String(id)]
        case .reject(let id, let reason):
            fields.positionals = [String(id)]
            if !reason.isEmpty { fields.append(.reason, PercentText.encode(reason)) }
        case .review(let id): fields.positionals = id.map { [String($0)] } ?? []
        case .arena(let id, let token, let isWatching):
            fields.positionals = [String(id)]
            if let token { fields.append(.token, token) }
            if isWatching { fields.append(.watch, true) }
        case .standings(let arena, let offset, let limit):
            fields.positionals = [String(arena)]
            if offset != 0 { fields.append("offset", offset) }
            if limit != 20 { fields.append("limit", limit) }
        case .arenaCreate(let settings): settings.append(to: &fields)
        case .quit, .help, .rooms, .who, .leave, .restart, .resign, .pause, .resume, .resync, .info, .connections, .bans, .unqueue,
            .reports, .arenas, .arenaLeave, .berserk:
            break
        }
        return ([verb.rawValue] + fields.words).joined(separator: " ")
    }

    /// - Throws: the `ProtocolError` the server sends back as `ERR`.
    public static func parse(_ line: String) throws(ProtocolError) -> ClientMessage {
        guard let verbWord = line.split(separator: " ").first else { throw ProtocolError(.badArguments, "empty line") }
        return try RequestVerb(word: verbWord).parse(line: line)
    }
}

extension ClientMessage {
    /// The largest seq, never the next, so an old server answers `bad-seq` and sends `RESYNC`.
    public static let legacyResyncSequence = Int(Int32.max)

    /// `RESYNC` where the greeting offers it, else `legacyResyncSequence`'s `MOVE`.
    public static func askingForResync(offered features: Set<ServerFeature>) -> ClientMessage {
        features.contains(.resync) ? .resync : .move(seq: legacyResyncSequence, entries: [.move(.left)])
    }
}
