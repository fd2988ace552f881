/// The events a server pushes (protocol.md section 7).
public enum ServerEvent: Hashable, Sendable {
    case hello(Greeting)
    /// `bot=yes` written only when `isBot`; `strength=` when a bot said it.
    case joined(room: String, nickname: String, role: MemberInfo.Role, isBot: Bool = false, strength: Int? = nil)
    case left(room: String, nickname: String)
    /// Someone's ready mark changed.
    case ready(room: String, nickname: String, isReady: Bool, rating: ShownRating? = nil)
    /// The race starts in `milliseconds`.
    case countdown(room: String, milliseconds: Int)
    /// The countdown stopped.
    case cancel(room: String, reason: CancelReason)
    case start(RaceStart)
    case progress(RacerProgress)
    case finish(RacerFinish)
    /// One line of the final standings (`place` and `race` set).
    case result(RacerFinish)
    /// The end of the standings.
    case end(room: String, race: Int, count: Int)
    /// The server's copy of your game.
    case resync(GameSync)
    /// A player's connection dropped; their seat is held for `milliseconds`.
    case away(room: String, nickname: String, milliseconds: Int)
    /// An away player is back.
    case back(room: String, nickname: String)
    /// Are you there? Answer `PONG`.
    case ping(String?)
    /// The server is closing the connection.
    case bye(String)
    /// The operator's notice to every player (`ANNOUNCE`), decoded.
    case notice(String)
    /// A line of chat in a room (or, with no room, the lobby).
    case chat(ChatLine)
    /// `offer=bots` once, when alone past 20 s.
    case queued(waiting: Int, seconds: Int, offersBots: Bool)
    /// Put in this quick race's room; `JOINED`, `READY`, `COUNTDOWN` follow.
    case matched(RoomDescription)
    /// An arena race scored: the racer's new line of the standings.
    case scored(ArenaStanding)
    /// A racer of this arena race halved its own clock to `limit` seconds.
    case berserk(arena: Int, room: String, nickname: String, limit: Int)
    /// The arena is over: its standings are final; the podium's nicknames, best first.
    case arenaEnd(arena: Int, players: Int, podium: [String])

    public static let verbs: Set<String> = [
        "HELLO", "JOINED", "LEFT", "READY", "COUNTDOWN", "CANCEL", "START", "PROGRESS", "FINISH", "RESULT",
        "END", "RESYNC", "AWAY", "BACK", "PING", "BYE", "NOTICE", "CHAT",
        "QUEUED", "MATCHED", "SCORED", "BERSERK", "ARENA-END",
    ]

    /// The verb and the fields after it, in one switch so neither can miss a case.
    var parts: (String, Fields) {
        var fields = Fields()
        let verb: String
        switch self {
        case .hello(let greeting): (verb, fields) = ("HELLO", greeting.fields)
        case .joined(let room, let nickname, let role, let isBot, let strength):
            verb = "JOINED"
            fields.append(.room, room)
            fields.append(.nick, nickname)
            fields.append(.role, role.rawValue)
            if isBot { fields.append(.bot, true) }
            if let strength { fields.append(.strength, strength) }
        case .left(let room, let nickname), .back(let room, let nickname):
            if case .left = self { verb = "LEFT" } else { verb = "BACK" }
            fields.append(.room, room)
            fields.append(.nick, nickname)
        case .ready(let room, let nickname, let isReady, let rating):
            verb = "READY"
            fields.append(.room, room)
            fields.append(.nick, nickname)
            fields.append(.ready, isReady)
            rating?.append(to: &fields)
        case .countdown(let room, let milliseconds):
            verb = "COUNTDOWN"
            fields.append(.room, room)
            fields.append(.ms, milliseconds)
        case .cancel(let room, let reason):
            verb = "CANCEL"
            fields.append(.room, room)
            fields.append(.reason, reason.word)
        case .start(let start): (verb, fields) = ("START", start.fields)
        case .progress(let progress): (verb, fields) = ("PROGRESS", progress.fields)
        case .finish(let finish): (verb, fields) = ("FINISH", finish.fields)
        case .result(let finish): (verb, fields) = ("RESULT", finish.fields)
        case .end(let room, let race, let count):
            verb = "END"
            fields.append(.room, room)
            fields.append(.race, race)
            fields.append(.count, count)
        case .resync(let sync): (verb, fields) = ("RESYNC", sync.fields)
        case .away(let room, let nickname, let milliseconds):
            verb = "AWAY"
            fields.append(.room, room)
            fields.append(.nick, nickname)
            fields.append(.ms, milliseconds)
        case .ping(let token): (verb, fields) = ("PING", Fields(positionals: token.map { [$0] } ?? []))
        case .bye(let text): (verb, fields) = ("BYE", Fields(positionals: [TextFilter.printableASCII(text)]))
        case .notice(let text): (verb, fields) = ("NOTICE", Fields(.text, PercentText.encode(text)))
        case .chat(let line): (verb, fields) = ("CHAT", line.fields)
        case .queued(let waiting, let seconds, let offersBots):
            verb = "QUEUED"
            fields.append(.waiting, waiting)
            fields.append(.seconds, seconds)
            if offersBots { fields.append(.offer, "bots") }
        case .matched(let room): (verb, fields) = ("MATCHED", room.fields)
        case .scored(let standing): (verb, fields) = ("SCORED", standing.fields)
        case .berserk(let arena, let room, let nickname, let limit):
            verb = "BERSERK"
            fields.append("arena", arena)
            fields.append(.room, room)
            fields.append(.nick, nickname)
            fields.append("limit", limit)
        case .arenaEnd(let arena, let players, let podium):
            verb = "ARENA-END"
            fields.append("arena", arena)
            fields.append("players", players)
            if !podium.isEmpty { fields.append("podium", podium.joined(separator: ",")) }
        }
        return (verb, fields)
    }

