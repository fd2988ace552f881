import TileRaceEngine
import TileRaceProtocol

/// One change to the leaderboard, as the journal and snapshot store it.
public enum LeaderboardRecord: Hashable, Sendable {
    case claim(NicknameClaim)
    /// Replaces the nickname's entry on that board.
    case entry(LeaderboardBoardID, BoardEntry)
    case ban(sequence: Int, BanInfo)
    case unban(sequence: Int, BanTarget)
    /// `REMOVE-ENTRY`.
    case removal(sequence: Int, LeaderboardBoardID, nickname: String, reason: String)
    /// A player's rating after a rated race.
    case rating(PlayerRating)
    /// A player's report (`REPORT`); its number is its id.
    case report(PlayerReport)
    /// `DISMISS`: the report `id` is closed.
    case dismissal(sequence: Int, id: Int)
    /// `ASSIST`: the nickname is marked assisted (an engine).
    case assist(sequence: Int, nickname: String, reason: String)
    /// `UNASSIST`.
    case unassist(sequence: Int, nickname: String)
    /// A submission that broke a rule of `Plausibility`, off every public board.
    case held(HeldEntry)
    /// The operator's `APPROVE` or `REJECT` of the held entry `id`; an
    /// approval's entries follow as records of their own.
    case review(sequence: Int, id: Int, isApproved: Bool, reason: String)

    public var claim: NicknameClaim? {
        if case .claim(let claim) = self { claim } else { nil }
    }

    public var sequence: Int {
        switch self {
        case .claim(let claim): claim.sequence
        case .entry(_, let entry): entry.sequence
        case .ban(let sequence, _), .unban(let sequence, _), .removal(let sequence, _, _, _): sequence
        case .rating(let rating): rating.sequence
        case .report(let report): report.id
        case .dismissal(let sequence, _): sequence
        case .assist(let sequence, _, _), .unassist(let sequence, _): sequence
        case .held(let held): held.sequence
        case .review(let sequence, _, _, _): sequence
        }
    }

    /// The stored text: `claim`, `entry`, `ban`, `unban`, `removal`, `rating`,
    /// `report`, `dismissal`, `assist`, `unassist`, `held` or `review` followed by `key=value`
    /// words (reasons and a report's room lines percent-encoded, rating figures
    /// in millionths). An entry's log is its last field, so lines have no
    /// length limit. The Redis scripts write the same words.
    public var text: String {
        var fields = Fields()
        fields.append("seq", sequence)
        var tail: String?
        switch self {
        case .claim(let claim):
            fields.positionals = ["claim"]
            fields.append("nick", claim.nickname)
            fields.append("token", claim.token)
            if let date = claim.date { fields.append("date", date) }
        case .entry(let board, let entry):
            fields.positionals = ["entry"]
            fields.append("board", board.description)
            fields.append("nick", entry.nickname)
            tail = Self.entryFields(result: entry.result, date: entry.date, sprintTime: entry.sprintTime, log: entry.log)
        case .ban(_, let ban):
            fields.positionals = ["ban"]
            fields.append("target", ban.target.description)
            fields.append("until", ban.untilMilliseconds.map(String.init) ?? "never")
            if !ban.reason.isEmpty { fields.append("reason", PercentText.encode(ban.reason)) }
        case .unban(_, let target):
            fields.positionals = ["unban"]
            fields.append("target", target.description)
        case .removal(_, let board, let nickname, let reason):
            fields.positionals = ["removal"]
            fields.append("board", board.description)
            fields.append("nick", nickname)
            if !reason.isEmpty { fields.append("reason", PercentText.encode(reason)) }
        case .rating(let rating):
            fields.positionals = ["rating"]
            fields.append("nick", rating.nickname)
            tail = Self.ratingFields(rating)
        case .report(let report):
            fields.positionals = ["report"]
            tail = Self.reportFields(report)
        case .dismissal(_, let id):
            fields.positionals = ["dismissal"]
            fields.append("id", id)
        case .assist(_, let nickname, let reason):
            fields.positionals = ["assist"]
            fields.append("nick", nickname)
            if !reason.isEmpty { fields.append("reason", PercentText.encode(reason)) }
        case .unassist(_, let nickname):
            fields.positionals = ["unassist"]
            fields.append("nick", nickname)
        case .held(let held):
            fields.positionals = ["held"]
            fields.append("nick", held.nickname)
            tail = Self.heldFields(held)
        case .review(_, let id, let isApproved, let reason):
            fields.positionals = ["review"]
            fields.append("id", id)
            fields.append("verdict", isApproved ? "approved" : "rejected")
            if !reason.isEmpty { fields.append("reason", PercentText.encode(reason)) }
        }
        let words = fields.words.joined(separator: " ")
        return tail.map { words + " " + $0 } ?? words
    }

