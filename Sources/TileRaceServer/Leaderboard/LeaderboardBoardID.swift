import TileRaceProtocol

/// Which board an entry is on: the all-time board, or the daily challenge's
/// board of one UTC date.
public enum LeaderboardBoardID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Every game submitted.
    case allTime
    /// The daily-challenge games of one date (`YYYY-MM-DD`).
    case daily(String)

    /// The protocol's name of the board's kind.
    public var kind: LeaderboardKind {
        switch self {
        case .allTime: .all
        case .daily: .daily
        }
    }

    /// The date of a daily board, nil for all-time.
    public var date: String? {
        if case .daily(let date) = self { return date }
        return nil
    }

    /// The stored form: `all` or `daily:YYYY-MM-DD`.
    public var description: String {
        switch self {
        case .allTime: "all"
        case .daily(let date): "daily:" + date
        }
    }

    /// Reads the stored form.
    public init?(_ text: String) {
        if text == "all" {
            self = .allTime
        } else if text.hasPrefix("daily:"), Names.isValidDate(String(text.dropFirst(6))) {
            self = .daily(String(text.dropFirst(6)))
        } else {
            return nil
        }
    }

    /// All-time first, then daily boards by date.
    public static func < (lhs: LeaderboardBoardID, rhs: LeaderboardBoardID) -> Bool {
        switch (lhs, rhs) {
        case (.allTime, .daily): true
        case (.daily(let left), .daily(let right)): left < right
        default: false
        }
    }
}