    /// Reads an event from its verb and the rest of its line; another verb is an unknown line.
    static func parse(verb: String, rest: Substring) throws(ProtocolError) -> ServerEvent {
        let fields = Fields(words: rest.split(separator: " "))
        switch verb {
        case "HELLO": return .hello(try Greeting(fields: fields))
        case "JOINED":
            return .joined(
                room: try fields.name(.room), nickname: try fields.name(.nick), role: try fields.choice(.role, as: MemberInfo.Role.self),
                isBot: try fields.flag(.bot), strength: fields[.strength].flatMap { Int($0) })
        case "LEFT": return .left(room: try fields.name(.room), nickname: try fields.name(.nick))
        case "READY":
            return .ready(
                room: try fields.name(.room), nickname: try fields.name(.nick), isReady: try fields.bool(.ready),
                rating: try ShownRating.optional(in: fields))
        case "COUNTDOWN": return .countdown(room: try fields.name(.room), milliseconds: try fields.integer(.ms))
        case "CANCEL": return .cancel(room: try fields.name(.room), reason: CancelReason(word: fields[.reason] ?? ""))
        case "START": return .start(try RaceStart(fields: fields))
        case "PROGRESS": return .progress(try RacerProgress(fields: fields))
        case "FINISH": return .finish(try RacerFinish(fields: fields))
        case "RESULT": return .result(try RacerFinish(fields: fields))
        case "END": return .end(room: try fields.name(.room), race: try fields.integer(.race), count: try fields.integer(.count))
        case "RESYNC": return .resync(try GameSync(fields: fields))
        case "AWAY": return .away(room: try fields.name(.room), nickname: try fields.name(.nick), milliseconds: try fields.integer(.ms))
        case "BACK": return .back(room: try fields.name(.room), nickname: try fields.name(.nick))
        case "PING": return .ping(fields.positionals.first.map(TextFilter.printableASCII))
        case "BYE": return .bye(TextFilter.printableASCII(String(rest)))
        case "NOTICE": return .notice(try PercentText.decode(try fields.string(.text), key: WireKey.text.rawValue, code: .badArguments))
        case "CHAT": return .chat(try ChatLine(fields: Fields(afterVerb: rest, textKey: ChatText.key)))
        case "QUEUED":
            return .queued(
                waiting: try fields.integer(.waiting), seconds: try fields.integer(.seconds), offersBots: fields[.offer] == "bots")
        case "MATCHED": return .matched(try RoomDescription(fields: fields))
        case "SCORED": return .scored(try ArenaStanding(fields: fields))
        case "BERSERK":
            return .berserk(
                arena: try fields.integer("arena"), room: try fields.name(.room), nickname: try fields.name(.nick),
                limit: try fields.integer("limit"))
        case "ARENA-END":
            return .arenaEnd(
                arena: try fields.integer("arena"), players: try fields.integer("players"),
                podium: fields["podium"].map { $0.split(separator: ",").map(String.init) } ?? [])
        default: throw ProtocolError(.unknownVerb, "unknown server line \(TextFilter.quoted(verb))")
        }
    }
}
