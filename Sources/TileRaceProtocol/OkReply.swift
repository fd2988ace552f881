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
    /// The report is stored (the same whether or not anyone uses the nickname).
    case report(nickname: String)
    /// The end of the list of open reports.
    case reports(count: Int)
    /// The report is closed.
    case dismiss(id: Int)
    /// Marked assisted: `refunded` opponents were given back `points` rating points in all.
    case assist(nickname: String, refunded: Int, points: Int)
    case unassist(nickname: String)
    /// The end of the list of held games.
    case review(count: Int)
    case approve(id: Int)
    case reject(id: Int)
    /// The end of the `ARENA` items.
    case arenas(count: Int)
    /// In the arena, which is shown.
    case arena(ArenaInfo)
    /// Out of the arena `id` (nil: was in none).
    case arenaLeave(id: Int?)
    /// Berserk for the next race.
    case berserk
    /// The end of the `STANDING` items of arena `arena`, which has `count` players.
    case standings(arena: Int, count: Int)
    case arenaCreate(ArenaInfo)

    public var verb: RequestVerb { parts.verb }

    public var fields: Fields { parts.fields }

    /// `OK <VERB>` and the fields after it, built once.
    var lineParts: (String, Fields) {
        let (verb, fields) = parts
        return ("OK " + verb.rawValue, fields)
    }

    /// The verb it answers and the fields after it, in one switch so neither can miss a case.
    private var parts: (verb: RequestVerb, fields: Fields) {
        var fields = Fields()
        let verb: RequestVerb
        switch self {
        case .hello(let nickname, let session, let isResumed, let room):
            verb = .hello
            if let nickname { fields.append(.nick, nickname) }
            if let session { fields.append(.session, session) }
            if isResumed { fields.append(.resumed, true) }
            room?.append(to: &fields)
        case .nickname(let nickname): (verb, fields) = (.nickname, Fields(.nick, nickname))
        case .kick(let nickname): (verb, fields) = (.kick, Fields(.nick, nickname))
        case .mute(let nickname): (verb, fields) = (.mute, Fields(.nick, nickname))
        case .unmute(let nickname): (verb, fields) = (.unmute, Fields(.nick, nickname))
        case .help(let count): (verb, fields) = (.help, Fields(.count, count))
        case .rooms(let count): (verb, fields) = (.rooms, Fields(.count, count))
        case .connections(let count): (verb, fields) = (.connections, Fields(.count, count))
        case .bans(let count): (verb, fields) = (.bans, Fields(.count, count))
        case .announce(let count): (verb, fields) = (.announce, Fields(.count, count))
        case .create(let room): (verb, fields) = (.create, room.fields)
        case .join(let room): (verb, fields) = (.join, room.fields)
        case .watch(let room): (verb, fields) = (.watch, room.fields)
        case .who(let room, let count):
            verb = .who
            fields.append(.room, room)
            fields.append(.count, count)
        case .ready(let isReady): (verb, fields) = (.ready, Fields(.ready, isReady))
        case .leave(let room): (verb, fields) = (.leave, Fields(.room, room))
        case .move(let acknowledgement): (verb, fields) = (.move, acknowledgement.fields)
        case .restart(let seed, let restarts):
            verb = .restart
            fields.append(.seed, seed)
            fields.append(.restarts, restarts)
        case .pause(let milliseconds): (verb, fields) = (.pause, Fields(.time, milliseconds))
        case .resume(let milliseconds): (verb, fields) = (.resume, Fields(.time, milliseconds))
        case .resign(let score): (verb, fields) = (.resign, Fields(.score, score))
        case .submit(let receipt): (verb, fields) = (.submit, receipt.fields)
        case .top(let summary): (verb, fields) = (.top, summary.fields)
        case .record(let summary): (verb, fields) = (.record, summary.fields)
        case .practice(let options): (verb, fields) = (.practice, options.fields)
        case .info(let info): (verb, fields) = (.info, info.fields)
        case .auth: (verb, fields) = (.auth, Fields(.operator, true))
        case .ban(let ban): (verb, fields) = (.ban, ban.fields)
        case .unban(let target): (verb, fields) = (.unban, Fields(.target, target.description))
        case .removeEntry(let nickname, let board, let date):
            verb = .removeEntry
            fields.append(.nick, nickname)
            fields.append(.board, board.rawValue)
            if let date { fields.append(.date, date) }
        case .queue(let waiting, let rating):
            verb = .queue
            fields.append(.waiting, waiting)
            rating?.append(to: &fields)
        case .quit: verb = .quit
        case .resync: verb = .resync
        case .say: verb = .say
        case .unqueue: verb = .unqueue
        case .report(let nickname): (verb, fields) = (.report, Fields(.nick, nickname))
        case .reports(let count): (verb, fields) = (.reports, Fields(.count, count))
        case .dismiss(let id): (verb, fields) = (.dismiss, Fields(.id, id))
        case .assist(let nickname, let refunded, let points):
            verb = .assist
            fields.append(.nick, nickname)
            fields.append(.refunded, refunded)
            fields.append(.points, points)
        case .unassist(let nickname): (verb, fields) = (.unassist, Fields(.nick, nickname))
        case .review(let count): (verb, fields) = (.review, Fields(.count, count))
        case .approve(let id): (verb, fields) = (.approve, Fields(.id, id))
        case .reject(let id): (verb, fields) = (.reject, Fields(.id, id))
        case .arenas(let count): (verb, fields) = (.arenas, Fields(.count, count))
        case .arena(let info): (verb, fields) = (.arena, info.fields)
        case .arenaCreate(let info): (verb, fields) = (.arenaCreate, info.fields)
        case .arenaLeave(let id):
            verb = .arenaLeave
            if let id { fields.append("id", id) }
        case .berserk: verb = .berserk
        case .standings(let arena, let count):
            verb = .standings
            fields.append("arena", arena)
            fields.append(.count, count)
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
        case .unban: return .unban(target: try BanTarget(try fields.string(.target), readsOlderWords: true))
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
        case .report: return .report(nickname: try fields.name(.nick))
        case .reports: return .reports(count: try fields.integer(.count))
        case .dismiss: return .dismiss(id: try fields.integer(.id))
        case .assist:
            return .assist(nickname: try fields.name(.nick), refunded: try fields.integer(.refunded), points: try fields.integer(.points))
        case .unassist: return .unassist(nickname: try fields.name(.nick))
        case .review: return .review(count: try fields.integer(.count))
        case .approve: return .approve(id: try fields.integer(.id))
        case .reject: return .reject(id: try fields.integer(.id))
        case .arenas: return .arenas(count: try fields.integer(.count))
        case .arena: return .arena(try ArenaInfo(fields: fields))
        case .arenaCreate: return .arenaCreate(try ArenaInfo(fields: fields))
        case .arenaLeave:
            return .arenaLeave(id: try fields["id"].map { (text: String) throws(ProtocolError) in try Fields.integer(text, named: "id") })
        case .berserk: return .berserk
        case .standings: return .standings(arena: try fields.integer("arena"), count: try fields.integer(.count))
        case .ping, .pong: throw ProtocolError(.badArguments, "OK for \(word), which is answered by PONG or not at all")
        }
    }
}
