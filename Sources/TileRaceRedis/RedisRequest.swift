import Dispatch

struct RedisRequest {
    /// Who waits for the replies.
    enum Purpose {
        /// `deliver` hops to the caller's queue itself.
        case caller(deliver: (Result<[RESPValue], RedisError>) -> Void)
        /// The connection's own `SELECT` after connecting.
        case selectDatabase
        /// With sentinels, the connection's own `ROLE`: is it the primary?
        case checkRole
        /// `SUBSCRIBE`: gets every reply from then on, and is never done.
        case subscription(deliver: (Result<[RESPValue], RedisError>) -> Void)
    }

    /// The encoded commands.
    let bytes: [UInt8]
    /// How many replies complete it.
    let replyCount: Int
    /// When it times out (uptime in nanoseconds).
    let deadline: UInt64
    /// Who waits for it.
    let purpose: Purpose
    /// The replies so far.
    var replies: [RESPValue] = []
    /// Whether it was written to the current connection.
    var isSent = false

    /// Gives the caller its result; nothing for the connection's own requests.
    func finish(_ result: Result<[RESPValue], RedisError>) {
        switch purpose {
        case .caller(let deliver), .subscription(let deliver): deliver(result)
        case .selectDatabase, .checkRole: break
        }
    }
}
