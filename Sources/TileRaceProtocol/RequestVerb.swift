/// The one verb table: each verb's row (`RequestVerb+Table`) holds all its facts,
/// as Redis's command table does. `CaseIterable` order is `HELP`'s order;
/// `PONG` answers the server's `PING` and is no request.
public enum RequestVerb: String, CaseIterable, Hashable, Sendable {
    /// `HELLO`: introduce yourself.
    case hello = "HELLO"
    case nickname = "NICK"
    case ping = "PING"
    case pong = "PONG"
    case quit = "QUIT"
    case help = "HELP"
    case rooms = "ROOMS"
    case create = "CREATE"
    case join = "JOIN"
    case watch = "WATCH"
    case who = "WHO"
    case ready = "READY"
    case leave = "LEAVE"
    case move = "MOVE"
    case pause = "PAUSE"
    case resume = "RESUME"
    case restart = "RESTART"
    case resign = "RESIGN"
    case submit = "SUBMIT"
    case top = "TOP"
    case record = "RECORD"
    case practice = "PRACTICE"
    case resync = "RESYNC"
    case info = "INFO"
    case auth = "AUTH"
    case connections = "CONNECTIONS"
    case kick = "KICK"
    case ban = "BAN"
    case unban = "UNBAN"
    case bans = "BANS"
    case removeEntry = "REMOVE-ENTRY"
    case announce = "ANNOUNCE"
    case say = "SAY"
    case mute = "MUTE"
    case unmute = "UNMUTE"
    case queue = "QUEUE"
    case unqueue = "UNQUEUE"
    case report = "REPORT"
    case reports = "REPORTS"
    case dismiss = "DISMISS"
    case assist = "ASSIST"
    case unassist = "UNASSIST"
    case review = "REVIEW"
    case approve = "APPROVE"
    case reject = "REJECT"
    case arenas = "ARENAS"
    case arena = "ARENA"
    case arenaLeave = "ARENA-LEAVE"
    case berserk = "BERSERK"
    case standings = "STANDINGS"
    case arenaCreate = "ARENA-CREATE"

    /// - Throws: `unknown-verb`.
    public init(word: some StringProtocol) throws(ProtocolError) {
        guard let verb = RequestVerb(rawValue: word.uppercased()) else {
            throw ProtocolError(.unknownVerb, "unknown request \(TextFilter.quoted(String(word))); send HELP for the list")
        }
        self = verb
    }

    /// How the request is written, e.g. `JOIN <room> [code=<code>]`.
    public var usage: String { rule.usage }

    /// What the request does, shown by `HELP`.
    public var summary: String { rule.summary }

    /// The states the request needs, checked in this order before its arguments.
    public var requirements: [Requirement] { rule.requirements }

    public var reply: ReplyShape { rule.reply }

    public var feature: ServerFeature? { rule.feature }

    /// Every verb but `PONG`, the answer to the server's `PING`.
    public var expectsReply: Bool { rule.reply != .none }

    /// Whether the reply has item lines before its `OK`.
    public var hasMultiLineReply: Bool { rule.reply == .items }

    /// `listedItems` is asked only by a verb whose reply lists what only the server knows.
    public func cost(of request: ClientMessage, listedItems: () -> Int) -> Int {
        admission.tokens(for: request, listedItems: listedItems)
    }

    /// The requirements, cost and window together (the row read once).
    public var admission: RequestAdmission { RequestAdmission(rule) }

    public func costAfterReply(itemLines: Int) -> Int {
        guard case .perItemLine = rule.cost else { return 0 }
        return itemLines
    }

    /// A sliding-window limit on top of cost (`SAY`'s lines per 10 s); nil for most verbs.
    public var window: RequestWindow? { rule.window }

    /// The `bad-arguments` error for a wrong number of values: the usage.
    public var usageError: ProtocolError {
        if rule.usage == rawValue { return ProtocolError(.badArguments, "usage: \(rawValue) takes no arguments") }
        return ProtocolError(.badArguments, "usage: \(rule.usage)" + (rule.example.map { ", e.g. \($0)" } ?? ""))
    }

    /// Strict: wrong positional count is `bad-arguments`, an unknown key `bad-option`.
    public func parse(_ fields: Fields) throws(ProtocolError) -> ClientMessage {
        let rule = self.rule
        guard rule.positionalCount.contains(fields.positionals.count) else { throw usageError }
        try fields.requireOnlyKeys(rule.keys)
        return try rule.read(fields)
    }

    /// A free-text field (`SAY text=...`) takes the rest of the line, spaces and all.
    public func parse(line: String) throws(ProtocolError) -> ClientMessage {
        try parse(Fields(requestLine: line, textKey: rule.textKey))
    }
}
