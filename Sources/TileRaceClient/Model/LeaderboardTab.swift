import TileRaceProtocol

/// A tab of the leaderboard screen: one board and its title. The tabs are
/// the one list `all`, in the order shown: a new board is one line there.
struct LeaderboardTab: Hashable, Sendable {
    var board: LeaderboardKind
    var title: String

    /// The tabs, left to right (Tab, ←/→ go through them in this order).
    static let all: [LeaderboardTab] = [
        LeaderboardTab(board: .all, title: "score"),
        LeaderboardTab(board: .sprint, title: "sprint"),
        LeaderboardTab(board: .daily, title: "daily score"),
        LeaderboardTab(board: .sprintDaily, title: "daily sprint"),
        LeaderboardTab(board: .rating, title: "rating"),
    ]

    /// The tabs shown: the rating tab only where the server offers ratings
    /// (`features=ratings`).
    static func tabs(hasRatings: Bool) -> [LeaderboardTab] {
        all.filter { hasRatings || $0.board != .rating }
    }

    /// The board `steps` tabs to the right of `board` (to the left when
    /// negative) among the tabs shown, going round at either end.
    static func board(_ steps: Int, from board: LeaderboardKind, hasRatings: Bool) -> LeaderboardKind {
        let shown = tabs(hasRatings: hasRatings)
        let index = shown.firstIndex { $0.board == board } ?? 0
        return shown[((index + steps) % shown.count + shown.count) % shown.count].board
    }
}

extension LeaderboardKind {
    /// The board in words, for titles: `all-time board`, `sprint board 2026-11-25`.
    func name(date: String?) -> String {
        let day = isDated ? date.map { " \(ScreenText.sanitize($0))" } ?? "" : ""
        switch self {
        case .all: return "all-time board"
        case .daily: return "daily board" + day
        case .sprint: return "sprint board"
        case .sprintDaily: return "daily sprint board" + day
        case .rating: return "rating board"
        }
    }

    /// The same kind of board for the other period: all time and daily swap
    /// (`d`); ratings have one period.
    var otherPeriod: LeaderboardKind {
        switch self {
        case .all: .daily
        case .daily: .all
        case .sprint: .sprintDaily
        case .sprintDaily: .sprint
        case .rating: .rating
        }
    }
}
