/// Where leaderboards, claims and game records live: local files or a
/// shared Redis. Answers are asynchronous and in order, so no disk sync or
/// network round trip runs on a queue that serves players.
protocol LeaderboardService: AnyObject, Sendable {
    /// What opening the store noticed but survived, for the log.
    var warnings: [String] { get }
    /// Carries out `request`; `completion` gets the answer, on a queue of the
    /// service's (hop to your own queue from there).
    func perform(_ request: LeaderboardRequest, completion: @escaping @Sendable (LeaderboardAnswer) -> Void)
    /// Finishes the requests made so far, then closes the store.
    func close()
}
