/// The `OK <VERB> ...` replies, one case per request that succeeded.
public enum OkReply: Hashable, Sendable {
    /// `session`: the secret that resumes this seat if the connection drops;
    /// `isResumed`: this `HELLO` took back a dropped seat (in `room` if any).
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
    /// The practice clock stopped at this official time.
    case pause(milliseconds: Int)
    /// The practice clock runs again from this official time.
    case resume(milliseconds: Int)
    case submit(SubmitReceipt)
    case top(TopSummary)
    /// The end of a record.
    case record(RecordSummary)
    case practice(PracticeOptions)
    /// The `RESYNC` event with the server's copy of your game follows.
    case resync
    case info(ServerInfo)
    /// `OK AUTH operator=yes`: the operator's requests are unlocked.
    case auth
    /// The end of the operator's list of connections.
    case connections(count: Int)
    /// The player's connection is closed.
    case kick(nickname: String)
    case ban(BanInfo)
    case unban(target: BanTarget)
    /// The end of the list of bans.
    case bans(count: Int)
    case removeEntry(nickname: String, board: LeaderboardKind, date: String?)
    /// The notice went to so many connections.
    case announce(count: Int)
    /// The line was said (it comes back as `CHAT`, to everyone).
    case say
    /// That nickname's `SAY` is refused on this server.
    case mute(nickname: String)
    case unmute(nickname: String)
    /// `rating` is nil from a server that does not send it.
    case queue(waiting: Int, rating: ShownRating? = nil)
    /// Out of the matchmaking queue (or was not in it).
    case unqueue

    public var verb: RequestVerb {
        switch self {
        case .hello: .hello
        case .nickname: .nickname
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
        case .resign: .resign
        case .pause: .pause
        case .resume: .resume
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

    public var fields: Fields {
        var fields = Fields()
        switch self {
        case .hello(let nickname, let session, let isResumed, let room):
            if let nickname { fields.append(.nick, nickname) }
            if let session { fields.append(.session, session) }
            if isResumed { fields.append(.resumed, true) }
            room?.append(to: &fields)
        case .nickname(let nickname), .kick(let nickname), .mute(let nickname), .unmute(let nickname): fields.append(.nick, nickname)
        case .help(let count), .rooms(let count), .connections(let count), .bans(let count), .announce(let count):
            fields.append(.count, count)
        case .create(let room), .join(let room), .watch(let room): room.append(to: &fields)
        case .who(let room, let count):
            fields.append(.room, room)
            fields.append(.count, count)
        case .ready(let isReady): fields.append(.ready, isReady)
        case .leave(let room): fields.append(.room, room)
        case .move(let acknowledgement): acknowledgement.append(to: &fields)
        case .restart(let seed, let restarts):
            fields.append(.seed, seed)
            fields.append(.restarts, restarts)
        case .pause(let milliseconds), .resume(let milliseconds): fields.append(.time, milliseconds)
        case .resign(let score): fields.append(.score, score)
        case .submit(let receipt): receipt.append(to: &fields)
        case .top(let summary): summary.append(to: &fields)
        case .record(let summary): summary.append(to: &fields)
        case .practice(let options): options.append(to: &fields)
        case .info(let info): info.append(to: &fields)
        case .auth: fields.append(.operator, true)
        case .ban(let ban): ban.append(to: &fields)
        case .unban(let target): fields.append(.target, target.description)
        case .removeEntry(let nickname, let board, let date):
            fields.append(.nick, nickname)
            fields.append(.board, board.rawValue)
            if let date { fields.append(.date, date) }
        case .queue(let waiting, let rating):
            fields.append(.waiting, waiting)
            rating?.append(to: &fields)
        case .quit, .resync, .say, .unqueue: break
        }
        return fields
    }

    /// Reads the reply to `verb` from its fields.
    public static func parse(verb word: String, fields: Fields) throws(ProtocolError) -> OkReply {
        guard let verb = RequestVerb(rawValue: word) else {
            throw ProtocolError(.badArguments, "OK for unknown request \(TextFilter.quoted(word))")
        }
        switch verb {
        case .hello:
            return .hello(
                nickname: fields[.nick], session: fields[.session], isResumed: try fields.flag(.resumed),
                room: fields[.room] == nil ? nil : try RoomDescription(fields: fields))
        case .nickname: return .nickname(try fields.name(.nick))
        case .quit: return .quit
        case .help: return .help(count: try fields.integer(.count))
        case .rooms: return .rooms(count: try fields.integer(.count))
        case .create: return .create(try RoomDescription(fields: fields))
        case .join: return .join(try RoomDescription(fields: fields))
        case .watch: return .watch(try RoomDescription(fields: fields))
        case .who: return .who(room: try fields.name(.room), count: try fields.integer(.count))
        case .ready: return .ready(try fields.bool(.ready))
        case .leave: return .leave(room: try fields.name(.room))
        case .move: return .move(try MoveAck(fields: fields))
        case .restart: return .restart(seed: try fields.string(.seed), restarts: try fields.integer(.restarts))
        case .resign: return .resign(score: try fields.integer(.score))
        case .pause: return .pause(milliseconds: try fields.integer(.time))
        case .resume: return .resume(milliseconds: try fields.integer(.time))
        case .submit: return .submit(try SubmitReceipt(fields: fields))
        case .top: return .top(try TopSummary(fields: fields))
        case .record: return .record(try RecordSummary(fields: fields))
        case .practice: return .practice(try PracticeOptions(fields: fields))
        case .resync: return .resync
        case .info: return .info(try ServerInfo(fields: fields))
        case .auth: return .auth
        case .connections: return .connections(count: try fields.integer(.count))
        case .kick: return .kick(nickname: try fields.name(.nick))
        case .ban: return .ban(try BanInfo(fields: fields))
        case .unban: return .unban(target: try BanTarget(try fields.string(.target)))
        case .bans: return .bans(count: try fields.integer(.count))
        case .removeEntry:
            return .removeEntry(
                nickname: try fields.name(.nick), board: try fields.choice(.board, as: LeaderboardKind.self), date: fields[.date])
        case .announce: return .announce(count: try fields.integer(.count))
        case .say: return .say
        case .mute: return .mute(nickname: try fields.name(.nick))
        case .unmute: return .unmute(nickname: try fields.name(.nick))
        case .queue: return .queue(waiting: try fields.integer(.waiting), rating: try ShownRating.optional(in: fields))
        case .unqueue: return .unqueue
        case .ping, .pong: throw ProtocolError(.badArguments, "OK for \(word), which is answered by PONG or not at all")
        }
    }
}
