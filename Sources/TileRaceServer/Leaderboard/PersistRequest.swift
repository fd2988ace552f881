/// Leaderboard records the core asks to be stored durably before it answers
/// `OK SUBMIT`. Requests are written in the order they were made.
///
/// `generation` makes a failure exact: after one request of a generation
/// fails, every later request of that generation fails too without being
/// written, since each was computed on a leaderboard that included the failed
/// records. The core then starts a new generation from what is stored.
struct PersistRequest: Hashable, Sendable {
    /// Identifies the request in its completion.
    var id: Int
    /// The generation it belongs to.
    var generation: Int
    /// The records, in order.
    var records: [LeaderboardRecord]
}
