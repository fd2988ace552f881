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

    /// The stored form: `all`, `daily:YYYY-MM-DD`, `sprint` or `sprint-daily:YYYY-MM-DD`.
    public var description: String {
        switch self {
        case .allTime: "all"
        case .daily(let date): "daily:" + date
        case .sprint: "sprint"
        case .sprintDaily(let date): "sprint-daily:" + date
        }
    }

    public init?(_ text: String) {
        if text == "all" {
            self = .allTime
        } else if text.hasPrefix("daily:"), Names.isValidDate(String(text.dropFirst(6))) {
            self = .daily(String(text.dropFirst(6)))
        } else if text == "sprint" {
            self = .sprint
        } else if text.hasPrefix("sprint-daily:"), Names.isValidDate(String(text.dropFirst(13))) {
            self = .sprintDaily(String(text.dropFirst(13)))
        } else {
            return nil
        }
    }

    /// All-time first, then daily boards by date, then the sprint board,
    /// then sprint-daily boards by date.
    public static func < (lhs: LeaderboardBoardID, rhs: LeaderboardBoardID) -> Bool {
        lhs.order != rhs.order ? lhs.order < rhs.order : (lhs.date ?? "") < (rhs.date ?? "")
    }

    /// The place of the board's kind in `<`.
    private var order: Int {
        switch self {
        case .allTime: 0
        case .daily: 1
        case .sprint: 2
        case .sprintDaily: 3
        }
    }
}
