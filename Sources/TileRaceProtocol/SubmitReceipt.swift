/// The `OK SUBMIT` reply, with the sprint board's fields when the game was a sprint.
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
    /// Sprints only; the other `sprint...` fields are present exactly then.
    public var sprintTime: Int?
    /// Nil if outside the top 100 or not a sprint.
    public var sprintRank: Int?
    /// The lowest all-time time (this game's if it has no entry).
    public var sprintBest: Int?
    public var sprintImproved: Bool?
    /// The rule the game broke (`Plausibility.Rule`'s name) when it is held
    /// for review: then on no public board, whatever `rank` says of the
    /// nickname's entry there.
    public var held: String?

    public var isSprint: Bool { sprintTime != nil }

    public init(
        nickname: String, board: LeaderboardKind, score: Int, rank: Int?, best: Int, improved: Bool, token: String?,
        sprintTime: Int? = nil, sprintRank: Int? = nil, sprintBest: Int? = nil, sprintImproved: Bool? = nil, held: String? = nil
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
        self.held = held
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
        .string("token", \.token), .string("held", \.held),
    ]
}
