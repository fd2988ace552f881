/// The `OK SUBMIT` reply: where the submitted game landed.
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

    /// Creates a receipt.
    public init(nickname: String, board: LeaderboardKind, score: Int, rank: Int?, best: Int, improved: Bool, token: String?) {
        self.nickname = nickname
        self.board = board
        self.score = score
        self.rank = rank
        self.best = best
        self.improved = improved
        self.token = token
    }

    public init(fields: Fields) throws(ProtocolError) {
        let rankText = try fields.string("rank")
        self.init(
            nickname: try fields.name("nick"),
            board: try fields.choice("board", as: LeaderboardKind.self),
            score: try fields.integer("score"),
            rank: rankText == "-" ? nil : try Fields.integer(rankText, named: "rank"),
            best: try fields.integer("best"), improved: try fields.bool("improved"), token: fields["token"])
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("nick", nickname)
        fields.append("board", board.rawValue)
        fields.append("score", score)
        fields.append("rank", rank.map(String.init) ?? "-")
        fields.append("best", best)
        fields.append("improved", improved)
        if let token { fields.append("token", token) }
        return fields
    }
}
