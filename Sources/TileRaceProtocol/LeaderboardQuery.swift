/// The `TOP` request: which board, how sorted, which page.
public struct LeaderboardQuery: FieldsRepresentable {
    /// What to sort by.
    public enum SortKey: String, CaseIterable, Hashable, Sendable {
        case rank, nickname, score
    }

    /// Which way to sort.
    public enum Order: String, CaseIterable, Hashable, Sendable {
        case asc, desc
    }

    /// The largest page.
    public static let maximumLimit = 100
    /// The `key=value` fields of a query, the only ones `TOP` accepts.
    public static let keys: Set<String> = ["board", "date", "sort", "order", "offset", "limit"]

    /// All-time or daily.
    public var board: LeaderboardKind
    /// For the daily board, the UTC date; nil for today.
    public var date: String?
    /// Sort key.
    public var sort: SortKey
    /// Sort order; nil for the key's natural order (rank and nickname ascending, score descending).
    public var order: Order?
    /// Entries to skip.
    public var offset: Int
    /// Entries to return, 1 to 100.
    public var limit: Int

    /// Creates a query.
    public init(
        board: LeaderboardKind = .all, date: String? = nil, sort: SortKey = .rank, order: Order? = nil, offset: Int = 0, limit: Int = 20
    ) {
        self.board = board
        self.date = date
        self.sort = sort
        self.order = order
        self.offset = offset
        self.limit = limit
    }

    /// The order actually used: the given one, or the key's natural order.
    public var effectiveOrder: Order {
        order ?? (sort == .score ? .desc : .asc)
    }

    public init(fields: Fields) throws(ProtocolError) {
        var query = LeaderboardQuery()
        if fields["board"] != nil {
            query.board = LeaderboardKind(rawValue: try fields.choice("board", among: ["all", "daily"], code: .badOption))!
        }
        if let date = fields["date"] {
            guard Names.isValidDate(date) else { throw ProtocolError(.badOption, "date=\(TextFilter.quoted(date)) is not YYYY-MM-DD") }
            query.date = date
        }
        if fields["sort"] != nil {
            query.sort = SortKey(rawValue: try fields.choice("sort", among: SortKey.allCases.map(\.rawValue), code: .badOption))!
        }
        if fields["order"] != nil {
            query.order = Order(rawValue: try fields.choice("order", among: ["asc", "desc"], code: .badOption))!
        }
        query.offset = try fields.optionalInteger("offset", in: 0...Int(Int32.max), code: .badOption) ?? 0
        query.limit = try fields.optionalInteger("limit", in: 1...LeaderboardQuery.maximumLimit, code: .badOption) ?? 20
        self = query
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("board", board.rawValue)
        if let date { fields.append("date", date) }
        fields.append("sort", sort.rawValue)
        if let order { fields.append("order", order.rawValue) }
        fields.append("offset", offset)
        fields.append("limit", limit)
        return fields
    }
}
