/// The verbs a client sends (protocol.md section 5): the one verb table.
///
/// Each verb's row (`rule`, in `RequestVerb+Table`) holds all its facts, as
/// Redis's command table does: its usage (for `HELP` and `bad-arguments`),
/// the states it is allowed in, how it is answered, what it costs in the
/// rate limit, how many positional values and which `key=value` fields it
/// takes, the greeting's feature it needs, whether it ends the game, and how
/// its values become a `ClientMessage`. `CaseIterable` order is the order
/// `HELP` lists them; `PONG` answers the server's `PING` and is no request.
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

    /// Looks up a verb written in any case.
    /// - Throws: `unknown-verb` when no request has this verb.
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

    /// The greeting's feature a client needs before it sends this request
    /// (`RESYNC`, `QUEUE`); nil for the first version's requests.
    public var feature: ServerFeature? { rule.feature }

    /// Whether the server answers this verb (every verb but `PONG`, which is
    /// the answer to the server's `PING` and not a request).
    public var expectsReply: Bool { rule.reply != .none }

    /// Whether the reply has item lines before its `OK`.
    public var hasMultiLineReply: Bool { rule.reply == .items }

    /// The tokens a request of this verb takes before it runs (its row's
    /// `cost`): `listedItems` is asked only by a verb whose reply lists what
    /// only the server knows (`ROOMS`).
    public func cost(of request: ClientMessage, listedItems: () -> Int) -> Int {
        admission.tokens(for: request, listedItems: listedItems)
    }

    /// The requirements, cost and window together (the row read once).
    public var admission: RequestAdmission { RequestAdmission(rule) }

    /// The tokens charged once the reply is known, for its `itemLines` item
    /// lines: one each for a verb that costs per item line, else none.
    public func costAfterReply(itemLines: Int) -> Int {
        guard case .perItemLine = rule.cost else { return 0 }
        return itemLines
    }

    /// At most how many of these requests run in a sliding window (`SAY`'s
    /// lines per 10 s), on top of their cost; nil for most verbs.
    public var window: RequestWindow? { rule.window }

    /// The `bad-arguments` error for a wrong number of values: the usage.
    public var usageError: ProtocolError {
        if rule.usage == rawValue { return ProtocolError(.badArguments, "usage: \(rawValue) takes no arguments") }
        return ProtocolError(.badArguments, "usage: \(rule.usage)" + (rule.example.map { ", e.g. \($0)" } ?? ""))
    }

    /// Reads the fields after this verb. Requests are strict: a wrong number of
    /// positional values is `bad-arguments` (with the usage), an unknown
    /// `key=value` field is `bad-option`, and then each value is checked.
    public func parse(_ fields: Fields) throws(ProtocolError) -> ClientMessage {
        let rule = self.rule
        guard rule.positionalCount.contains(fields.positionals.count) else { throw usageError }
        try fields.requireOnlyKeys(rule.keys)
        return try rule.read(fields)
    }

    /// Reads a whole request line of this verb (the verb and its fields):
    /// for a verb that ends with free text (`SAY text=...`), that field's
    /// value is the rest of the line after its `key=`, spaces and all
    /// (`Fields(requestLine:textKey:)`).
    public func parse(line: String) throws(ProtocolError) -> ClientMessage {
        try parse(Fields(requestLine: line, textKey: rule.textKey))
    }
}
