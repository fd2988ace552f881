/// Every line a server can send, with the client's parser and the server's printer.
public enum ServerMessage: Hashable, Sendable {
    case ok(OkReply)
    case error(ProtocolError)
    /// `PONG [token]`, the reply to `PING`.
    case pong(String?)
    /// A `ROOM` item of the `ROOMS` reply.
    case room(RoomDescription)
    /// A `MEMBER` item of the `WHO` reply.
    case member(MemberInfo)
    /// An `ENTRY` item of the `TOP` reply.
    case entry(LeaderboardEntry)
    /// A `LOG` item of the `RECORD` reply: a chunk of a game log.
    case log(String)
    /// An `INFO` item of the `HELP` reply.
    case info(String)
    case event(ServerEvent)
    /// A `CONNECTION` item of the operator's `CONNECTIONS` reply.
    case connection(ConnectionInfo)
    /// A `BAN` item of the operator's `BANS` reply.
    case ban(BanInfo)
    /// A `RATING` item of the `TOP board=rating` reply.
    case rating(RatingEntry)
    /// A `REPORT` item of the operator's `REPORTS` reply (its lines follow as `reportLine`).
    case report(PlayerReport)
    /// A `REPORT-LINE` item: one room line of report `id`; its text is the rest of the line.
    case reportLine(id: Int, ChatLine)
    /// A `HELD` item of the operator's `REVIEW` reply.
    case held(HeldInfo)
    /// An `ARENA` item of the `ARENAS` reply.
    case arena(ArenaInfo)
    /// A `STANDING` item of the `STANDINGS` reply.
    case standing(ArenaStanding)

    /// What a line is, known from its verb alone.
    public enum Kind: Hashable, Sendable {
        /// `OK`, `ERR` or `PONG`: answers the oldest request awaiting a reply.
        case reply
        /// Part of a multi-line reply.
        case item
        /// Pushed by the server.
        case event
    }

    /// Whether this line is a reply, an item or an event.
    public var kind: Kind {
        switch self {
        case .ok, .error, .pong: .reply
        case .room, .member, .entry, .log, .info, .connection, .ban, .rating, .report, .reportLine, .held, .arena, .standing: .item
        case .event: .event
        }
    }

