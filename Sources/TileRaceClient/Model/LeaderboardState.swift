/// One line of the leaderboard, as the server reports it.
struct LeaderboardEntry: Hashable, Sendable {
    /// The place by score, from 1.
    var rank: Int
    /// Who (already filtered of control characters when stored).
    var nickname: String
    /// The score.
    var score: Int
    /// The largest tile made.
    var largestTile: Int
    /// The time played, in seconds.
    var elapsed: Double
    /// The day it was played, `YYYY-MM-DD`.
    var date: String
}

/// Which leaderboard.
enum LeaderboardScope: Hashable, Sendable {
    /// Every game ever submitted.
    case allTime
    /// Today's daily challenge.
    case daily
}

/// A sortable column, numbered as its key: 1 rank, 2 nickname, 3 score.
enum LeaderboardColumn: Int, CaseIterable, Hashable, Sendable {
    /// The place by score.
    case rank = 1
    /// The nickname, alphabetically.
    case nickname = 2
    /// The score.
    case score = 3

    /// The column's heading.
    var title: String {
        switch self {
        case .rank: "rank"
        case .nickname: "nickname"
        case .score: "score"
        }
    }

    /// The direction of the first press: rank and nickname ascending, score descending.
    var startsAscending: Bool { self != .score }
}

/// The leaderboard screen: what was fetched and how it is sorted and scrolled.
struct LeaderboardState: Hashable, Sendable {
    /// Where the data stands.
    enum Status: Hashable, Sendable {
        /// No server: nothing to show.
        case notConnected
        /// Asked, waiting for the answer.
        case loading
        /// Entries arrived.
        case loaded
        /// The request failed.
        case failed(String)
    }

    /// All time or daily.
    var scope: LeaderboardScope = .allTime
    /// The sort column.
    var column: LeaderboardColumn = .rank
    /// The sort direction.
    var isAscending = true
    /// The entries as received.
    var entries: [LeaderboardEntry] = []
    /// Where the data stands.
    var status: Status = .notConnected
    /// The first entry shown.
    var scroll = 0

    /// The entries in the chosen order; ties keep rank order.
    var sortedEntries: [LeaderboardEntry] {
        entries.sorted { a, b in
            switch column {
            case .rank:
                return isAscending ? a.rank < b.rank : a.rank > b.rank
            case .nickname:
                let (x, y) = (a.nickname.lowercased(), b.nickname.lowercased())
                if x != y { return isAscending ? x < y : x > y }
                if a.nickname != b.nickname { return isAscending ? a.nickname < b.nickname : a.nickname > b.nickname }
                return a.rank < b.rank
            case .score:
                if a.score != b.score { return isAscending ? a.score < b.score : a.score > b.score }
                return a.rank < b.rank
            }
        }
    }

    /// Sorts by a column: a new column starts in its natural direction, the same one flips.
    mutating func sort(by newColumn: LeaderboardColumn) {
        if newColumn == column {
            isAscending.toggle()
        } else {
            column = newColumn
            isAscending = newColumn.startsAscending
        }
        scroll = 0
    }
}
