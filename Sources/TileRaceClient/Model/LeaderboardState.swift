import TileRaceProtocol

/// Numbered as its key: 1 rank, 2 nickname, 3 score.
enum LeaderboardColumn: Int, CaseIterable, Hashable, Sendable {
    case rank = 1
    case nickname = 2
    case score = 3

    var title: String { "\(self)" }

    /// Rank and nickname ascending, score descending.
    var startsAscending: Bool { self != .score }

    var sortKey: LeaderboardQuery.SortKey {
        switch self {
        case .rank: .rank
        case .nickname: .nickname
        case .score: .score
        }
    }
}

/// The leaderboard: board, sort, entries fetched (pages from offset 0), scroll position.
struct LeaderboardState: Hashable, Sendable {
    enum Status: Hashable, Sendable {
        case notConnected
        case loading
        case loaded
        case failed(String)
    }

    static let pageSize = 50

    /// One of `LeaderboardTab.all`.
    var board: LeaderboardKind = .all
    var column: LeaderboardColumn = .rank
    var isAscending = true
    /// In the server's order, from the first.
    var entries: [LeaderboardEntry] = []
    /// `RATING` lines, in the server's order.
    var ratings: [RatingEntry] = []
    var total = 0
    /// The rating board: rated players it does not list (`unlisted=`).
    var unlisted = 0
    /// The rating board: the player's own `RATING` line (`TOP board=rating nick=`), asked with each refresh.
    var own: RatingEntry?
    /// The game boards: the player's own games held for review (`REVIEW`, protocol.md 10.3), asked with each refresh.
    var ownHeld: [HeldInfo] = []
    /// As the server said.
    var date: String?
    var status: Status = .notConnected
    var isLoadingMore = false
    var scroll = 0
    /// An index into the board (Enter watches its game).
    var selected = 0

    /// A new column starts in its natural direction; the same one flips.
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

    func query(offset: Int, count: Int = LeaderboardState.pageSize, today: String) -> LeaderboardQuery {
        LeaderboardQuery(
            board: board, date: board.isDated ? today : nil, sort: column.sortKey,
            order: isAscending ? .asc : .desc, offset: offset, limit: min(LeaderboardQuery.maximumLimit, max(1, count)))
    }

    func isCurrent(_ query: LeaderboardQuery) -> Bool {
        query.board == board && query.sort == column.sortKey && query.effectiveOrder == (isAscending ? .asc : .desc)
    }

    /// Scrolls so that it stays among the `page` rows shown.
    mutating func select(_ index: Int, page: Int) {
        let count = max(total, received)
        selected = min(max(0, index), max(0, count - 1))
        if selected < scroll { scroll = selected }
        if selected >= scroll + page { scroll = selected - page + 1 }
        scroll = min(max(0, scroll), max(0, count - page))
    }

    /// A dated board's date, today's when the page named none.
    func recordQuery(for entry: LeaderboardEntry, today: String) -> RecordQuery {
        RecordQuery(nickname: entry.nickname, board: board, date: board.isDated ? date ?? today : nil)
    }

    /// A tab or the other period, from its top.
    mutating func show(_ newBoard: LeaderboardKind) {
        board = newBoard
        scroll = 0
        selected = 0
    }

    var hasMore: Bool { received < total }

    /// The player's held games this board would list once approved.
    var heldShown: [HeldInfo] {
        ownHeld.filter { held in
            switch board {
            case .all: true
            case .daily: held.dailyDate != nil && held.dailyDate == date
            case .sprint: held.sprintTime != nil
            case .sprintDaily: held.sprintTime != nil && held.dailyDate != nil && held.dailyDate == date
            case .rating: false
            }
        }
    }

    var received: Int { board == .rating ? ratings.count : entries.count }
}
