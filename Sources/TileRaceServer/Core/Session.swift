import TileRaceProtocol

/// One player's session: normally one connection; after a drop, the seat
/// held for it. Owned by its shard's queue.
///
/// Property order matters for speed: Swift lays properties out as written,
/// so the ones every request reads (`id` to `practice`) come first and
/// share a few cache lines. Keep large values out of that group
/// (`shardMove` is boxed for this reason).
final class Session {
    /// The connection it started on: others refer to it by this, whichever
    /// connection carries it now.
    let id: ConnectionID
    /// Nil while away.
    var connection: ConnectionID?
    /// No more input is handled.
    var isClosing = false
    var isGreeted = false
    var inputFlow = InputFlow.read
    var isPinged = false
    /// Its later input waits in the framer until the answer.
    var awaitedAnswer: Int?
    var lastHeardAt: Int
    /// Nil between lines.
    var partialLineSince: Int?
    var lastNotice = 0
    var byeAfterReply: String?
    var roomKey: String? {
        didSet { foundRoom = nil }
    }
    /// Cached while it stays (a room is removed only once empty).
    var foundRoom: Room?
    var role: MemberInfo.Role = .player
    var framer = LineFramer()
    var gate: RequestGate
    /// Set until the request that moves it has run where it arrived.
    var shardMove: ShardMove?
    var practice: LiveGame?
    /// `practice != nil` would copy the whole game out, on every move.
    var isPracticing: Bool {
        if case .some = practice { true } else { false }
    }

    // Read rarely.

    var peer: String
    /// What per-address limits and bans go by.
    var address: String
    /// The address its connection is counted against; nil for one from this machine until its `HELLO`
    /// says whose it is (an ssh visitor's), so a burst of visitors is not refused as loopback's.
    var countedAddress: String?
    var resumeSecret: String?
    /// Monotonic ms.
    var awayUntil: Int?
    /// To send its results if the race ended meanwhile.
    var awayRaceID: Int?
    /// Its games never go on the leaderboard.
    var isBot = false
    /// A bot's `HELLO ... strength=`, shown to the others in its rooms.
    var strength: Int?
    /// Unique among connected clients, case-insensitively.
    var nickname: String?
    var lastFinished: FinishedGame?
    var joinCodes: JoinCodeGuard
    let connectedAt: Int
    var isOperator = false
    /// So a later `READY` in a rated room needs no token.
    var provenClaim: String?
    /// Updated after each rated race; shown beside the nickname in rated rooms.
    var provenRating: Glicko2.Rating?
    /// The last races it raced in, with their racers' nickname keys, oldest
    /// first: the races a `REPORT` says the two shared.
    var recentRaces: [(race: SharedRace, nicknameKeys: Set<String>)] = []
    /// The arena it joined (on the arenas' shard), or waits to join while the store proves its claim.
    var arenaID: Int?
    /// The arena it watches (`ARENA <id> watch=yes`): it gets its `SCORED`
    /// and `ARENA-END`, is never paired, and is forgotten with the connection.
    var watchedArena: Int?
    /// The arena it asked to join while the store proves its claim.
    var joiningArena: Int?

    /// Who gets an arena's `SCORED` and `ARENA-END`: its players and watchers.
    func follows(arena id: Int) -> Bool { arenaID == id || watchedArena == id }

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

    /// Consumes the buffered lines: call it only once the connection is gone.
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

    var isAway: Bool { connection == nil }

    var logName: String { nickname ?? "-" }
}
