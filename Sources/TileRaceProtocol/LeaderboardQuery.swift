/// The `TOP` request: which board, how sorted, which page.
public struct LeaderboardQuery: FieldsRepresentable {
    /// What to sort by; the raw value is the wire word (`sort=rank|nick|score`).
    public enum SortKey: String, CaseIterable, Hashable, Sendable {
        /// By rank (score, or on a sprint board the sprint time, then the
        /// order of recording).
        case rank
        /// By nickname, without regard to case.
        case nickname = "nick"
        /// By score.
        case score

        /// Reads a `sort=` word: a case's wire word, or `nickname` for `nick`
        /// (the word earlier servers wanted and earlier clients send).
        /// - Throws: `bad-option` naming the documented words.
        public init(word: String) throws(ProtocolError) {
            if word == "nickname" {
                self = .nickname
                return
            }
            guard let key = SortKey(rawValue: word) else {
                let words = SortKey.allCases.map(\.rawValue).joined(separator: ", ")
                throw ProtocolError(.badOption, "sort=\(TextFilter.printableASCII(word)) must be one of \(words)")
            }
            self = key
        }
    }

    /// Which way to sort.
    public enum Order: String, CaseIterable, Hashable, Sendable {
        case asc, desc
    }

    /// The largest page.
    public static let maximumLimit = 100
    /// The `key=value` fields of a query, the only ones `TOP` accepts.
    public static let keys: Set<String> = ["board", "date", "sort", "order", "offset", "limit", "nick"]

    /// Which board: all-time, daily, sprint or sprint-daily.
    public var board: LeaderboardKind
    /// For a dated board (daily, sprint-daily), the UTC date; nil for today.
    public var date: String?
    /// Sort key.
    public var sort: SortKey
    /// Sort order; nil for the key's natural order (rank and nick ascending, score descending).
    public var order: Order?
    /// Entries to skip.
    public var offset: Int
    /// Entries to return, 1 to 100.
    public var limit: Int
    /// On the rating board only (`nick=`): just this nickname's line, as it
    /// is in the whole list (its rank kept); nil for every player.
    public var nickname: String?

    /// Creates a query.
    public init(
        board: LeaderboardKind = .all, date: String? = nil, sort: SortKey = .rank, order: Order? = nil, offset: Int = 0, limit: Int = 20,
        nickname: String? = nil
    ) {
        self.board = board
        self.date = date
        self.sort = sort
        self.order = order
        self.offset = offset
        self.limit = limit
        self.nickname = nickname
    }

    /// The order actually used: the given one, or the key's natural order.
    public var effectiveOrder: Order {
        order ?? (sort == .score ? .desc : .asc)
    }

    public init(fields: Fields) throws(ProtocolError) {
        var query = LeaderboardQuery()
        if fields["board"] != nil {
            query.board = try fields.choice("board", as: LeaderboardKind.self, code: .badOption)
        }
        if let date = fields["date"] {
            guard Names.isValidDate(date) else { throw ProtocolError(.badOption, "date=\(TextFilter.quoted(date)) is not YYYY-MM-DD") }
            query.date = date
        }
        if let sort = fields["sort"] {
            query.sort = try SortKey(word: sort)
        }
        if fields["order"] != nil {
            query.order = try fields.choice("order", as: Order.self, code: .badOption)
        }
        query.offset = try fields.optionalInteger("offset", in: 0...Int(Int32.max), code: .badOption) ?? 0
        query.limit = try fields.optionalInteger("limit", in: 1...LeaderboardQuery.maximumLimit, code: .badOption) ?? 20
        if let nickname = fields["nick"] {
            guard query.board == .rating else {
                throw ProtocolError(
                    .badOption, "nick= picks one player's line of the rating board only: TOP board=rating nick=<nick>")
            }
            try Names.validateName(nickname, as: "nickname")
            query.nickname = nickname
        }
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
        if let nickname { fields.append("nick", nickname) }
        return fields
    }
}
