/// The `FINISH` event (a racer finished) and, with a place, each `RESULT` line of the standings.
public struct RacerFinish: FieldsRepresentable {
    /// The room.
    public var room: String
    /// The race's number; set in `RESULT` lines, nil in `FINISH`.
    public var race: Int?
    /// The place in the final standings; set in `RESULT` lines, nil in `FINISH`.
    public var place: Int?
    /// The racer.
    public var nickname: String
    /// Why the racer finished.
    public var reason: FinishReason
    /// Final score.
    public var score: Int
    /// Largest tile.
    public var largestTile: Int
    /// Valid moves made, net of undos.
    public var moves: Int
    /// The official time from `START` to the finish, in milliseconds.
    public var milliseconds: Int
    /// Whether the racer said it is a bot (`HELLO ... bot=yes`); written
    /// `bot=yes` only when it is, so standings keep the mark after it left.
    public var isBot: Bool
    /// In a rated race's `RESULT` lines: the racer's rating after the race
    /// (rounded), nil otherwise.
    public var rating: Int?
    /// In a rated race's `RESULT` lines: how much the race changed the
    /// rating (`rating` less the rounded rating before), nil otherwise.
    public var ratingChange: Int?
    /// In a rated race's `RESULT` lines: whether the rating is provisional
    /// (its deviation above `Glicko2.provisionalDeviation`).
    public var isProvisional: Bool

    /// Creates a finish record.
    public init(
        room: String, race: Int? = nil, place: Int? = nil, nickname: String, reason: FinishReason,
        score: Int, largestTile: Int, moves: Int, milliseconds: Int, isBot: Bool = false, rating: Int? = nil, ratingChange: Int? = nil,
        isProvisional: Bool = false
    ) {
        self.room = room
        self.race = race
        self.place = place
        self.nickname = nickname
        self.reason = reason
        self.score = score
        self.largestTile = largestTile
        self.moves = moves
        self.milliseconds = milliseconds
        self.isBot = isBot
        self.rating = rating
        self.ratingChange = ratingChange
        self.isProvisional = isProvisional
    }

    public init(fields: Fields) throws(ProtocolError) {
        self.init(
            room: try fields.name("room"), race: try fields.optionalInteger("race"),
            place: try fields.optionalInteger("place"), nickname: try fields.name("nick"),
            reason: try fields.choice("reason", as: FinishReason.self), score: try fields.integer("score"),
            largestTile: try fields.integer("max"), moves: try fields.integer("moves"),
            milliseconds: try fields.integer("time"), isBot: try fields.optionalBool("bot") ?? false,
            rating: try fields.optionalInteger("rating"), ratingChange: try fields["change"].map(RacerFinish.change),
            isProvisional: try fields.optionalBool("provisional") ?? false)
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("room", room)
        if let race { fields.append("race", race) }
        if let place { fields.append("place", place) }
        fields.append("nick", nickname)
        fields.append("reason", reason.rawValue)
        fields.append("score", score)
        fields.append("max", largestTile)
        fields.append("moves", moves)
        fields.append("time", milliseconds)
        if isBot { fields.append("bot", true) }
        if let rating { fields.append("rating", rating) }
        if let ratingChange { fields.append("change", ratingChange >= 0 ? "+\(ratingChange)" : "\(ratingChange)") }
        if isProvisional { fields.append("provisional", true) }
        return fields
    }

    /// Reads a `change=` word: a signed whole number, `+12` or `-8`.
    static func change(_ word: String) throws(ProtocolError) -> Int {
        let digits = word.hasPrefix("+") ? String(word.dropFirst()) : word
        guard !digits.hasPrefix("+"), let value = Int(digits) else {
            throw ProtocolError(.badArguments, "change=\(TextFilter.quoted(word)) is not a signed whole number")
        }
        return value
    }
}
