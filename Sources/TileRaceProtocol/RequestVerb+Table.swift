import TileRaceEngine

extension RequestVerb {
    /// The verb's row, built once: a request's parse and admission read it.
    var rule: RequestRule { RequestVerb.rules[self]! }  // Every verb has a row: `rules` is built from `allCases`.

    private static let rules = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.makeRule()) })

    /// The verb's row of the table. A switch, so no verb can lack one.
    private func makeRule() -> RequestRule {
        switch self {
        case .hello:
            RequestRule(
                usage: "HELLO tilerace 1 [nick] [bot=yes [strength=<1-5>]] [resume=<session>] [via=<address>]",
                summary: "introduce yourself (bot=yes: you are a program; resume=: take back a dropped connection's seat)",
                requirements: [.notGreeted], positionalCount: 2...3,
                keys: [WireKey.bot.rawValue, WireKey.strength.rawValue, WireKey.resume.rawValue, WireKey.via.rawValue]
            ) { fields throws(ProtocolError) in
                let words = fields.positionals
                guard words[0] == ClientMessage.protocolName, words[1] == String(ClientMessage.protocolVersion) else {
                    throw ProtocolError(
                        .unsupportedVersion,
                        "this server speaks tilerace 1, not \(TextFilter.printableASCII(words.prefix(2).joined(separator: " ")))")
                }
                let nickname = words.count == 3 ? words[2] : nil
                if let nickname { try Names.validateName(nickname, as: "nickname") }
                let resume = fields[.resume]
                if let resume {
                    guard nickname != nil else { throw ProtocolError(.badArguments, "resume= needs the nickname of the session") }
                    guard resume.utf8.count == 32, resume.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
                    else { throw ProtocolError(.badSession, "resume= takes the 32 hexadecimal characters OK HELLO gave as session=") }
                }
                let isBot = try fields.flag(.bot, code: .badOption)
                let strength = try fields[.strength].map { (text: String) throws(ProtocolError) in
                    guard isBot else { throw ProtocolError(.badArguments, "strength= is a bot's: say bot=yes with it") }
                    return try Fields.integer(text, named: "strength", in: 1...5)
                }
                let via = try fields[.via].map { (text: String) throws(ProtocolError) in
                    guard let address = BanTarget.address(text) else {
                        throw ProtocolError(.badArguments, "via= takes an IPv4 or IPv6 address, not \(TextFilter.printableASCII(text))")
                    }
                    return address
                }
                return .hello(nickname: nickname, isBot: isBot, resume: resume, strength: strength, via: via)
            }
        case .nickname:
            RequestRule(
                usage: "NICK <nick>", summary: "set your nickname", requirements: [.greeted, .outsideRooms, .notPracticing],
                positionalCount: 1...1
            ) { fields throws(ProtocolError) in
                try Names.validateName(fields.positionals[0], as: "nickname")
                return .nickname(fields.positionals[0])
            }
        case .ping:
            RequestRule(usage: "PING [token]", summary: "check the server answers (PONG)", requirements: [], positionalCount: 0...1) {
                fields throws(ProtocolError) in .ping(try RequestVerb.token(in: fields))
            }
        case .pong:
            RequestRule(
                usage: "PONG [token]", summary: "answer the server's PING", requirements: [], reply: .none, positionalCount: 0...1
            ) { fields throws(ProtocolError) in .pong(try RequestVerb.token(in: fields)) }
        case .quit:
            RequestRule(usage: "QUIT", summary: "say goodbye and disconnect", requirements: [], message: .quit)
        case .help:
            RequestRule(usage: "HELP", summary: "list the requests", requirements: [], reply: .items, cost: .fixed(2), message: .help)
        case .rooms:
            RequestRule(
                usage: "ROOMS", summary: "list the public rooms", requirements: [.greeted], reply: .items,
                cost: .listing(itemsPerToken: 16), message: .rooms)
        case .create:
            RequestRule(
                usage: "CREATE <room> [size=4] [target=2048] [assists=no] [limit=0] [code=<code>]",
                summary: "create a room and join it", requirements: [.greeted, .named, .outsideRooms, .notPracticing],
                positionalCount: 1...1, keys: RoomOptions.keys
            ) { fields throws(ProtocolError) in
                try Names.validateName(fields.positionals[0], as: "room name")
                return .create(room: fields.positionals[0], options: try RoomOptions(fields: fields))
            }
        case .join:
            RequestRule(
                usage: "JOIN <room> [code=<code>]", summary: "join a room as a player",
                requirements: [.greeted, .named, .outsideRooms, .notPracticing],
                positionalCount: 1...1, keys: [WireKey.code.rawValue]
            ) { fields throws(ProtocolError) in
                let (room, code) = try RequestVerb.roomAndCode(in: fields)
                return .join(room: room, code: code)
            }
        case .watch:
            RequestRule(
                usage: "WATCH <room> [code=<code>]", summary: "watch a room", requirements: [.greeted, .outsideRooms, .notPracticing],
                positionalCount: 1...1, keys: [WireKey.code.rawValue]
            ) { fields throws(ProtocolError) in
                let (room, code) = try RequestVerb.roomAndCode(in: fields)
                return .watch(room: room, code: code)
            }
        case .who:
            RequestRule(
                usage: "WHO", summary: "list the people in your room", requirements: [.greeted, .member], reply: .items,
                cost: .fixed(2), message: .who)
        case .ready:
            RequestRule(
                usage: "READY [yes|no] [token=<token>]", summary: "mark yourself ready to race (or not)",
                requirements: [.greeted, .player, .roomNotRacing], positionalCount: 0...1, keys: [WireKey.token.rawValue]
            ) { fields throws(ProtocolError) in
                let token = try RequestVerb.claimToken(in: fields)
                guard let word = fields.positionals.first else { return .ready(true, token: token) }
                return .ready(try Fields.bool(word, named: "READY"), token: token)
            }
        case .leave:
            RequestRule(
                usage: "LEAVE", summary: "leave your room", requirements: [.greeted, .member], endsOrReplacesGame: true, message: .leave)
        case .move:
            RequestRule(
                usage: "MOVE <seq> <log>", example: "MOVE 1 LLUR", summary: "play entries (L R U D, Z undo, X<row><col> remove)",
                requirements: [.greeted, .racing], positionalCount: 2...2
            ) { fields throws(ProtocolError) in
                let seq = try Fields.integer(fields.positionals[0], named: "seq", in: 1...Int(Int32.max))
                let log: GameLog
                do throws(EngineError) {
                    log = try GameLog(parsing: fields.positionals[1])
                } catch {
                    throw ProtocolError(.badArguments, error.message)
                }
                // The server times the entries it applies; a MOVE says none.
                guard !log.isTimed else {
                    throw ProtocolError(.badArguments, "a MOVE's log has no @<milliseconds>: the server times each entry")
                }
                return .move(seq: seq, entries: log.entries)
            }
        case .pause:
            RequestRule(
                usage: "PAUSE", summary: "stop your practice game's clock (a race's keeps running)",
                requirements: [.greeted, .practicing], message: .pause)
        case .resume:
            RequestRule(
                usage: "RESUME", summary: "start your paused practice game's clock again",
                requirements: [.greeted, .practicing], message: .resume)
        case .restart:
            RequestRule(
                usage: "RESTART", summary: "start your game again from the same seed", requirements: [.greeted, .racing],
                endsOrReplacesGame: true, message: .restart)
        case .resign:
            RequestRule(
                usage: "RESIGN", summary: "finish your game now", requirements: [.greeted, .racing], endsOrReplacesGame: true,
                message: .resign)
        case .submit:
            RequestRule(
                usage: "SUBMIT <nick> [token=<token>]", summary: "put your last finished game on the leaderboard",
                requirements: [.greeted], positionalCount: 1...1, keys: [WireKey.token.rawValue]
            ) { fields throws(ProtocolError) in
                let nickname = fields.positionals[0]
                try Names.validateName(nickname, as: "nickname")
                return .submit(nickname: nickname, token: try RequestVerb.claimToken(in: fields))
            }
        case .top:
            RequestRule(
                usage: "TOP [board=all|daily|sprint|sprint-daily|rating] [date=YYYY-MM-DD] [sort=rank|nick|score] [order=asc|desc] "
                    + "[offset=0] [limit=20] [nick=<nick>]",
                summary: "read a leaderboard", requirements: [.greeted], reply: .items, cost: .asked(RequestVerb.topCost),
                keys: LeaderboardQuery.keys
            ) { fields throws(ProtocolError) in .top(try LeaderboardQuery(fields: fields)) }
        case .record:
            RequestRule(
                usage: "RECORD <nick> [board=all|daily|sprint|sprint-daily] [date=YYYY-MM-DD]", example: "RECORD ana board=daily",
                summary: "read the game record of a leaderboard entry (LOG lines)", requirements: [.greeted], reply: .items,
                cost: .perItemLine, positionalCount: 1...1, keys: RecordQuery.keys
            ) { fields throws(ProtocolError) in .record(try RecordQuery(fields: fields)) }
        case .practice:
            RequestRule(
                usage: "PRACTICE [seed=<seed>] [size=4] [target=2048]", summary: "start a solo game",
                requirements: [.greeted, .outsideRooms, .notPracticing], keys: PracticeOptions.keys, endsOrReplacesGame: true
            ) { fields throws(ProtocolError) in .practice(try PracticeOptions(fields: fields)) }
        case .resync:
            RequestRule(
                usage: "RESYNC", summary: "get the server's copy of your game (a RESYNC event follows the OK)",
                requirements: [.greeted, .racing], feature: .resync, message: .resync)
        case .info:
            RequestRule(
                usage: "INFO", summary: "the server's version, uptime, players, rooms, races, moves per second and store",
                requirements: [.greeted], cost: .fixed(2), message: .info)
        case .auth:
            RequestRule(
                usage: "AUTH <secret>", summary: "unlock the operator's requests on this connection (the server's operator secret)",
                requirements: [.greeted], positionalCount: 1...1
            ) { fields throws(ProtocolError) in .auth(secret: fields.positionals[0]) }
        case .connections:
            RequestRule(
                usage: "CONNECTIONS", summary: "operator: list every connection (nickname, room, address, idle time)",
                requirements: [.greeted, .operator], reply: .items, cost: .fixed(2), message: .connections)
        case .kick:
            RequestRule(
                usage: "KICK <nick> [reason=<text>]", example: "KICK ana reason=spam",
                summary: "operator: close a player's connection", requirements: [.greeted, .operator], positionalCount: 1...1,
                keys: [WireKey.reason.rawValue]
            ) { fields throws(ProtocolError) in
                try Names.validateName(fields.positionals[0], as: "nickname")
                let reason = try fields[.reason].map { (text: String) throws(ProtocolError) in try PercentText.decode(text, key: "reason") }
                return .kick(nickname: fields.positionals[0], reason: reason ?? "")
            }
        case .ban:
            RequestRule(
                usage: "BAN <nick|address> [for=<duration>] [reason=<text>]", example: "BAN ana for=7d reason=cheating",
                summary: "operator: ban a nickname or an address (for=90s, 30m, 12h, 7d; none: for good)",
                requirements: [.greeted, .operator], positionalCount: 1...1, keys: BanOrder.keys
            ) { fields throws(ProtocolError) in .ban(try BanOrder(fields: fields)) }
        case .unban:
            RequestRule(
                usage: "UNBAN <nick|address>", example: "UNBAN ana", summary: "operator: lift a ban",
                requirements: [.greeted, .operator], positionalCount: 1...1
            ) { fields throws(ProtocolError) in .unban(try BanTarget(fields.positionals[0], readsOlderWords: true)) }
        case .bans:
            RequestRule(
                usage: "BANS", summary: "operator: list the bans in force", requirements: [.greeted, .operator], reply: .items,
                cost: .fixed(2), message: .bans)
        case .removeEntry:
            RequestRule(
                usage: "REMOVE-ENTRY <nick> [board=all|daily|sprint|sprint-daily] [date=YYYY-MM-DD] [reason=<text>]",
                example: "REMOVE-ENTRY ana reason=cheating", summary: "operator: take a nickname's entry off a leaderboard",
                requirements: [.greeted, .operator], positionalCount: 1...1, keys: RemovalOrder.keys
            ) { fields throws(ProtocolError) in .removeEntry(try RemovalOrder(fields: fields)) }
        case .announce:
            RequestRule(
                usage: "ANNOUNCE text=<text>", example: "ANNOUNCE text=restarting%20in%205%20minutes",
                summary: "operator: show a notice to every player (text percent-encoded)", requirements: [.greeted, .operator],
                keys: [WireKey.text.rawValue]
            ) { fields throws(ProtocolError) in
                let text = try PercentText.decode(try fields.string(.text), key: "text", code: .badArguments)
                guard !text.isEmpty else { throw ProtocolError(.badArguments, "text= is empty: say what to announce") }
                return .announce(text)
            }
        case .say:
            RequestRule(
                usage: "SAY text=<text>", example: "SAY text=good luck!",
                summary: "say a line (1-200 characters, the rest of the line) to your room, or to the lobby in none",
                requirements: [.greeted, .named, .notPracticing], keys: [ChatText.key],
                window: RequestVerb.chatWindow, textKey: ChatText.key
            ) { fields throws(ProtocolError) in
                let text = try fields.string(ChatText.key)
                try ChatText.validate(text)
                return .say(text)
            }
        case .mute, .unmute:
            RequestRule(
                usage: "\(rawValue) <nick>", example: "\(rawValue) ana",
                summary: self == .mute
                    ? "operator: refuse a nickname's chat on this server (ERR muted) until UNMUTE or a restart"
                    : "operator: let a muted nickname talk again",
                requirements: [.greeted, .operator], positionalCount: 1...1
            ) { [self] fields throws(ProtocolError) in
                let nickname = fields.positionals[0]
                try Names.validateName(nickname, as: "nickname")
                return self == .mute ? .mute(nickname: nickname) : .unmute(nickname: nickname)
            }
        case .queue:
            RequestRule(
                usage: "QUEUE token=<token>", example: "QUEUE token=3f2a9c",
                summary: "wait for a quick race: a 4x4 rated room with players of close rating (token: your nickname's claim)",
                requirements: [.greeted, .named, .outsideRooms, .notPracticing], keys: [WireKey.token.rawValue], feature: .queue
            ) { fields throws(ProtocolError) in
                // The claim's token, checked as READY's (32 hexadecimal characters from SUBMIT).
                guard let token = try RequestVerb.claimToken(in: fields) else { throw ProtocolError(.badArguments, "missing field token=") }
                return .queue(token: token)
            }
        case .unqueue:
            RequestRule(
                usage: "UNQUEUE", summary: "leave the quick race queue", requirements: [.greeted], feature: .queue, message: .unqueue)
        case .report:
            RequestRule(
                usage: "REPORT <nick> reason=<text>", example: "REPORT bo reason=plays far too fast",
                summary: "report a player to the operators (reason: 1-200 characters, the rest of the line); they never see it",
                requirements: [.greeted, .named], positionalCount: 1...1, keys: [WireKey.reason.rawValue],
                window: RequestVerb.reportWindow, textKey: WireKey.reason.rawValue, feature: .reports
            ) { fields throws(ProtocolError) in
                let nickname = fields.positionals[0]
                try Names.validateName(nickname, as: "nickname")
                guard let reason = fields[.reason] else {
                    throw ProtocolError(.badArguments, "say why: REPORT \(nickname) reason=<what they did>")
                }
                try ChatText.validate(reason, saying: "REPORT \(nickname) reason=")
                return .report(nickname: nickname, reason: reason)
            }
        case .reports:
            RequestRule(
                usage: "REPORTS", summary: "operator: list the open reports (REPORT items, each with its REPORT-LINE room lines)",
                requirements: [.greeted, .operator], reply: .items, cost: .fixed(2), feature: .reports, message: .reports)
        case .dismiss:
            RequestRule(
                usage: "DISMISS <id>", example: "DISMISS 7", summary: "operator: close a report (REPORTS lists its id)",
                requirements: [.greeted, .operator], positionalCount: 1...1, feature: .reports
            ) { fields throws(ProtocolError) in .dismiss(id: try Fields.integer(fields.positionals[0], named: "id", in: 1...Int.max)) }
        case .assist:
            RequestRule(
                usage: "ASSIST <nick> [reason=<text>]", example: "ASSIST bo reason=engine",
                summary:
                    "operator: mark a nickname as assisted (an engine): off every board, out of rated play, its opponents' points given back",
                requirements: [.greeted, .operator], positionalCount: 1...1, keys: [WireKey.reason.rawValue]
            ) { fields throws(ProtocolError) in
                try Names.validateName(fields.positionals[0], as: "nickname")
                let reason = try fields[.reason].map { (text: String) throws(ProtocolError) in try PercentText.decode(text, key: "reason") }
                return .assist(nickname: fields.positionals[0], reason: reason ?? "")
            }
        case .unassist:
            RequestRule(
                usage: "UNASSIST <nick>", example: "UNASSIST bo",
                summary: "operator: lift a nickname's assisted mark (the points given back stay given)",
                requirements: [.greeted, .operator], positionalCount: 1...1
            ) { fields throws(ProtocolError) in
                try Names.validateName(fields.positionals[0], as: "nickname")
                return .unassist(nickname: fields.positionals[0])
            }
        case .review:
            RequestRule(
                usage: "REVIEW [<id>]", example: "REVIEW 42",
                summary: "list the games held for review, your own (the operator: everyone's), or one with its record",
                requirements: [.greeted],
                reply: .items, cost: .fixed(2), positionalCount: 0...1
            ) { fields throws(ProtocolError) in
                .review(
                    id: try fields.positionals.first.map { (text: String) throws(ProtocolError) in
                        try Fields.integer(text, named: "id", in: 1...Int.max)
                    })
            }
        case .approve, .reject:
            RequestRule(
                usage: self == .approve ? "APPROVE <id>" : "REJECT <id> [reason=<text>]",
                example: self == .approve ? "APPROVE 42" : "REJECT 42 reason=computed",
                summary: self == .approve
                    ? "operator: put a held game on its boards" : "operator: throw a held game away (reason percent-encoded)",
                requirements: [.greeted, .operator], positionalCount: 1...1, keys: self == .approve ? [] : [WireKey.reason.rawValue]
            ) { [self] fields throws(ProtocolError) in
                let id = try Fields.integer(fields.positionals[0], named: "id", in: 1...Int.max)
                guard self == .reject else { return .approve(id: id) }
                let reason = try fields[.reason].map { (text: String) throws(ProtocolError) in try PercentText.decode(text, key: "reason") }
                return .reject(id: id, reason: reason ?? "")
            }
        case .arenas:
            RequestRule(
                usage: "ARENAS", summary: "list the arenas: running, upcoming and just over", requirements: [.greeted], reply: .items,
                cost: .fixed(2), feature: .arena, message: .arenas)
        case .arena:
            RequestRule(
                usage: "ARENA <id> [token=<token>] [watch=no]", example: "ARENA 1",
                summary: "join an arena: you are paired for race after race until you ARENA-LEAVE (token: a rated arena's claim; "
                    + "watch=yes: only its SCORED and ARENA-END, never paired)",
                requirements: [.greeted, .named, .outsideRooms, .notPracticing], positionalCount: 1...1,
                keys: [WireKey.token.rawValue, WireKey.watch.rawValue], feature: .arena
            ) { fields throws(ProtocolError) in
                let id = try Fields.integer(fields.positionals[0], named: "arena", in: 1...Int(Int32.max))
                return .arena(id: id, token: try RequestVerb.claimToken(in: fields), isWatching: try fields.flag(.watch))
            }
        case .arenaLeave:
            RequestRule(
                usage: "ARENA-LEAVE", summary: "leave your arena: never paired again (a race under way still counts)",
                requirements: [.greeted], feature: .arena, message: .arenaLeave)
        case .berserk:
            RequestRule(
                usage: "BERSERK", summary: "halve your own clock for your next arena race, for +1 point on a win",
                requirements: [.greeted, .named], feature: .arena, message: .berserk)
        case .standings:
            RequestRule(
                usage: "STANDINGS <id> [offset=0] [limit=20]", example: "STANDINGS 1 limit=10",
                summary: "read an arena's standings", requirements: [.greeted], reply: .items, cost: .fixed(3), positionalCount: 1...1,
                keys: ["offset", "limit"], feature: .arena
            ) { fields throws(ProtocolError) in
                let id = try Fields.integer(fields.positionals[0], named: "arena", in: 1...Int(Int32.max))
                let offset = try fields["offset"].map { (text: String) throws(ProtocolError) in
                    try Fields.integer(text, named: "offset", in: 0...Int(Int32.max))
                }
                let limit = try fields["limit"].map { (text: String) throws(ProtocolError) in
                    try Fields.integer(text, named: "limit", in: 1...RequestVerb.maximumStandingsLimit)
                }
                return .standings(arena: id, offset: offset ?? 0, limit: limit ?? 20)
            }
        case .arenaCreate:
            RequestRule(
                usage: "ARENA-CREATE [in=0] [length=1800] [size=4] [target=2048] [limit=180] [rated=no] [race-size=2]",
                example: "ARENA-CREATE in=600 length=1800 limit=180",
                summary: "operator: schedule an arena (in= seconds from now, length= and limit= seconds, races of race-size players)",
                requirements: [.greeted, .operator, .outsideRooms, .notPracticing], keys: ArenaSettings.keys, feature: .arena
            ) { fields throws(ProtocolError) in
                let settings = try ArenaSettings(fields: fields)
                try settings.validate()
                return .arenaCreate(settings)
            }
        }
    }

    /// `STANDINGS`'s largest page.
    public static let maximumStandingsLimit = 100

    /// How many lines of chat a connection may say: 5 in any 10 s.
    public static let chatWindow = RequestWindow(count: 5, milliseconds: 10_000)

    /// How many reports a connection may make: 3 in any 10 minutes.
    public static let reportWindow = RequestWindow(count: 3, milliseconds: 600_000)

    private static func topCost(_ request: ClientMessage) -> Int {
        guard case .top(let query) = request else { return 1 }
        return 1 + min(max(query.limit, 0), LeaderboardQuery.maximumLimit) / 10
    }

    /// The optional token of `PING` and `PONG`, a name.
    private static func token(in fields: Fields) throws(ProtocolError) -> String? {
        let token = fields.positionals.first
        if let token { try Names.validateName(token, as: "token") }
        return token
    }

    /// The room and optional join code of `JOIN` and `WATCH`.
    private static func roomAndCode(in fields: Fields) throws(ProtocolError) -> (room: String, code: String?) {
        let room = fields.positionals[0]
        try Names.validateName(room, as: "room name")
        let code = fields[.code]
        if let code { try Names.validateName(code, as: "join code") }
        return (room, code)
    }

    /// The optional claim token of `SUBMIT` and `READY`: 1 to 64 letters and digits.
    private static func claimToken(in fields: Fields) throws(ProtocolError) -> String? {
        let token = fields[.token]
        if let token, !(1...64).contains(token.utf8.count) || !token.utf8.allSatisfy(RequestVerb.isAlphanumeric) {
            throw ProtocolError(.badToken, "token must be letters and digits")
        }
        return token
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
