/// The Redis keys under one prefix, so tests can share one Redis.
struct RedisLeaderboardKeys: Hashable, Sendable {
    let prefix: String

    static let standard = RedisLeaderboardKeys(prefix: "tilerace:")

    var sequence: String { prefix + "sequence" }
    /// The claims, by nickname key.
    var claims: String { prefix + "claims" }
    /// How many boards hold each nickname's entry.
    var boardsOf: String { prefix + "boards-of" }
    /// The operator's bans, by `BanTarget.key`.
    var bans: String { prefix + "bans" }
    /// The players' ratings, by nickname key.
    var ratings: String { prefix + "ratings" }
    /// The open reports, by id.
    var reports: String { prefix + "reports" }
    /// The nicknames marked assisted (`ASSIST`), by nickname key.
    var assisted: String { prefix + "assisted" }
    /// Submissions held for review, by id.
    var held: String { prefix + "held" }

    /// A board's ranking (a sorted set of nickname keys).
    func board(_ board: LeaderboardBoardID) -> String { prefix + "board:\(board)" }
    /// A board's entries, by nickname key.
    func entries(_ board: LeaderboardBoardID) -> String { prefix + "entries:\(board)" }
    /// A board's game records, by nickname key.
    func logs(_ board: LeaderboardBoardID) -> String { prefix + "logs:\(board)" }
}