    /// The most frequent lines, `OK MOVE` and `PROGRESS`, are written as bytes directly,
    /// with no list of fields or `String`.
    public func write(to bytes: inout [UInt8]) {
        switch self {
        case .ok(.move(let acknowledgement)):
            ServerMessage.write("OK MOVE", fieldsOfLength: MoveAck.maximumWrittenLength, to: &bytes) {
                acknowledgement.write(to: &$0)
            }
        case .event(.progress(let progress)):
            ServerMessage.write("PROGRESS", fieldsOfLength: progress.maximumWrittenLength, to: &bytes) {
                progress.write(to: &$0)
            }
        default:
            LineBytes.append(line, to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    private static func write(
        _ head: StaticString, fieldsOfLength length: Int, to bytes: inout [UInt8], _ fields: (inout ByteCursor) -> Void
    ) {
        ByteCursor.append(to: &bytes, capacity: head.utf8CodeUnitCount + length + 1) { cursor in
            cursor.write(head)
            fields(&cursor)
            cursor.write(byte: UInt8(ascii: "\n"))
        }
    }

    /// Without its line ending; built in one string.
    public var line: String {
        switch self {
        case .ok(.move), .event(.progress):
            // Written as bytes (`write(to:)`), the way the server sends them.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(128)
            write(to: &bytes)
            return String(decoding: bytes.dropLast(), as: UTF8.self)
        default:
            break
        }
        var line = ""
        line.reserveCapacity(128)
        let (head, fields) = parts
        line += head
        fields.write(to: &line)
        return line
    }

    /// The line's first word (`OK` with its verb) and the fields after it.
    private var parts: (head: String, fields: Fields) {
        switch self {
        case .ok(let reply): reply.lineParts
        case .error(let error): ("ERR", Fields(positionals: [error.code.rawValue, error.message]))
        case .pong(let token): ("PONG", Fields(positionals: token.map { [$0] } ?? []))
        case .room(let room): ("ROOM", room.fields)
        case .member(let member): ("MEMBER", member.fields)
        case .entry(let entry): ("ENTRY", entry.fields)
        case .log(let chunk): ("LOG", Fields(positionals: [chunk]))
        case .info(let text): ("INFO", Fields(positionals: [TextFilter.printableASCII(text)]))
        case .event(let event): event.parts
        case .connection(let connection): ("CONNECTION", connection.fields)
        case .ban(let ban): ("BAN", ban.fields)
        case .rating(let entry): ("RATING", entry.fields)
        case .report(let report): ("REPORT", report.fields)
        case .reportLine(let id, let line): ("REPORT-LINE", Fields(.id, id).appending(line))
        case .held(let held): ("HELD", held.fields)
        case .arena(let info): ("ARENA", info.fields)
        case .standing(let standing): ("STANDING", standing.fields)
        }
    }

    public static func parse(_ line: String) throws(ProtocolError) -> ServerMessage {
        let (verb, rest) = splitVerb(Substring(line))
        switch verb {
        case "OK":
            let (replyVerb, fieldsText) = splitVerb(rest)
            return .ok(try OkReply.parse(verb: replyVerb, fields: Fields(words: fieldsText.split(separator: " "))))
        case "ERR":
            let (codeText, text) = splitVerb(rest)
            let code = ErrorCode(rawValue: codeText) ?? .internal
            let message = code.rawValue == codeText ? String(text) : "\(codeText) \(text)"
            return .error(ProtocolError(code, message))
        case "PONG":
            return .pong(rest.split(separator: " ").first.map { TextFilter.printableASCII(String($0)) })
        case "ROOM": return .room(try RoomDescription(fields: Fields(words: rest.split(separator: " "))))
        case "MEMBER": return .member(try MemberInfo(fields: Fields(words: rest.split(separator: " "))))
        case "ENTRY": return .entry(try LeaderboardEntry(fields: Fields(words: rest.split(separator: " "))))
        case "LOG":
            let chunk = String(rest)
            guard !chunk.isEmpty, chunk.utf8.allSatisfy({ "LRUDZX@".utf8.contains($0) || (0x30...0x39).contains($0) }) else {
                throw ProtocolError(.badArguments, "LOG holds something other than L R U D Z X, @ and digits")
            }
            return .log(chunk)
        case "INFO": return .info(TextFilter.printableASCII(String(rest)))
        case "CONNECTION": return .connection(try ConnectionInfo(fields: Fields(words: rest.split(separator: " "))))
        case "BAN": return .ban(try BanInfo(fields: Fields(words: rest.split(separator: " "))))
        case "RATING": return .rating(try RatingEntry(fields: Fields(words: rest.split(separator: " "))))
        case "REPORT": return .report(try PlayerReport(fields: Fields(words: rest.split(separator: " "))))
        case "REPORT-LINE":
            let fields = Fields(afterVerb: rest, textKey: ChatText.key)
            return .reportLine(id: try fields.integer(.id), try ChatLine(fields: fields))
        case "HELD": return .held(try HeldInfo(fields: Fields(words: rest.split(separator: " "))))
        case "ARENA": return .arena(try ArenaInfo(fields: Fields(words: rest.split(separator: " "))))
        case "STANDING": return .standing(try ArenaStanding(fields: Fields(words: rest.split(separator: " "))))
        default: return .event(try ServerEvent.parse(verb: verb, rest: rest))
        }
    }

    /// Splits off the first space-separated word.
    private static func splitVerb(_ text: Substring) -> (String, Substring) {
        let trimmed = text.drop(while: { $0 == " " })
        guard let space = trimmed.firstIndex(of: " ") else { return (String(trimmed), "") }
        return (String(trimmed[..<space]), trimmed[trimmed.index(after: space)...].drop(while: { $0 == " " }))
    }
}
