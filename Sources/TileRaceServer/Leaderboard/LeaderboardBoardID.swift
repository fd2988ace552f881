import TileRaceProtocol

/// Which board an entry is on; dated boards are per UTC date.
public enum LeaderboardBoardID: Hashable, Comparable, Sendable, CustomStringConvertible {
    case allTime
    /// `YYYY-MM-DD`.
    case daily(String)
    /// Ranked by sprint time.
    case sprint
    /// UTC `YYYY-MM-DD`, ranked by sprint time.
    case sprintDaily(String)

    /// `rating` is not a board of games: it names the all-time board here.
    public init(kind: LeaderboardKind, date: String?, today: String) {
        switch kind {
        case .all: self = .allTime
        case .daily: self = .daily(date ?? today)
        case .sprint: self = .sprint
        case .sprintDaily: self = .sprintDaily(date ?? today)
        case .rating: self = .allTime
        }
    }

    public var kind: LeaderboardKind {
        switch self {
        case .allTime: .all
        case .daily: .daily
        case .sprint: .sprint
        case .sprintDaily: .sprintDaily
        }
    }

    public var isSprint: Bool { kind.isSprint }

    /// The date of a dated board (daily, sprint-daily), nil otherwise.
    public var date: String? {
        switch self {
        case .daily(let date), .sprintDaily(let date): date
        case .allTime, .sprint: nil
        }
    }

    /// How messages name it: `the all-time board`, `the daily board of
    /// 2026-11-20`, `the sprint board`, `the sprint board of 2026-11-20`.
    public var spokenName: String {
        switch self {
        case .allTime: "the all-time board"
        case .daily(let date): "the daily board of \(date)"
        case .sprint: "the sprint board"
        case .sprintDaily(let date): "the sprint board of \(date)"
        }
    }

    /// The stored form: `all`, `daily:YYYY-MM-DD`, `sprint` or `sprint-daily:YYYY-MM-DD`.
    public var description: String {
        kind.rawValue + (date.map { ":" + $0 } ?? "")
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let date = parts.count == 2 ? parts[1] : nil
        guard let kind = LeaderboardKind(rawValue: parts[0]), kind != .rating, kind.isDated == (date != nil) else { return nil }
        if let date, !Names.isValidDate(date) { return nil }
        self.init(kind: kind, date: date, today: "")
    }

    /// All-time first, then daily boards by date, then the sprint board,
    /// then sprint-daily boards by date (the order of `LeaderboardKind`).
    public static func < (lhs: LeaderboardBoardID, rhs: LeaderboardBoardID) -> Bool {
        lhs.order != rhs.order ? lhs.order < rhs.order : (lhs.date ?? "") < (rhs.date ?? "")
    }

    private var order: Int { LeaderboardKind.allCases.firstIndex(of: kind) ?? 0 }
}