    /// The words of a rating's record after its nickname: `r= rd= vol= day= races=`, and
    /// `took=<key>:<millionths>,...` (by key) when opponents lost points to the player.
    static func ratingFields(_ rating: PlayerRating) -> String {
        var fields = Fields()
        fields.append("r", PlayerRating.millionths(rating.rating.rating))
        fields.append("rd", PlayerRating.millionths(rating.rating.deviation))
        fields.append("vol", PlayerRating.millionths(rating.rating.volatility))
        fields.append("day", rating.day)
        fields.append("races", rating.races)
        if !rating.took.isEmpty {
            fields.append("took", rating.took.keys.sorted().map { "\($0):\(rating.took[$0] ?? 0)" }.joined(separator: ","))
        }
        return fields.words.joined(separator: " ")
    }

    /// A report record's words after its number: `from= nick= at= room= races= reason= lines=`
    /// (`at` in milliseconds; `room` only when its lines were said in a room).
    static func reportFields(_ report: PlayerReport) -> String {
        var fields = Fields()
        fields.append("from", report.reporter)
        fields.append("nick", report.nickname)
        fields.append("at", report.milliseconds)
        if let room = report.lines.first?.room { fields.append("room", room) }
        fields.append("races", report.races.isEmpty ? "-" : report.races.map(\.description).joined(separator: ","))
        fields.append("reason", PercentText.encode(report.reason))
        fields.append("lines", report.linesText)
        return fields.words.joined(separator: " ")
    }

