import Foundation
import TileRaceProtocol
import TileRaceServer
import TileRaceTransport

/// `tilerace admin`: operator requests. The secret comes from a file or the environment,
/// never the command line.
struct AdminCommand: Command {
    let name = "admin"
    let summary =
        "moderate a running server as its operator: who, kick, ban, unban, bans, remove-entry, announce, mute, review, reports, assist, arena"
    let usage = [
        "tilerace admin [--host H] [--port P] [--secret-file FILE | --data DIR] COMMAND ..., where COMMAND is one of",
        "  who  |  bans  |  announce TEXT  |  kick NICK [--reason TEXT]  |  unban NICK|ADDRESS  |  mute NICK  |  unmute NICK",
        "  ban NICK|ADDRESS [--for DURATION] [--reason TEXT]",
        "  remove-entry NICK [--board all|daily] [--date YYYY-MM-DD] [--reason TEXT]",
        "  reports  |  dismiss ID",
        "  assist NICK [--reason TEXT]  |  unassist NICK",
        "  review  |  record ID  |  approve ID  |  reject ID [--reason TEXT]",
        "  arena [--start now|DURATION] [--length DURATION] [--size N] [--target N] [--race-limit DURATION] [--race-size N] [--rated]",
    ]
    let options: [Arguments.Option] =
        ServerRequest.options + [
            .value(
                "--secret-file", "FILE",
                "the file holding the operator secret (default: $TILERACE_OPERATOR_SECRET, else the data directory's)"),
            .value(
                "--data", "DIR",
                "the server's data directory, whose operator.secret is read (default $XDG_DATA_HOME/tilerace or ~/.local/share/tilerace)"),
            .value("--for", "DURATION", "ban: how long, e.g. 90s, 30m, 12h, 7d (default: for good)"),
            .value("--reason", "TEXT", "kick, ban, remove-entry, reject, assist: why (the player reads it; the log keeps it)"),
            .value("--board", "BOARD", "remove-entry: all (default) or daily"),
            .value("--date", "YYYY-MM-DD", "remove-entry with --board daily: that day's board (default today, UTC)"),
            .value("--start", "WHEN", "arena: now (default) or in how long, e.g. 10m"),
            .value("--length", "DURATION", "arena: how long it runs, e.g. 30m (default 30m)"),
            .value("--size", "N", "arena: the board's size (default 4)"),
            .value("--target", "N", "arena: the tile to reach (default 2048)"),
            .value("--race-limit", "DURATION", "arena: each race's time limit, e.g. 3m, or 0 for none (default 3m)"),
            .value("--race-size", "N", "arena: players a race is made for, 2 to 4 (default 2)"),
            .flag("--rated", "arena: its races are rated"),
        ]
    let details = """
        The secret: --secret-file FILE, else the environment variable
        TILERACE_OPERATOR_SECRET, else the file operator.secret in the data
        directory (--data DIR or the default one), which `tilerace serve` makes
        there (mode 0600) at its first start. It is never given on the command
        line, where other users of the machine could read it.
        who lists every connection: its number, nickname, room, address and idle
        time. kick closes a player's connection. ban refuses a nickname (at HELLO)
        or an address (at connect) on every server sharing the store, until the
        ban ends; unban lifts it; bans lists those in force. remove-entry takes a
        nickname's entry off a board (the reason goes to the server's log).
        announce shows TEXT to every player, on whatever screen they are. mute
        refuses a nickname's chat on this server until unmute or a restart.
        reports lists the players' open reports: who reported whom and why, the
        races the two shared (replay one's seed with tilerace replay --seed, or
        fetch a submitted game with tilerace replay --host --nick) and the room's
        last lines; dismiss ID closes one.
        assist marks a nickname as playing with an engine's help: it leaves every
        board and rated play, and the rating points its opponents lost to it are
        given back; unassist lifts the mark (the points given back stay given).
        review lists the games held for review (played as no person plays,
        docs/fair-play.md), each with its id, then the open reports; record ID prints one's timed
        record (watch it: tilerace replay --seed SEED --moves-file FILE --watch);
        approve ID puts one on its boards, reject ID throws it away.
        arena schedules an arena (protocol.md 5.9): players join it with ARENA
        and race whoever is free near their rank until its time is up.
        Exit status: 0 done, 1 refused or unreachable, 2 a mistake on this line.
        """

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        guard let command = arguments.positionals.first else {
            throw CommandLineError(
                "say what to do: who, kick, ban, unban, bans, remove-entry, announce, mute, unmute, review, record, approve, reject, "
                    + "reports, dismiss, assist, unassist or arena")
        }
        let words = Array(arguments.positionals.dropFirst())
        let request = try Self.request(command, words: words, arguments: arguments)
        let (host, port) = try ServerRequest.endpoint(arguments)
        let secret = try Self.secret(arguments, environment: ProcessInfo.processInfo.environment)
        do throws(ServerRequestError) {
            // The review list is the held games and, after them, the players' open reports.
            let requests: [ClientMessage] = request == .review(id: nil) ? [request, .reports] : [request]
            let answers = try ServerRequest.ask([.auth(secret: secret)] + requests, host: host, port: port)
            let texts = answers.dropFirst().enumerated().compactMap { index, answer -> String? in
                if index > 0, case .reports(0) = answer.reply { return nil }
                return Self.describe(answer, endpoint: "\(host):\(port)")
            }
            console.print(texts.joined(separator: "\n\n"))
            return CLI.success
        } catch {
            return failure(error.message, console: console)
        }
    }

    /// The request a command line asks for.
    static func request(_ command: String, words: [String], arguments: Arguments) throws(CommandLineError) -> ClientMessage {
        let allowed: [String: Set<String>] = [
            "who": [], "kick": ["--reason"], "ban": ["--for", "--reason"], "unban": [], "bans": [],
            "remove-entry": ["--board", "--date", "--reason"], "announce": [], "mute": [], "unmute": [], "reports": [], "dismiss": [],
            "assist": ["--reason"], "unassist": [], "review": [], "approve": [], "reject": ["--reason"], "record": [],
            "arena": Set(Self.arenaOptions),
        ]
        guard let options = allowed[command] else {
            throw CommandLineError(
                "unknown admin command \(Arguments.quoted(command)): who, kick, ban, unban, bans, remove-entry, announce, mute, unmute, "
                    + "review, record, approve, reject, reports, dismiss, assist, unassist or arena")
        }
        for option in ["--for", "--reason", "--board", "--date"] + Self.arenaOptions
        where arguments.has(option) && !options.contains(option) {
            throw CommandLineError("\(option) is not an option of \(command)")
        }
        let reason = arguments.value("--reason") ?? ""
        if !reason.isEmpty, reason.utf8.count > PercentText.maximumLength {
            throw CommandLineError("--reason is \(reason.utf8.count) bytes long; at most \(PercentText.maximumLength)")
        }
        do throws(ProtocolError) {
            switch command {
            case "dismiss":
                guard words.count == 1 else { throw ProtocolError(.badArguments, "dismiss takes one report id (reports lists them)") }
                return .dismiss(id: try Fields.integer(words[0], named: "report id", in: 1...Int.max))
            case "who", "bans", "reports", "review":
                guard words.isEmpty else { throw ProtocolError(.badArguments, "\(command) takes no more words") }
                return ["who": .connections, "bans": .bans, "reports": .reports][command] ?? .review(id: nil)
            case "approve", "reject", "record":
                guard words.count == 1, let id = Int(words[0]), id > 0 else {
                    throw ProtocolError(.badArguments, "\(command) takes the id of a held game, as review lists it")
                }
                return command == "approve" ? .approve(id: id) : command == "reject" ? .reject(id: id, reason: reason) : .review(id: id)
            case "arena":
                guard words.isEmpty else { throw ProtocolError(.badArguments, "arena takes options only, e.g. arena --length 30m") }
                return .arenaCreate(try Self.arenaSettings(arguments))
            case "announce":
                let text = words.joined(separator: " ")
                guard !text.isEmpty else {
                    throw ProtocolError(.badArguments, "announce needs the text to show, e.g. announce restarting in 5 minutes")
                }
                guard text.utf8.count <= PercentText.maximumLength else {
                    throw ProtocolError(.badArguments, "the text is \(text.utf8.count) bytes long; at most \(PercentText.maximumLength)")
                }
                return .announce(text)
            default:
                guard words.count == 1 else {
                    throw ProtocolError(
                        .badArguments, "\(command) takes one nickname\(["ban", "unban"].contains(command) ? " or address" : "")"
                    )
                }
                switch command {
                case "kick":
                    try Names.validateName(words[0], as: "nickname")
                    return .kick(nickname: words[0], reason: reason)
                case "ban":
                    let seconds = try arguments.value("--for").map { (text: String) throws(ProtocolError) in
                        try BanOrder.Duration.seconds(text, key: "for")
                    }
                    return .ban(BanOrder(target: try BanTarget(words[0]), seconds: seconds, reason: reason))
                case "unban":
                    return .unban(try BanTarget(words[0], readsOlderWords: true))
                case "mute", "unmute":
                    try Names.validateName(words[0], as: "nickname")
                    return command == "mute" ? .mute(nickname: words[0]) : .unmute(nickname: words[0])
                case "assist", "unassist":
                    try Names.validateName(words[0], as: "nickname")
                    return command == "assist" ? .assist(nickname: words[0], reason: reason) : .unassist(nickname: words[0])
                default:
                    var fields = Fields(positionals: [words[0]])
                    if let board = arguments.value("--board") { fields.append("board", board) }
                    if let date = arguments.value("--date") { fields.append("date", date) }
                    return .removeEntry(RemovalOrder(query: try RecordQuery(fields: fields), reason: reason))
                }
            }
        } catch {
            throw CommandLineError(error.message.replacingOccurrences(of: "for=", with: "--for "))
        }
    }

    static let arenaOptions = ["--start", "--length", "--size", "--target", "--race-limit", "--race-size", "--rated"]

    /// `admin arena`'s options as `ARENA-CREATE` takes them.
    static func arenaSettings(_ arguments: Arguments) throws(ProtocolError) -> ArenaSettings {
        func seconds(_ option: String) throws(ProtocolError) -> Int? {
            guard let text = arguments.value(option) else { return nil }
            if option == "--start" && text == "now" || option == "--race-limit" && text == "0" { return 0 }
            return try BanOrder.Duration.seconds(text, key: option)
        }
        func integer(_ option: String) throws(ProtocolError) -> Int? {
            try arguments.value(option).map { (text: String) throws(ProtocolError) in
                try Fields.integer(text, named: option, code: .badOption)
            }
        }
        var settings = ArenaSettings()
        settings.startsIn = try seconds("--start") ?? settings.startsIn
        settings.length = try seconds("--length") ?? settings.length
        settings.raceLimit = try seconds("--race-limit") ?? settings.raceLimit
        settings.size = try integer("--size") ?? settings.size
        settings.target = try integer("--target") ?? settings.target
        settings.raceSize = try integer("--race-size") ?? settings.raceSize
        settings.isRated = arguments.has("--rated")
        try settings.validate()
        return settings
    }

    /// `--secret-file`, else `TILERACE_OPERATOR_SECRET`, else the data directory's file.
    static func secret(_ arguments: Arguments, environment: [String: String]) throws(CommandLineError) -> String {
        let data = arguments.value("--data")
        let path: String
        if let file = arguments.value("--secret-file") {
            guard data == nil else { throw CommandLineError("--secret-file and --data cannot be used together") }
            path = file
        } else if let secret = environment["TILERACE_OPERATOR_SECRET"], !secret.isEmpty {
            guard data == nil else { throw CommandLineError("--data is not read when TILERACE_OPERATOR_SECRET is set") }
            return secret
        } else if let directory = data ?? DataPaths.dataDirectory(environment: environment) {
            path = OperatorSecret.path(inDataDirectory: directory)
        } else {
            throw CommandLineError("no operator secret: give --secret-file FILE or set TILERACE_OPERATOR_SECRET")
        }
        do throws(OperatorSecretError) {
            return try OperatorSecret.read(path: path)
        } catch {
            throw CommandLineError(
                error.message + "; give --secret-file FILE, --data DIR (the server's data directory) or TILERACE_OPERATOR_SECRET")
        }
    }

    /// What the server answered, for people.
    static func describe(_ answer: ServerRequest.Answer, endpoint: String) -> String {
        switch answer.reply {
        case .connections(let count):
            let rows = answer.items.compactMap { item -> [String]? in
                guard case .connection(let info) = item else { return nil }
                let tags = (info.isBot ? " (bot)" : "") + (info.isOperator ? " (operator)" : "")
                return [String(info.id), (info.nickname ?? "-") + tags, info.room ?? "-", info.address, idle(info.idleMilliseconds)]
            }
            let title = "\(count) connection\(count == 1 ? "" : "s") on \(endpoint)"
            return table(title: title, header: ["id", "nickname", "room", "address", "idle"], rows: rows)
        case .bans(let count):
            let rows = answer.items.compactMap { item -> [String]? in
                guard case .ban(let ban) = item else { return nil }
                return [ban.target.description, ban.target.kind, ban.untilText, ban.reason]
            }
            let title = count == 0 ? "no bans on \(endpoint)" : "\(count) ban\(count == 1 ? "" : "s") on \(endpoint)"
            return rows.isEmpty ? title : table(title: title, header: ["target", "kind", "until", "reason"], rows: rows)
        case .kick(let nickname):
            return "kicked \(nickname)"
        case .ban(let ban):
            return "banned \(ban.target)" + (ban.untilMilliseconds == nil ? " for good" : " until \(ban.untilText)")
                + (ban.reason.isEmpty ? "" : " (\(ban.reason))")
        case .unban(let target):
            return "lifted the ban of \(target)"
        case .removeEntry(let nickname, let board, let date):
            return "removed \(nickname)'s entry from the " + (board == .all ? "all-time board" : "daily board of \(date ?? "today")")
        case .announce(let count):
            return "announced to \(count) connection\(count == 1 ? "" : "s")"
        case .mute(let nickname):
            return "muted \(nickname): their chat is refused until unmute or a restart"
        case .unmute(let nickname):
            return "unmuted \(nickname)"
        case .reports(let count):
            return reportsText(count: count, items: answer.items, endpoint: endpoint)
        case .dismiss(let id):
            return "dismissed report \(id)"
        case .assist(let nickname, let refunded, let points):
            return "marked \(nickname) assisted: off every board and rated play; "
                + "\(refunded) opponent\(refunded == 1 ? "" : "s") given back \(points) rating point\(points == 1 ? "" : "s")"
        case .unassist(let nickname):
            return "lifted \(nickname)'s assisted mark (the points given back stay given)"
        case .review(let count):
            // `record ID`: the record alone, for a file.
            let chunks = answer.items.compactMap { item -> String? in if case .log(let chunk) = item { chunk } else { nil } }
            guard chunks.isEmpty else { return RecordChunks.join(chunks) }
            let rows = answer.items.compactMap { item -> [String]? in
                guard case .held(let held) = item else { return nil }
                let board = held.sprintTime.map { "sprint \(Double($0) / 1000) s" } ?? (held.dailyDate.map { "daily \($0)" } ?? "all")
                return [
                    String(held.id), held.nickname, board, String(held.result.score), String(held.result.moves), held.rule, held.date,
                    held.result.seed,
                ]
            }
            guard !rows.isEmpty else { return "nothing held for review on \(endpoint)" }
            let title = "\(count) game\(count == 1 ? "" : "s") held for review on \(endpoint) (approve ID or reject ID)"
            let watch = "watch one: tilerace admin record ID > FILE; tilerace replay --seed SEED --moves-file FILE --watch"
            return table(title: title, header: ["id", "nickname", "board", "score", "moves", "rule", "date", "seed"], rows: rows)
                + "\n" + watch
        case .approve(let id):
            return "approved held game \(id): it is on its boards"
        case .reject(let id):
            return "rejected held game \(id): it is gone"
        case .arenaCreate(let info):
            let settings = info.settings
            return "arena \(info.id) created: starts in \(info.startsIn) s, runs \(settings.length) s; \(settings.size)x\(settings.size) "
                + "to \(settings.target), races of \(settings.raceSize), \(settings.raceLimit) s each"
                + (settings.isRated ? ", rated" : "") + " (players: ARENA \(info.id))"
        default:
            return ServerMessage.ok(answer.reply).line
        }
    }

    /// Each report with its shared races and room lines.
    private static func reportsText(count: Int, items: [ServerMessage], endpoint: String) -> String {
        var lines = [count == 0 ? "no open reports on \(endpoint)" : "\(count) open report\(count == 1 ? "" : "s") on \(endpoint)"]
        for item in items {
            switch item {
            case .report(let report):
                lines.append("")
                lines.append(
                    "report \(report.id), \(UTCTime.timestamp(epochMilliseconds: report.milliseconds)): \(report.reporter) reported "
                        + "\(report.nickname): \(TextFilter.displayable(report.reason))")
                let races = report.races.map { "race \($0.id) in \($0.room) (seed \($0.seed))" }
                lines.append("  races together: " + (races.isEmpty ? "none lately" : races.joined(separator: ", ")))
                lines.append("  dismiss it with: tilerace admin dismiss \(report.id)")
            case .reportLine(_, let line):
                lines.append("  \(line.room.map { "[\($0)] " } ?? "[lobby] ")\(line.nickname): \(TextFilter.displayable(line.text))")
            default:
                continue
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An idle time as `42s`, `3m05s` or `2h07m`.
    static func idle(_ milliseconds: Int) -> String {
        let seconds = max(0, milliseconds) / 1000
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3600 { return "\(seconds / 60)m\(two(seconds % 60))s" }
        return "\(seconds / 3600)h\(two(seconds / 60 % 60))m"
    }

    private static func table(title: String, header: [String], rows: [[String]]) -> String {
        ([title] + TextTable.columns([header] + rows)).joined(separator: "\n")
    }
}
