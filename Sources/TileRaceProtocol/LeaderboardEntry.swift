/// One `ENTRY` line of a `TOP` reply: a verified result on a leaderboard.
/// The result's figures read straight through it (`entry.score`).
@dynamicMemberLookup
public struct LeaderboardEntry: FieldsRepresentable {
    /// Rank by score (by sprint time on a sprint board), 1 for the best.
    public var rank: Int
    /// The nickname.
    public var nickname: String
    /// The game's figures.
    public var result: GameResult
    /// The UTC date of the submission, `YYYY-MM-DD`.
    public var date: String
    /// On a sprint board, the sprint time: the server's milliseconds from the
    /// game's first move to the move that made 2048 (`sprint=`); nil on the
    /// score boards.
    public var sprintTime: Int?

    /// Creates an entry.
    public init(rank: Int, nickname: String, result: GameResult, date: String, sprintTime: Int? = nil) {
        self.rank = rank
        self.nickname = nickname
        self.result = result
        self.date = date
        self.sprintTime = sprintTime
    }

    /// The result's figures: `score`, `largestTile`, `milliseconds`, ...
    public subscript<Value>(dynamicMember keyPath: KeyPath<GameResult, Value>) -> Value {
        result[keyPath: keyPath]
    }

    public init(fields: Fields) throws(ProtocolError) {
        let date = try fields.string("date")
        guard Names.isValidDate(date) else { throw ProtocolError(.badArguments, "date=\(TextFilter.quoted(date)) is not YYYY-MM-DD") }
        self.init(
            rank: try fields.integer("rank"), nickname: try fields.name("nick"), result: try GameResult(fields: fields), date: date,
            sprintTime: try fields.optionalInteger("sprint", in: 0...Int.max))
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("rank", rank)
        fields.append("nick", nickname)
        result.append(to: &fields)
        fields.append("date", date)
        if let sprintTime { fields.append("sprint", sprintTime) }
        return fields
    }
}
