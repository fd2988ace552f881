import TileRaceProtocol

/// A sortable column, numbered as its key: 1 rank, 2 nickname, 3 score.
enum LeaderboardColumn: Int, CaseIterable, Hashable, Sendable {
    case rank = 1
    case nickname = 2
    case score = 3

    var title: String {
        switch self {
        case .rank: "rank"
        case .nickname: "nickname"
        case .score: "score"
        }
    }

    /// The direction of the first press: rank and nickname ascending, score descending.
    var startsAscending: Bool { self != .score }

    var sortKey: LeaderboardQuery.SortKey {
        switch self {
        case .rank: .rank
        case .nickname: .nickname
        case .score: .score
        }
    }
}

/// The leaderboard screen: which board, how the server sorts it, the
/// entries fetched so far (pages from offset 0) and the scroll position.
struct LeaderboardState: Hashable, Sendable {
    enum Status: Hashable, Sendable {
        /// No server: nothing to show.
        case notConnected
        /// Asked, waiting for the first page.
        case loading
        case loaded
        case failed(String)
    }

    /// How many entries one `TOP` asks for.
    static let pageSize = 50

    /// The board shown: one of `LeaderboardTab.all`.
    var board: LeaderboardKind = .all
    var column: LeaderboardColumn = .rank
    var isAscending = true
    /// The entries received, in the server's order, from the first.
    var entries: [LeaderboardEntry] = []
    /// The rating tab's entries received (`RATING` lines), in the server's order.
    var ratings: [RatingEntry] = []
    /// How many entries the board has in all.
    var total = 0
    /// The daily board's date, as the server said.
    var date: String?
    var status: Status = .notConnected
    /// Whether a further page was asked for and not yet received.
    var isLoadingMore = false
    var scroll = 0
    /// The chosen entry (Enter watches its game), an index into the board.
    var selected = 0

    /// Sorts by a column: a new column starts in its natural direction, the same one flips.
    mutating func sort(by newColumn: LeaderboardColumn) {
        if newColumn == column {
            isAscending.toggle()
        } else {
            column = newColumn
            isAscending = newColumn.startsAscending
        }
        scroll = 0
        selected = 0
    }

    /// The `TOP` request for `count` entries from `offset`, in the chosen order.
    func query(offset: Int, count: Int = LeaderboardState.pageSize, today: String) -> LeaderboardQuery {
        LeaderboardQuery(
            board: board, date: board.isDated ? today : nil, sort: column.sortKey,
            order: isAscending ? .asc : .desc, offset: offset, limit: min(LeaderboardQuery.maximumLimit, max(1, count)))
    }

    /// Whether a reply to `query` is for what the screen shows now.
    func isCurrent(_ query: LeaderboardQuery) -> Bool {
        query.board == board && query.sort == column.sortKey && query.effectiveOrder == (isAscending ? .asc : .desc)
    }

    /// Moves the choice to `index` (kept on the board) and scrolls so that
    /// it stays among the `page` rows shown.
    mutating func select(_ index: Int, page: Int) {
        let count = max(total, received)
        selected = min(max(0, index), max(0, count - 1))
        if selected < scroll { scroll = selected }
        if selected >= scroll + page { scroll = selected - page + 1 }
        scroll = min(max(0, scroll), max(0, count - page))
    }

    /// The `RECORD` request for one of the shown board's entries (watched
    /// with Enter, raced with `g`): a dated board's date, today's when the
    /// page named none.
    func recordQuery(for entry: LeaderboardEntry, today: String) -> RecordQuery {
        RecordQuery(nickname: entry.nickname, board: board, date: board.isDated ? date ?? today : nil)
    }

    /// Shows another board (a tab, or the other period), from its top.
    mutating func show(_ newBoard: LeaderboardKind) {
        board = newBoard
        scroll = 0
        selected = 0
    }

    /// Whether more entries exist than were received.
    var hasMore: Bool { received < total }

    /// How many entries of the tab were received.
    var received: Int { board == .rating ? ratings.count : entries.count }
}
