/// How a `PersistRequest` ended.
enum PersistOutcome: Hashable, Sendable {
    /// On disk (synced) and applied; warnings (a compaction that failed) did
    /// not prevent it.
    case stored(warnings: [String])
    /// Not stored: nothing of it reached the leaderboard.
    case failed(StoreError)
}
