/// The score boards and sprint boards (all-time and per UTC date), and ratings.
/// The raw value is the wire word.
public enum LeaderboardKind: String, CaseIterable, Hashable, Sendable {
    case all, daily
    /// The all-time sprint board: the fastest verified times to 2048.
    case sprint
    /// One UTC date's sprint board (`sprint-daily` on the wire).
    case sprintDaily = "sprint-daily"
    /// The players' Glicko-2 ratings (not a board of games: no records).
    case rating

    /// Whether the board ranks sprint times (lowest first) rather than scores.
    public var isSprint: Bool { self == .sprint || self == .sprintDaily }

    /// Whether the board is one UTC date's (so `date=` names it).
    public var isDated: Bool { self == .daily || self == .sprintDaily }
}
