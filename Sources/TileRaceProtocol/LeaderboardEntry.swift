/// One `ENTRY` line of a `TOP` reply: a verified result on a leaderboard.
public struct LeaderboardEntry: FieldsRepresentable {
    /// Rank by score, 1 for the best.
    public var rank: Int
    /// The nickname.
    public var nick: String
    /// Score.
    public var score: Int
    /// Largest tile.
    public var largestTile: Int
    /// Valid moves, net of undos.
    public var moves: Int
    /// Official time in milliseconds.
    public var milliseconds: Int
    /// Board size.
    public var size: Int
    /// Target tile.
    public var target: Int
    /// Assists used: undos plus removals.
    public var assists: Int
    /// The game's seed text.
    public var seed: String
    /// The UTC date of the submission, `YYYY-MM-DD`.
    public var date: String

    /// Creates an entry.
    public init(
        rank: Int, nick: String, score: Int, largestTile: Int, moves: Int, milliseconds: Int,
        size: Int, target: Int, assists: Int, seed: String, date: String
    ) {
        self.rank = rank
        self.nick = nick
        self.score = score
        self.largestTile = largestTile
        self.moves = moves
        self.milliseconds = milliseconds
        self.size = size
        self.target = target
        self.assists = assists
        self.seed = seed
        self.date = date
    }

    public init(fields: Fields) throws(ProtocolError) {
        let seed = try fields.string("seed")
        guard Names.isValidSeed(seed) else { throw ProtocolError(.badArguments, "seed=\(TextFilter.quoted(seed)) is not a valid seed") }
        let date = try fields.string("date")
        guard Names.isValidDate(date) else { throw ProtocolError(.badArguments, "date=\(TextFilter.quoted(date)) is not YYYY-MM-DD") }
        self.init(
            rank: try fields.integer("rank"), nick: try fields.name("nick"), score: try fields.integer("score"),
            largestTile: try fields.integer("max"), moves: try fields.integer("moves"),
            milliseconds: try fields.integer("time"), size: try fields.integer("size"),
            target: try fields.integer("target"), assists: try fields.integer("assists"), seed: seed, date: date)
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("rank", rank)
        fields.append("nick", nick)
        fields.append("score", score)
        fields.append("max", largestTile)
        fields.append("moves", moves)
        fields.append("time", milliseconds)
        fields.append("size", size)
        fields.append("target", target)
        fields.append("assists", assists)
        fields.append("seed", seed)
        fields.append("date", date)
        return fields
    }
}