    /// `took=`'s value read back.
    static func took(_ text: String) throws(ProtocolError) -> [String: Int] {
        var took: [String: Int] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, Names.isValidName(String(parts[0])), let points = Int(parts[1]), points > 0 else {
                throw ProtocolError(.badArguments, "bad took=")
            }
            took[Names.nicknameKey(String(parts[0]))] = points
        }
        return took
    }

    /// A held entry's words after its nickname: `rule=`, `daily=` for a
    /// daily game, then an entry's.
    static func heldFields(_ held: HeldEntry) -> String {
        var fields = Fields()
        fields.append("rule", held.rule)
        if let daily = held.dailyDate { fields.append("daily", daily) }
        return fields.words.joined(separator: " ") + " "
            + entryFields(result: held.result, date: held.date, sprintTime: held.sprintTime, log: held.log)
    }

    /// An entry record's words after its nickname (`sprint=` on sprint
    /// boards, `log=` when given).
    static func entryFields(result: GameResult, date: String, sprintTime: Int? = nil, log: String?) -> String {
        var fields = Fields()
        result.append(to: &fields)
        fields.append("date", date)
        if let sprintTime { fields.append("sprint", sprintTime) }
        if let log { fields.append("log", log) }
        return fields.words.joined(separator: " ")
    }

    /// - Throws: a message saying what is wrong.
    public init(text: String) throws(LeaderboardRecordError) {
        let fields = Fields(words: text.split(separator: " "))
        do throws(ProtocolError) {
            guard fields.positionals.count == 1 else { throw ProtocolError(.badArguments, "expected one record kind") }
            let natural = 0...Int.max
            switch fields.positionals[0] {
            case "claim":
                let token = try fields.string("token")
                guard (1...64).contains(token.utf8.count), token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                    throw ProtocolError(.badArguments, "bad token")
                }
                let date = fields["date"]
                if let date, !Names.isValidDate(date) { throw ProtocolError(.badArguments, "bad date") }
                self = .claim(
                    NicknameClaim(
                        sequence: try fields.integer("seq", in: 1...Int.max), nickname: try fields.name("nick"), token: token, date: date))
            case "entry":
                guard let board = LeaderboardBoardID(try fields.string("board")) else {
                    throw ProtocolError(.badArguments, "bad board")
                }
                let entry = try Self.entry(fields)
                guard (entry.sprintTime != nil) == board.isSprint else {
                    throw ProtocolError(.badArguments, board.isSprint ? "a sprint entry without sprint=" : "sprint= off a sprint board")
                }
                self = .entry(board, entry)
            case "held":
                let entry = try Self.entry(fields)
                let rule = try fields.string("rule")
                let daily = fields["daily"]
                if let daily, !Names.isValidDate(daily) { throw ProtocolError(.badArguments, "bad daily date") }
                self = .held(
                    HeldEntry(
                        sequence: entry.sequence, nickname: entry.nickname, result: entry.result, date: entry.date, dailyDate: daily,
                        sprintTime: entry.sprintTime, log: entry.log, rule: rule))
            case "review":
                let verdict = try fields.string("verdict")
                guard verdict == "approved" || verdict == "rejected" else { throw ProtocolError(.badArguments, "bad verdict") }
                let reason = try fields["reason"].map { (value: String) throws(ProtocolError) in
                    try PercentText.decode(value, key: "reason", code: .badArguments)
                }
                self = .review(
                    sequence: try fields.integer("seq", in: 1...Int.max), id: try fields.integer("id", in: 1...Int.max),
                    isApproved: verdict == "approved", reason: reason ?? "")
            case "ban":
                let until = try fields.string("until")
                let milliseconds = until == "never" ? nil : try Fields.integer(until, named: "until", in: natural)
                let reason = try fields["reason"].map { (value: String) throws(ProtocolError) in
                    try PercentText.decode(value, key: "reason", code: .badArguments)
                }
                let target = try BanTarget(try fields.string("target"), readsOlderWords: true)
                self = .ban(
                    sequence: try fields.integer("seq", in: 1...Int.max),
                    BanInfo(target: target, untilMilliseconds: milliseconds, reason: reason ?? ""))
            case "unban":
                let target = try BanTarget(try fields.string("target"), readsOlderWords: true)
                self = .unban(sequence: try fields.integer("seq", in: 1...Int.max), target)
            case "removal":
                guard let board = LeaderboardBoardID(try fields.string("board")) else {
                    throw ProtocolError(.badArguments, "bad board")
                }
                let reason = try fields["reason"].map { (value: String) throws(ProtocolError) in
                    try PercentText.decode(value, key: "reason", code: .badArguments)
                }
                self = .removal(
                    sequence: try fields.integer("seq", in: 1...Int.max), board, nickname: try fields.name("nick"), reason: reason ?? "")
            case "rating":
                let millionths = 1...Int(Int32.max) * 1000
                let rating = Glicko2.Rating(
                    rating: Double(try fields.integer("r", in: millionths)) / 1_000_000,
                    deviation: Double(try fields.integer("rd", in: millionths)) / 1_000_000,
                    volatility: Double(try fields.integer("vol", in: millionths)) / 1_000_000)
                self = .rating(
                    PlayerRating(
                        sequence: try fields.integer("seq", in: 1...Int.max), nickname: try fields.name("nick"), rating: rating,
                        day: try fields.integer("day", in: 0...Int(Int32.max)), races: try fields.integer("races", in: 1...Int.max),
                        took: try fields["took"].map(Self.took) ?? [:]))
            case "report":
                let room = try fields["room"].map { (name: String) throws(ProtocolError) in
                    try Names.validateName(name, as: "room name")
                    return name
                }
                self = .report(
                    PlayerReport(
                        id: try fields.integer("seq", in: 1...Int.max), reporter: try fields.name("from"),
                        nickname: try fields.name("nick"),
                        milliseconds: try fields.integer("at", in: natural),
                        reason: try PercentText.decode(try fields.string("reason"), key: "reason", code: .badArguments),
                        races: try SharedRace.list(try fields.string("races")),
                        lines: try PlayerReport.lines(try fields.string("lines"), room: room)))
            case "dismissal":
                self = .dismissal(sequence: try fields.integer("seq", in: 1...Int.max), id: try fields.integer("id", in: 1...Int.max))
            case "assist":
                let reason = try fields["reason"].map { (value: String) throws(ProtocolError) in
                    try PercentText.decode(value, key: "reason", code: .badArguments)
                }
                self = .assist(
                    sequence: try fields.integer("seq", in: 1...Int.max), nickname: try fields.name("nick"), reason: reason ?? "")
            case "unassist":
                self = .unassist(sequence: try fields.integer("seq", in: 1...Int.max), nickname: try fields.name("nick"))
            default:
                throw ProtocolError(.badArguments, "unknown record kind \(TextFilter.quoted(fields.positionals[0]))")
            }
        } catch {
            throw LeaderboardRecordError(detail: error.message)
        }
    }
}

extension LeaderboardRecord {
    /// An entry's fields (an `entry` or `held` record), checked.
    private static func entry(_ fields: Fields) throws(ProtocolError) -> BoardEntry {
        let natural = 0...Int.max
        let date = try fields.string("date")
        guard Names.isValidDate(date) else { throw ProtocolError(.badArguments, "bad date") }
        let result = try GameResult(fields: fields)
        let log = fields["log"]
        if let log {
            do throws(EngineError) {
                _ = try GameLog(parsing: log)
            } catch {
                throw ProtocolError(.badArguments, "bad log: \(error.message)")
            }
        }
        _ = try fields.integer("size", in: 3...8)
        for key in ["score", "max", "moves", "time", "target", "assists"] { _ = try fields.integer(key, in: natural) }
        let sprintTime = try fields["sprint"].map { (text: String) throws(ProtocolError) in
            try Fields.integer(text, named: "sprint", in: natural)
        }
        return BoardEntry(
            sequence: try fields.integer("seq", in: 1...Int.max), nickname: try fields.name("nick"), result: result, date: date, log: log,
            sprintTime: sprintTime)
    }
}

public struct LeaderboardRecordError: Error, Hashable, Sendable {
    public var detail: String
}
