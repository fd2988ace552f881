/// The `OK TOP` line that ends a leaderboard page.
public struct TopSummary: FieldsRepresentable {
    /// Which board: all-time, daily, sprint or sprint-daily.
    public var board: LeaderboardKind
    /// A dated board's date (daily, sprint-daily); nil otherwise.
    public var date: String?
    /// Entries on the whole board.
    public var total: Int
    /// Entries skipped.
    public var offset: Int
    /// Entries in this page.
    public var count: Int

    /// Creates a summary.
    public init(board: LeaderboardKind, date: String?, total: Int, offset: Int, count: Int) {
        self.board = board
        self.date = date
        self.total = total
        self.offset = offset
        self.count = count
    }

    public init(fields: Fields) throws(ProtocolError) {
        self.init(
            board: try fields.choice("board", as: LeaderboardKind.self),
            date: fields["date"], total: try fields.integer("total"), offset: try fields.integer("offset"),
            count: try fields.integer("count"))
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("board", board.rawValue)
        if let date { fields.append("date", date) }
        fields.append("total", total)
        fields.append("offset", offset)
        fields.append("count", count)
        return fields
    }
}
