/// The `FINISH` event (a racer finished) and, with a place, each `RESULT` line of the standings.
public struct RacerFinish: FieldsRepresentable {
    public var room: String
    /// Set in `RESULT` lines, nil in `FINISH`.
    public var race: Int?
    /// The place in the final standings; set in `RESULT` lines, nil in `FINISH`.
    public var place: Int?
    public var nickname: String
    public var reason: FinishReason
    public var score: Int
    public var largestTile: Int
    /// Valid moves made, net of undos.
    public var moves: Int
    /// The official time from `START` to the finish, in milliseconds.
    public var milliseconds: Int
    /// Kept so standings show the mark after the bot left.
    public var isBot: Bool
    /// Rated races only: the rounded rating after the race.
    public var rating: Int?
    /// Rated races only: written `+12` or `-8`.
    public var ratingChange: Int?
    public var isProvisional: Bool

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

    public static let blank = RacerFinish(room: "", nickname: "", reason: .over, score: 0, largestTile: 0, moves: 0, milliseconds: 0)

    public static let fieldTable: [Field<RacerFinish>] = [
        .name("room", \.room), .integer("race", \.race), .integer("place", \.place), .name("nick", \.nickname),
        .choice("reason", \.reason), .integer("score", \.score), .integer("max", \.largestTile), .integer("moves", \.moves),
        .integer("time", \.milliseconds), .flag("bot", \.isBot), .integer("rating", \.rating),
        .value(
            "change", \.ratingChange, encode: { $0.map { $0 >= 0 ? "+\($0)" : "\($0)" } },
            decode: { text throws(ProtocolError) in
                try text.map { (word: String) throws(ProtocolError) in try RacerFinish.change(word) }
            }),
        .flag("provisional", \.isProvisional),
    ]

    /// Reads a `change=` word: a signed whole number, `+12` or `-8`.
    static func change(_ word: String) throws(ProtocolError) -> Int {
        let digits = word.hasPrefix("+") ? String(word.dropFirst()) : word
        guard !digits.hasPrefix("+"), let value = Int(digits) else {
            throw ProtocolError(.badArguments, "change=\(TextFilter.quoted(word)) is not a signed whole number")
        }
        return value
    }
}
