/// One `ENTRY` line of a `TOP` reply; the result's figures read through it.
@dynamicMemberLookup
public struct LeaderboardEntry: FieldsRepresentable {
    /// Rank by score (by sprint time on a sprint board), 1 for the best.
    public var rank: Int
    public var nickname: String
    public var result: GameResult
    /// The UTC date of the submission, `YYYY-MM-DD`.
    public var date: String
    /// Sprint boards only: milliseconds from the first move to the move that made 2048.
    /// score boards.
    public var sprintTime: Int?

    public init(rank: Int, nickname: String, result: GameResult, date: String, sprintTime: Int? = nil) {
        self.rank = rank
        self.nickname = nickname
        self.result = result
        self.date = date
        self.sprintTime = sprintTime
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<GameResult, Value>) -> Value {
        result[keyPath: keyPath]
    }

    public static let blank = LeaderboardEntry(rank: 0, nickname: "", result: .blank, date: "")
    public static let fieldTable: [Field<LeaderboardEntry>] =
        [.integer("rank", \.rank), .name("nick", \.nickname)] + Field.part(\LeaderboardEntry.result)
        + [.date("date", \.date), .integer("sprint", \.sprintTime, in: 0...Int.max)]
}
