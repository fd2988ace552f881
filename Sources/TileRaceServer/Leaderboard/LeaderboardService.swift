/// Where the server's leaderboards, nickname claims and game records live:
/// this server's own files (`FileLeaderboardService`), or a Redis server
/// shared with other servers (`RedisLeaderboardService`).
///
/// Requests are answered asynchronously and in the order made, so no disk
/// sync or network round trip ever runs on a queue that serves players, and
/// one service can serve several of them.
protocol LeaderboardService: AnyObject, Sendable {
    /// What opening the store noticed but survived, for the log.
    var warnings: [String] { get }
    /// Carries out `request`; `completion` gets the answer, on a queue of the
    /// service's (hop to your own queue from there).
    func perform(_ request: LeaderboardRequest, completion: @escaping @Sendable (LeaderboardAnswer) -> Void)
    /// Finishes the requests made so far, then closes the store.
    func close()
}
