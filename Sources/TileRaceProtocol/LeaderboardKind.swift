/// Which leaderboard: all-time, the daily challenge's board of one UTC
/// date, or the players' ratings (`rating`, protocol.md section 10).
public enum LeaderboardKind: String, CaseIterable, Hashable, Sendable {
    case all, daily
    case rating
}
