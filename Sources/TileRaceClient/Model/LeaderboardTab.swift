import TileRaceProtocol

/// A tab of the leaderboard screen: one board and its title. The tabs are
/// the one list `all`, in the order shown: a new board is one line there.
struct LeaderboardTab: Hashable, Sendable {
    /// The board it shows.
    var board: LeaderboardKind
    /// Its title on the tab bar.
    var title: String

    /// The tabs, left to right (Tab, ←/→ go through them in this order).
    static let all: [LeaderboardTab] = [
        LeaderboardTab(board: .all, title: "score"),
        LeaderboardTab(board: .sprint, title: "sprint"),
        LeaderboardTab(board: .daily, title: "daily score"),
        LeaderboardTab(board: .sprintDaily, title: "daily sprint"),
    ]

    /// The index of `board`'s tab (0 for a board without one).
    static func index(of board: LeaderboardKind) -> Int {
        all.firstIndex { $0.board == board } ?? 0
    }

    /// The board `steps` tabs to the right of `board` (to the left when
    /// negative), going round at either end.
    static func board(_ steps: Int, from board: LeaderboardKind) -> LeaderboardKind {
        let count = all.count
        return all[((index(of: board) + steps) % count + count) % count].board
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
        }
    }

    /// The same kind of board for the other period: all time and daily swap (`d`).
    var otherPeriod: LeaderboardKind {
        switch self {
        case .all: .daily
        case .daily: .all
        case .sprint: .sprintDaily
        case .sprintDaily: .sprint
        }
    }
}
