/// The `OK SUBMIT` reply: where the submitted game landed, and, when the
/// game was a sprint, where its time landed on the all-time sprint board.
public struct SubmitReceipt: FieldsRepresentable {
    /// The nickname.
    public var nickname: String
    /// The board this receipt describes (daily for daily-challenge games).
    public var board: LeaderboardKind
    /// The submitted game's score.
    public var score: Int
    /// The entry's rank after the submission, nil if not in the top 100.
    public var rank: Int?
    /// The nickname's best score on that board.
    public var best: Int
    /// Whether this game replaced the nickname's entry.
    public var improved: Bool
    /// The secret token, only when this submission claimed the nickname.
    public var token: String?
    /// The game's sprint time in milliseconds (`sprint=`), only when the game
    /// was a sprint; the other `sprint...` fields are present exactly then.
    public var sprintTime: Int?
    /// The rank of the nickname's entry on the all-time sprint board after
    /// the submission (`sprint-rank=`), nil if not in the top 100 or not a sprint.
    public var sprintRank: Int?
    /// The nickname's best (lowest) time on the all-time sprint board
    /// (`sprint-best=`), this game's when it has no entry; nil if not a sprint.
    public var sprintBest: Int?
    /// Whether this game became the nickname's all-time sprint entry
    /// (`sprint-improved=`); nil if not a sprint.
    public var sprintImproved: Bool?

    /// Whether the submitted game was a sprint.
    public var isSprint: Bool { sprintTime != nil }

    /// Creates a receipt.
    public init(
        nickname: String, board: LeaderboardKind, score: Int, rank: Int?, best: Int, improved: Bool, token: String?,
        sprintTime: Int? = nil, sprintRank: Int? = nil, sprintBest: Int? = nil, sprintImproved: Bool? = nil
    ) {
        self.nickname = nickname
        self.board = board
        self.score = score
        self.rank = rank
        self.best = best
        self.improved = improved
        self.token = token
        self.sprintTime = sprintTime
        self.sprintRank = sprintRank
        self.sprintBest = sprintBest
        self.sprintImproved = sprintImproved
    }

    public init(fields: Fields) throws(ProtocolError) {
        let rankText = try fields.string("rank")
        self.init(
            nickname: try fields.name("nick"),
            board: try fields.choice("board", as: LeaderboardKind.self),
            score: try fields.integer("score"),
            rank: rankText == "-" ? nil : try Fields.integer(rankText, named: "rank"),
            best: try fields.integer("best"), improved: try fields.bool("improved"), token: fields["token"])
        guard let sprintTime = try fields.optionalInteger("sprint", in: 0...Int.max) else { return }
        let sprintRankText = try fields.string("sprint-rank")
        self.sprintTime = sprintTime
        self.sprintRank = sprintRankText == "-" ? nil : try Fields.integer(sprintRankText, named: "sprint-rank", in: 1...Int.max)
        self.sprintBest = try fields.integer("sprint-best", in: 0...Int.max)
        self.sprintImproved = try fields.bool("sprint-improved")
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("nick", nickname)
        fields.append("board", board.rawValue)
        fields.append("score", score)
        fields.append("rank", rank.map(String.init) ?? "-")
        fields.append("best", best)
        fields.append("improved", improved)
        if let sprintTime {
            fields.append("sprint", sprintTime)
            fields.append("sprint-rank", sprintRank.map(String.init) ?? "-")
            fields.append("sprint-best", sprintBest ?? sprintTime)
            fields.append("sprint-improved", sprintImproved ?? false)
        }
        if let token { fields.append("token", token) }
        return fields
    }
}
