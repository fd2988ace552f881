/// The `RECORD` request: whose entry, on which board.
public struct RecordQuery: Hashable, Sendable {
    /// The `key=value` fields `RECORD` accepts.
    public static let keys: Set<String> = ["board", "date"]

    /// The entry's nickname (compared without regard to case).
    public var nickname: String
    /// Which board: all-time, daily, sprint or sprint-daily.
    public var board: LeaderboardKind
    /// For a dated board (daily, sprint-daily), the UTC date; nil for today.
    public var date: String?

    /// Creates a query.
    public init(nickname: String, board: LeaderboardKind = .all, date: String? = nil) {
        self.nickname = nickname
        self.board = board
        self.date = date
    }

    /// Reads `<nick> [board=all|daily|sprint|sprint-daily] [date=YYYY-MM-DD]`.
    public init(fields: Fields) throws(ProtocolError) {
        let nickname = fields.positionals[0]
        try Names.validateName(nickname, as: "nickname")
        var board = LeaderboardKind.all
        if fields["board"] != nil {
            board = try fields.choice("board", as: LeaderboardKind.self, code: .badOption)
            guard board != .rating else {
                throw ProtocolError(.badOption, "board=rating keeps ratings, not games: name board=all, daily, sprint or sprint-daily")
            }
        }
        let date = fields["date"]
        if let date, !Names.isValidDate(date) {
            throw ProtocolError(.badOption, "date=\(TextFilter.quoted(date)) is not YYYY-MM-DD")
        }
        self.init(nickname: nickname, board: board, date: date)
    }

    /// The fields after the verb: the nickname, then `board=` and `date=`.
    public var fields: Fields {
        var fields = Fields()
        fields.positionals = [nickname]
        fields.append("board", board.rawValue)
        if let date { fields.append("date", date) }
        return fields
    }
}
