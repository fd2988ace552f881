/// The `TOP` request: which board, how sorted, which page.
public struct LeaderboardQuery: FieldsRepresentable {
    /// What to sort by; the raw value is the wire word (`sort=rank|nick|score`).
    public enum SortKey: String, CaseIterable, Hashable, Sendable {
        /// Score (or sprint time), then recording order.
        case rank
        /// By nickname, without regard to case.
        case nickname = "nick"
        case score

        /// Also reads `nickname`, the word earlier clients send for `nick`.
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

    public enum Order: String, CaseIterable, Hashable, Sendable {
        case asc, desc
    }

    public static let maximumLimit = 100
    public var board: LeaderboardKind
    /// For a dated board (daily, sprint-daily), the UTC date; nil for today.
    public var date: String?
    public var sort: SortKey
    /// Nil for the key's natural order (rank and nick ascending, score descending).
    public var order: Order?
    public var offset: Int
    /// Entries to return, 1 to 100.
    public var limit: Int
    /// Rating board only: just this nickname's line, its rank kept.
    public var nickname: String?

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

    public static let blank = LeaderboardQuery()
    public static let fieldTable: [Field<LeaderboardQuery>] = [
        .optional(.choice("board", \.board, code: .badOption)), .date("date", \.date, code: .badOption),
        .optional(.value("sort", \.sort, encode: { $0.rawValue }, decode: { text throws(ProtocolError) in try SortKey(word: text ?? "") })),
        .choice("order", \.order, code: .badOption),
        .optional(.integer("offset", \.offset, in: 0...Int(Int32.max), code: .badOption)),
        .optional(.integer("limit", \.limit, in: 1...LeaderboardQuery.maximumLimit, code: .badOption)),
        .row(
            "nick", encode: { $0.nickname },
            decode: { query, nickname throws(ProtocolError) in
                guard let nickname else { return }
                guard query.board == .rating else {
                    throw ProtocolError(.badOption, "nick= picks one player's line of the rating board only: TOP board=rating nick=<nick>")
                }
                try Names.validateName(nickname, as: "nickname")
                query.nickname = nickname
            }),
    ]
}
