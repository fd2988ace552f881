/// The `OK <VERB> ...` replies, one case per request that succeeded.
public enum OkReply: Hashable, Sendable {
    /// `session`: the secret that resumes this connection's seat if it drops;
    /// `isResumed`: this `HELLO` took back a dropped connection's seat, in
    /// `room` when it was in one.
    case hello(nickname: String?, session: String? = nil, isResumed: Bool = false, room: RoomDescription? = nil)
    case nickname(String)
    case quit
    case help(count: Int)
    case rooms(count: Int)
    case create(RoomDescription)
    case join(RoomDescription)
    case watch(RoomDescription)
    case who(room: String, count: Int)
    case ready(Bool)
    case leave(room: String)
    case move(MoveAck)
    case restart(seed: String, restarts: Int)
    case resign(score: Int)
    /// `OK PAUSE time=<ms>`: the practice clock stopped at this official time.
    case pause(milliseconds: Int)
    /// `OK RESUME time=<ms>`: the practice clock runs again from this official time.
    case resume(milliseconds: Int)
    case submit(SubmitReceipt)
    case top(TopSummary)
    /// `OK RECORD nick= seed= size= target= entries= count=`: the end of a record.
    case record(RecordSummary)
    case practice(PracticeOptions)
    /// `OK RESYNC`: the `RESYNC` event with the server's copy of your game follows.
    case resync
    /// `OK INFO version= uptime= players= rooms= races= moves-per-second= store= store-up=`.
    case info(ServerInfo)
    /// `OK AUTH operator=yes`: the operator's requests are unlocked.
    case auth
    /// `OK CONNECTIONS count=<n>`: the end of the operator's list of connections.
    case connections(count: Int)
    /// `OK KICK nick=<nick>`: the player's connection is closed.
    case kick(nickname: String)
    /// `OK BAN <ban>`: the ban is stored.
    case ban(BanInfo)
    /// `OK UNBAN target=<nick|address>`: the ban is lifted.
    case unban(target: BanTarget)
    /// `OK BANS count=<n>`: the end of the list of bans.
    case bans(count: Int)
    /// `OK REMOVE-ENTRY nick= board= [date=]`: the entry is gone from that board.
    case removeEntry(nickname: String, board: LeaderboardKind, date: String?)
    /// `OK ANNOUNCE count=<n>`: the notice went to so many connections.
    case announce(count: Int)
    /// `OK SAY`: the line was said (it comes back as `CHAT`, to everyone).
    case say
    /// `OK MUTE nick=<nick>`: that nickname's `SAY` is refused on this server.
    case mute(nickname: String)
    /// `OK UNMUTE nick=<nick>`: that nickname may talk again.
    case unmute(nickname: String)
    /// `OK QUEUE waiting=<n> [rating=<n> [provisional=yes]]`: in the
    /// matchmaking queue, with so many players waiting, and the player's
    /// current rating (nil from a server that does not send it).
    case queue(waiting: Int, rating: ShownRating? = nil)
    /// `OK UNQUEUE`: out of the matchmaking queue (or was not in it).
    case unqueue

    /// The verb of the request this answers.
    public var verb: RequestVerb { parts.verb }

    /// The fields after `OK <VERB>`.
    public var fields: Fields { parts.fields }

