/// `RECORD <nick> [board=...] [date=YYYY-MM-DD]`.
public struct RecordQuery: FieldsRepresentable {
    /// Compared without regard to case.
    public var nickname: String
    public var board: LeaderboardKind
    /// For a dated board (daily, sprint-daily), the UTC date; nil for today.
    public var date: String?

    public init(nickname: String, board: LeaderboardKind = .all, date: String? = nil) {
        self.nickname = nickname
        self.board = board
        self.date = date
    }

    public static let blank = RecordQuery(nickname: "")
    public static let fieldTable: [Field<RecordQuery>] = [
        .positional(0, \.nickname, as: "nickname"),
        .optional(
            .value(
                "board", \.board, encode: { $0.rawValue },
                decode: { text throws(ProtocolError) in
                    let board = try Fields.choice(text ?? "", named: "board", as: LeaderboardKind.self, code: .badOption)
                    guard board != .rating else {
                        throw ProtocolError(
                            .badOption, "board=rating keeps ratings, not games: name board=all, daily, sprint or sprint-daily")
                    }
                    return board
                })),
        .date("date", \.date, code: .badOption),
    ]
}
