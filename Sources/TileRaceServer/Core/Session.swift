import TileRaceProtocol

/// One player's session: normally one connection; after a drop, the seat
/// held for it. Owned by its shard's queue.
///
/// Property order matters for speed: Swift lays properties out as written,
/// so the ones every request reads (`id` to `practice`) come first and
/// share a few cache lines. Keep large values out of that group
/// (`shardMove` is boxed for this reason).
final class Session {
    /// The session: the connection it started on. Rooms, races and nicknames
    /// refer to it by this, whichever connection carries it now.
    let id: ConnectionID
    /// The connection that carries it now; nil while it is away.
    var connection: ConnectionID?
    /// Whether the server is closing the connection (no more input is handled).
    var isClosing = false
    var isGreeted = false
    var inputFlow = InputFlow.read
    /// Whether a `PING` was sent since the session was last heard (`lastHeardAt`).
    var isPinged = false
    /// The leaderboard request (`SUBMIT`, `TOP`, `RECORD`) this session
    /// waits for; its further input waits in the framer until then.
    var awaitedAnswer: Int?
    /// When the session last sent a whole line.
    var lastHeardAt: Int
    /// When the first byte of the line being received arrived (nil between lines).
    var partialLineSince: Int?
    /// The number of the last operator's notice it was sent (or that was
    /// out when it connected).
    var lastNotice = 0
    /// Set by a handler whose reply must be followed by `BYE <text>` and a close.
    var byeAfterReply: String?
    /// The key of the room this session is in (as player or watcher).
    var roomKey: String? {
        didSet { foundRoom = nil }
    }
    /// The room `ServerCore.room(of:)` found for `roomKey`, while it stays
    /// there (a room is removed only once empty).
    var foundRoom: Room?
    var role: MemberInfo.Role = .player
    var framer = LineFramer()
    /// Decides whether each of its lines runs, at what cost, or what refuses it.
    var gate: RequestGate
    /// Its move to another shard, from the request that asks for it until
    /// that request ran where it arrived (`ServerCore+ShardMoves`).
    var shardMove: ShardMove?
    var practice: LiveGame?
    /// Whether a practice game is being played. (`practice != nil` would
    /// copy the whole game out first: this runs for every move.)
    var isPracticing: Bool {
        if case .some = practice { true } else { false }
    }

    // Read rarely.

    /// The peer's `address:port`, for the log.
    var peer: String
    /// The peer's address, what per-address limits count by.
    var address: String
    /// The secret that resumes the session (`OK HELLO ... session=`).
    var resumeSecret: String?
    /// While away: when the held seat is given up (monotonic milliseconds).
    var awayUntil: Int?
    /// While away: the race it was in, to send its results if it ended meanwhile.
    var awayRaceID: Int?
    /// Whether the client said it is a bot (`HELLO ... bot=yes`): shown to
    /// others, and its games never go on the leaderboard.
    var isBot = false
    /// Unique among connected clients (without regard to case).
    var nickname: String?
    /// The last finished game, until submitted.
    var lastFinished: FinishedGame?
    /// Limits join-code guessing on this connection.
    var joinCodes: JoinCodeGuard
    let connectedAt: Int
    /// Whether the connection unlocked the operator's requests (`AUTH`).
    var isOperator = false
    /// The nickname key whose claim this session proved (`READY token=` in
    /// a rated room, or `QUEUE`), so a later `READY` needs no token.
    var provenClaim: String?
    /// The rating of that nickname: the store's answer to the proof, then
    /// each rated race's new rating (what rated rooms show beside it).
    var provenRating: Glicko2.Rating?

    init(id: ConnectionID, peer: String, now: Int, limits: ServerLimits) {
        self.id = id
        self.connection = id
        self.peer = peer
        self.address = PeerAddress.address(of: peer)
        self.gate = RequestGate(limits: limits, now: now)
        self.joinCodes = JoinCodeGuard(perMinute: limits.joinCodeFailuresPerMinute, maximum: limits.maximumJoinCodeFailures)
        self.lastHeardAt = now
        self.connectedAt = now
    }

    /// Whether a `QUIT` waits among the lines received and not handled yet
    /// (the lines are used up: call it only when the connection is gone).
    func hasQuitWaiting() -> Bool {
        while true {
            let line: String?
            do throws(ProtocolError) {
                line = try framer.nextLine()
            } catch {
                continue
            }
            guard let line else { return false }
            if line.split(separator: " ").first?.uppercased() == RequestVerb.quit.rawValue { return true }
        }
    }

    /// Whether its connection dropped and its seat is held.
    var isAway: Bool { connection == nil }

    var logName: String { nickname ?? "-" }
}
