import TileRaceProtocol

/// A leaderboard tab; a new board is one line in `all`.
struct LeaderboardTab: Hashable, Sendable {
    var board: LeaderboardKind
    var title: String

    /// Left to right (Tab, ←/→).
    static let all: [LeaderboardTab] = [
        LeaderboardTab(board: .all, title: "score"),
        LeaderboardTab(board: .sprint, title: "sprint"),
        LeaderboardTab(board: .daily, title: "daily score"),
        LeaderboardTab(board: .sprintDaily, title: "daily sprint"),
        LeaderboardTab(board: .rating, title: "rating"),
    ]

    /// The rating tab only where the server has `features=ratings`.
    static func tabs(hasRatings: Bool) -> [LeaderboardTab] { all.filter { hasRatings || $0.board != .rating } }

    /// To the left when negative, going round at either end.
    static func board(_ steps: Int, from board: LeaderboardKind, hasRatings: Bool) -> LeaderboardKind {
        let shown = tabs(hasRatings: hasRatings)
        let index = shown.firstIndex { $0.board == board } ?? 0
        return shown[((index + steps) % shown.count + shown.count) % shown.count].board
    }
}

extension LeaderboardKind {
    /// `all-time board`, `sprint board 2026-11-25`.
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

    /// All time and daily swap (`d`); ratings have one period.
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
