/// The `OK TOP` line that ends a leaderboard page.
public struct TopSummary: FieldsRepresentable {
    public var board: LeaderboardKind
    /// A dated board's date (daily, sprint-daily); nil otherwise.
    public var date: String?
    /// Entries on the whole board.
    public var total: Int
    /// Entries skipped.
    public var offset: Int
    /// Entries in this page.
    public var count: Int
    /// The rating board: ratings kept off it until established (`RatingEntry.Unlisted`); nil on other boards.
    public var unlisted: Int?

    public init(board: LeaderboardKind, date: String?, total: Int, offset: Int, count: Int, unlisted: Int? = nil) {
        self.board = board
        self.date = date
        self.total = total
        self.offset = offset
        self.count = count
        self.unlisted = unlisted
    }

    public static let blank = TopSummary(board: .all, date: nil, total: 0, offset: 0, count: 0)
    public static let fieldTable: [Field<TopSummary>] = [
        .choice("board", \.board), .string("date", \.date), .integer("total", \.total), .integer("offset", \.offset),
        .integer("count", \.count), .integer("unlisted", \.unlisted),
    ]
}
