/// A nickname and its first submitter's secret token, with the date last
/// used (for expiry, `Leaderboard.isExpired`).
public struct NicknameClaim: Hashable, Sendable {
    /// When it was recorded, among all records of the leaderboard.
    public var sequence: Int
    /// The nickname as first given.
    public var nickname: String
    /// The secret (32 hexadecimal characters).
    public var token: String
    /// The UTC date `YYYY-MM-DD` it was made or last used; nil in claims
    /// stored before claims expired (those never expire).
    public var date: String?

    public init(sequence: Int, nickname: String, token: String, date: String? = nil) {
        self.sequence = sequence
        self.nickname = nickname
        self.token = token
        self.date = date
    }
}
