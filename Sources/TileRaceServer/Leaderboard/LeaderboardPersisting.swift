/// Where the server keeps its leaderboard: `LeaderboardStore` (on disk or in
/// memory), or a stand-in in tests.
package protocol LeaderboardPersisting: AnyObject {
    var leaderboard: Leaderboard { get }
    /// What opening noticed but survived, for the log.
    var warnings: [String] { get }
    /// Stores records durably and applies them; throws (changing nothing) when
    /// they cannot be stored. Returns warnings that did not prevent storing.
    func commit(_ records: [LeaderboardRecord]) throws(StoreError) -> [String]
    /// Closes the files, if any.
    func close()
}

extension LeaderboardStore: LeaderboardPersisting {}
