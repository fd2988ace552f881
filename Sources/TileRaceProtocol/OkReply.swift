/// The `OK <VERB> ...` replies, one case per request that succeeded.
public enum OkReply: Hashable, Sendable {
    case hello(nick: String?)
    case nick(String)
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
    case submit(SubmitReceipt)
    case top(TopSummary)
    case practice(PracticeOptions)

    /// The verb of the request this answers.
    public var verb: String {
        switch self {
        case .hello: "HELLO"
        case .nick: "NICK"
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

    /// The fields after `OK <VERB>`.
    public var fields: Fields {
        var fields = Fields()
        switch self {
        case .hello(let nick): if let nick { fields.append("nick", nick) }
        case .nick(let nick): fields.append("nick", nick)
        case .quit: break
        case .help(let count), .rooms(let count): fields.append("count", count)
        case .create(let room), .join(let room), .watch(let room): fields = room.fields
        case .who(let room, let count):
            fields.append("room", room)
            fields.append("count", count)
        case .ready(let isReady): fields.append("ready", isReady)
        case .leave(let room): fields.append("room", room)
        case .move(let ack): fields = ack.fields
        case .restart(let seed, let restarts):
            fields.append("seed", seed)
            fields.append("restarts", restarts)
        case .resign(let score): fields.append("score", score)
        case .submit(let receipt): fields = receipt.fields
        case .top(let summary): fields = summary.fields
        case .practice(let options): fields = options.fields
        }
        return fields
    }

    /// Reads the reply to `verb` from its fields.
    public static func parse(verb: String, fields: Fields) throws(ProtocolError) -> OkReply {
        switch verb {
        case "HELLO": return .hello(nick: fields["nick"])
        case "NICK": return .nick(try fields.name("nick"))
        case "QUIT": return .quit
        case "HELP": return .help(count: try fields.integer("count"))
        case "ROOMS": return .rooms(count: try fields.integer("count"))
        case "CREATE": return .create(try RoomDescription(fields: fields))
        case "JOIN": return .join(try RoomDescription(fields: fields))
        case "WATCH": return .watch(try RoomDescription(fields: fields))
        case "WHO": return .who(room: try fields.name("room"), count: try fields.integer("count"))
        case "READY": return .ready(try fields.bool("ready"))
        case "LEAVE": return .leave(room: try fields.name("room"))
        case "MOVE": return .move(try MoveAck(fields: fields))
        case "RESTART": return .restart(seed: try fields.string("seed"), restarts: try fields.integer("restarts"))
        case "RESIGN": return .resign(score: try fields.integer("score"))
        case "SUBMIT": return .submit(try SubmitReceipt(fields: fields))
        case "TOP": return .top(try TopSummary(fields: fields))
        case "PRACTICE": return .practice(try PracticeOptions(fields: fields))
        default: throw ProtocolError(.badArguments, "OK for unknown request \(TextFilter.quoted(verb))")
        }
    }
}
