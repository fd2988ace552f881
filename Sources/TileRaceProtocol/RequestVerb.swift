/// The verbs a client sends (protocol.md section 5): the one verb table.
///
/// Each verb's row (`rule`) holds all its facts, as Redis's command table
/// does: its usage (for `HELP` and `bad-arguments`), the states it is allowed
/// in, how it is answered, what it costs in the rate limit, how many
/// positional values and which `key=value` fields it takes, and how its
/// values become a `ClientMessage`.
/// `CaseIterable` order is the order `HELP` lists them.
public enum RequestVerb: String, CaseIterable, Hashable, Sendable {
    /// `HELLO`: introduce yourself.
    case hello = "HELLO"
    /// `NICK`: set the nickname.
    case nickname = "NICK"
    /// `PING`: check the server answers.
    case ping = "PING"
    /// `PONG`: answer the server's `PING` (not a request).
    case pong = "PONG"
    /// `QUIT`: say goodbye.
    case quit = "QUIT"
    /// `HELP`: list the requests.
    case help = "HELP"
    /// `ROOMS`: list the public rooms.
    case rooms = "ROOMS"
    /// `CREATE`: create a room.
    case create = "CREATE"
    /// `JOIN`: join a room as a player.
    case join = "JOIN"
    /// `WATCH`: watch a room.
    case watch = "WATCH"
    /// `WHO`: list the people in your room.
    case who = "WHO"
    /// `READY`: mark yourself ready or not.
    case ready = "READY"
    /// `LEAVE`: leave your room.
    case leave = "LEAVE"
    /// `MOVE`: play entries of the game record.
    case move = "MOVE"
    /// `PAUSE`: stop a practice game's clock.
    case pause = "PAUSE"
    /// `RESUME`: start a paused practice game's clock again.
    case resume = "RESUME"
    /// `RESTART`: start the game again.
    case restart = "RESTART"
    /// `RESIGN`: finish the game now.
    case resign = "RESIGN"
    /// `SUBMIT`: put the last finished game on the leaderboard.
    case submit = "SUBMIT"
    /// `TOP`: read a leaderboard.
    case top = "TOP"
    /// `RECORD`: read the game record of a leaderboard entry.
    case record = "RECORD"
    /// `PRACTICE`: start a solo game.
    case practice = "PRACTICE"
    /// `RESYNC`: get the server's copy of your game.
    case resync = "RESYNC"
    /// `INFO`: the server's version, uptime and load.
    case info = "INFO"
    /// `AUTH`: unlock the operator's requests.
    case auth = "AUTH"
    /// `CONNECTIONS`: list every connection (operator).
    case connections = "CONNECTIONS"
    /// `KICK`: close a player's connection (operator).
    case kick = "KICK"
    /// `BAN`: ban a nickname or an address (operator).
    case ban = "BAN"
    /// `UNBAN`: lift a ban (operator).
    case unban = "UNBAN"
    /// `BANS`: list the bans (operator).
    case bans = "BANS"
    /// `REMOVE-ENTRY`: take an entry off a leaderboard (operator).
    case removeEntry = "REMOVE-ENTRY"
    /// `ANNOUNCE`: a notice to every connection (operator).
    case announce = "ANNOUNCE"
    /// `SAY`: say a line of chat to your room, or to the lobby.
    case say = "SAY"
    /// `MUTE`: refuse a nickname's chat on this server (operator).
    case mute = "MUTE"
    /// `UNMUTE`: let a muted nickname talk again (operator).
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

    /// How the server answers the request.
    public var reply: ReplyShape { rule.reply }

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
