/// The `OK SUBMIT` reply: where the submitted game landed, and, when the
/// game was a sprint, where its time landed on the all-time sprint board.
public struct SubmitReceipt: FieldsRepresentable {
    public var nickname: String
    /// Daily for daily-challenge games.
    public var board: LeaderboardKind
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

    public var isSprint: Bool { sprintTime != nil }

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

    public static let blank = SubmitReceipt(nickname: "", board: .all, score: 0, rank: nil, best: 0, improved: false, token: nil)
    public static let fieldTable: [Field<SubmitReceipt>] = [
        .name("nick", \.nickname), .choice("board", \.board), .integer("score", \.score), .dashedInteger("rank", \.rank),
        .integer("best", \.best), .bool("improved", \.improved), .integer("sprint", \.sprintTime, in: 0...Int.max),
        .when({ $0.isSprint }, .dashedInteger("sprint-rank", \.sprintRank, in: 1...Int.max)),
        .when(
            { $0.isSprint },
            .row(
                "sprint-best", encode: { ($0.sprintBest ?? $0.sprintTime).map { String($0) } },
                decode: { receipt, text throws(ProtocolError) in
                    receipt.sprintBest = try Fields.integer(try Fields.required(text, "sprint-best"), named: "sprint-best", in: 0...Int.max)
                })),
        .when(
            { $0.isSprint },
            .row(
                "sprint-improved", encode: { ($0.sprintImproved ?? false) ? "yes" : "no" },
                decode: { receipt, text throws(ProtocolError) in
                    receipt.sprintImproved = try Fields.bool(try Fields.required(text, "sprint-improved"), named: "sprint-improved")
                })),
        .string("token", \.token),
    ]
}
