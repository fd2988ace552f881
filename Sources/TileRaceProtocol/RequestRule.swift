/// One row of the verb table (`RequestVerb.rule`): every fact of a verb.
struct RequestRule: Sendable {
    var usage: String
    /// An example added to the usage in `bad-arguments` errors, if any.
    var example: String? = nil
    /// What it does, shown by `HELP`.
    var summary: String
    /// The states it needs, in the order they are checked.
    var requirements: [Requirement]
    var reply = ReplyShape.line
    /// What it costs in the rate limit.
    var cost = RequestCost.fixed(1)
    /// How many positional values it takes.
    var positionalCount = 0...0
    var keys: Set<String> = []
    /// At most how many run in a sliding window, on top of the cost (`SAY`).
    var window: RequestWindow? = nil
    /// The field whose value is the rest of the line (`SAY`'s `text`).
    var textKey: String? = nil
    /// Nil for the requests of protocol 1's first version.
    var feature: ServerFeature? = nil
    /// True when it restarts, ends or replaces the game, so earlier `MOVE` replies are stale.
    var endsOrReplacesGame = false
    /// Turns fields of the right shape into the message; throws for bad values.
    var read: @Sendable (Fields) throws(ProtocolError) -> ClientMessage
}

extension RequestRule {
    /// A request without values.
    init(
        usage: String, summary: String, requirements: [Requirement], reply: ReplyShape = .line, cost: RequestCost = .fixed(1),
        feature: ServerFeature? = nil, endsOrReplacesGame: Bool = false, message: ClientMessage
    ) {
        self.init(
            usage: usage, summary: summary, requirements: requirements, reply: reply, cost: cost, feature: feature,
            endsOrReplacesGame: endsOrReplacesGame
        ) { _ throws(ProtocolError) in message }
    }
}