    /// The verb and the fields, from one switch.
    private var parts: (verb: RequestVerb, fields: Fields) {
        var fields = Fields()
        let verb: RequestVerb
        switch self {
        case .hello(let nickname, let session, let isResumed, let room):
            verb = .hello
            if let nickname { fields.append("nick", nickname) }
            if let session { fields.append("session", session) }
            if isResumed { fields.append("resumed", true) }
            if let room { fields.pairs += room.fields.pairs }
        case .nickname(let nickname):
            verb = .nickname
            fields.append("nick", nickname)
        case .quit: verb = .quit
        case .help(let count):
            verb = .help
            fields.append("count", count)
        case .rooms(let count):
            verb = .rooms
            fields.append("count", count)
        case .create(let room): (verb, fields) = (.create, room.fields)
        case .join(let room): (verb, fields) = (.join, room.fields)
        case .watch(let room): (verb, fields) = (.watch, room.fields)
        case .who(let room, let count):
            verb = .who
            fields.append("room", room)
            fields.append("count", count)
        case .ready(let isReady):
            verb = .ready
            fields.append("ready", isReady)
        case .leave(let room):
            verb = .leave
            fields.append("room", room)
        case .move(let ack): (verb, fields) = (.move, ack.fields)
        case .restart(let seed, let restarts):
            verb = .restart
            fields.append("seed", seed)
            fields.append("restarts", restarts)
        case .pause(let milliseconds):
            verb = .pause
            fields.append("time", milliseconds)
        case .resume(let milliseconds):
            verb = .resume
            fields.append("time", milliseconds)
        case .resign(let score):
            verb = .resign
            fields.append("score", score)
        case .submit(let receipt): (verb, fields) = (.submit, receipt.fields)
        case .top(let summary): (verb, fields) = (.top, summary.fields)
        case .record(let summary): (verb, fields) = (.record, summary.fields)
        case .practice(let options): (verb, fields) = (.practice, options.fields)
        case .resync: verb = .resync
        case .info(let info): (verb, fields) = (.info, info.fields)
        case .auth:
            verb = .auth
            fields.append("operator", true)
        case .connections(let count):
            verb = .connections
            fields.append("count", count)
        case .kick(let nickname):
            verb = .kick
            fields.append("nick", nickname)
        case .ban(let ban): (verb, fields) = (.ban, ban.fields)
        case .unban(let target):
            verb = .unban
            fields.append("target", target.description)
        case .bans(let count):
            verb = .bans
            fields.append("count", count)
        case .removeEntry(let nickname, let board, let date):
            verb = .removeEntry
            fields.append("nick", nickname)
            fields.append("board", board.rawValue)
            if let date { fields.append("date", date) }
        case .announce(let count):
            verb = .announce
            fields.append("count", count)
        case .say: verb = .say
        case .mute(let nickname):
            verb = .mute
            fields.append("nick", nickname)
        case .unmute(let nickname):
            verb = .unmute
            fields.append("nick", nickname)
        case .queue(let waiting, let rating):
            verb = .queue
            fields.append("waiting", waiting)
            rating?.append(to: &fields)
        case .unqueue: verb = .unqueue
        }
        return (verb, fields)
    }

    /// Reads the reply to `verb` from its fields.
    public static func parse(verb word: String, fields: Fields) throws(ProtocolError) -> OkReply {
        guard let verb = RequestVerb(rawValue: word) else {
            throw ProtocolError(.badArguments, "OK for unknown request \(TextFilter.quoted(word))")
        }
        switch verb {
        case .hello:
            return .hello(
                nickname: fields["nick"], session: fields["session"], isResumed: try fields.optionalBool("resumed") ?? false,
                room: fields["room"] == nil ? nil : try RoomDescription(fields: fields))
        case .nickname: return .nickname(try fields.name("nick"))
        case .quit: return .quit
        case .help: return .help(count: try fields.integer("count"))
        case .rooms: return .rooms(count: try fields.integer("count"))
        case .create: return .create(try RoomDescription(fields: fields))
        case .join: return .join(try RoomDescription(fields: fields))
        case .watch: return .watch(try RoomDescription(fields: fields))
        case .who: return .who(room: try fields.name("room"), count: try fields.integer("count"))
        case .ready: return .ready(try fields.bool("ready"))
        case .leave: return .leave(room: try fields.name("room"))
        case .move: return .move(try MoveAck(fields: fields))
        case .restart: return .restart(seed: try fields.string("seed"), restarts: try fields.integer("restarts"))
        case .resign: return .resign(score: try fields.integer("score"))
        case .pause: return .pause(milliseconds: try fields.integer("time"))
        case .resume: return .resume(milliseconds: try fields.integer("time"))
        case .submit: return .submit(try SubmitReceipt(fields: fields))
        case .top: return .top(try TopSummary(fields: fields))
        case .record: return .record(try RecordSummary(fields: fields))
        case .practice: return .practice(try PracticeOptions(fields: fields))
        case .resync: return .resync
        case .info: return .info(try ServerInfo(fields: fields))
        case .auth: return .auth
        case .connections: return .connections(count: try fields.integer("count"))
        case .kick: return .kick(nickname: try fields.name("nick"))
        case .ban: return .ban(try BanInfo(fields: fields))
        case .unban: return .unban(target: try BanTarget(try fields.string("target")))
        case .bans: return .bans(count: try fields.integer("count"))
        case .removeEntry:
            return .removeEntry(
                nickname: try fields.name("nick"), board: try fields.choice("board", as: LeaderboardKind.self), date: fields["date"])
        case .announce: return .announce(count: try fields.integer("count"))
        case .say: return .say
        case .mute: return .mute(nickname: try fields.name("nick"))
        case .unmute: return .unmute(nickname: try fields.name("nick"))
        case .queue: return .queue(waiting: try fields.integer("waiting"), rating: try ShownRating(fields: fields))
        case .unqueue: return .unqueue
        case .ping, .pong: throw ProtocolError(.badArguments, "OK for \(word), which is answered by PONG or not at all")
        }
    }
}
