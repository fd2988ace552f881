/// One row of the verb table (`RequestVerb.rule`): every fact of a verb.
struct RequestRule: Sendable {
    let usage: String
    /// An example added to the usage in `bad-arguments` errors, if any.
    let example: String?
    /// What it does, shown by `HELP`.
    let summary: String
    /// The states it needs, in the order they are checked.
    let requirements: [Requirement]
    let reply: ReplyShape
    /// What it costs in the rate limit.
    let cost: RequestCost
    /// How many positional values it takes.
    let positionalCount: ClosedRange<Int>
    let keys: Set<String>
    /// At most how many run in a sliding window, on top of the cost (`SAY`).
    let window: RequestWindow?
    /// The field whose value is the rest of the line (`SAY`'s `text`).
    let textKey: String?
    /// Nil for the requests of protocol 1's first version.
    let feature: ServerFeature?
    /// True when it restarts, ends or replaces the game, so earlier `MOVE` replies are stale.
    let endsOrReplacesGame: Bool
    /// Turns fields of the right shape into the message; throws for bad values.
    let read: @Sendable (Fields) throws(ProtocolError) -> ClientMessage

    init(
        usage: String, example: String? = nil, summary: String, requirements: [Requirement], reply: ReplyShape = .line,
        cost: RequestCost = .fixed(1), positionalCount: ClosedRange<Int> = 0...0, keys: Set<String> = [],
        window: RequestWindow? = nil, textKey: String? = nil, feature: ServerFeature? = nil, endsOrReplacesGame: Bool = false,
        read: @escaping @Sendable (Fields) throws(ProtocolError) -> ClientMessage
    ) {
        self.usage = usage
        self.example = example
        self.summary = summary
        self.requirements = requirements
        self.reply = reply
        self.cost = cost
        self.positionalCount = positionalCount
        self.keys = keys
        self.window = window
        self.textKey = textKey
        self.feature = feature
        self.endsOrReplacesGame = endsOrReplacesGame
        self.read = read
    }

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
