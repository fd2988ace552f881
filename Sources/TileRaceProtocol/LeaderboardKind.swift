/// Which leaderboard: all-time, or the daily challenge's board of one UTC date.
public enum LeaderboardKind: String, CaseIterable, Hashable, Sendable {
    case all, daily
}
