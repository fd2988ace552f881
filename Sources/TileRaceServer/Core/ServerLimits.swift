import TileRaceProtocol

/// The limits of protocol.md section 4, and the server's timings. Tests shrink
/// some of them (e.g. the countdown) to run fast.
public struct ServerLimits: Hashable, Sendable {
    public var maximumConnections = 1000
    public var maximumConnectionsPerAddress = 16
    /// Exempts loopback from the per-address limit (benchmarks, local rigs).
    public var exemptsLoopback = false
    /// Besides `daily`.
    public var maximumRooms = 256
    public var maximumPlayersPerRoom = 8
    public var maximumWatchersPerRoom = 32
    /// Unsent bytes past which the connection is dropped.
    public var maximumPendingOutputBytes = 1 << 20
    /// Unsent bytes past which the server stops reading a connection, so no
    /// replies are built that the client is not taking.
    public var backpressureBytes = 64 << 10
    /// One turn's work in request costs (`PING` 1, a 100-entry `TOP` 11).
    public var workPerTurn = 16
    /// Silence after which a connection is sent `BYE idle` and closed.
    public var idleMilliseconds = 120_000
    /// Silence after which the server sends `PING`.
    public var pingMilliseconds = 45_000
    /// How long a connection may take to send `HELLO` after connecting.
    public var helloMilliseconds = 30_000
    /// Bytes trickled without a line end do not keep a connection alive.
    public var lineMilliseconds = 10_000
    /// How long a dropped connection's seat (nickname, room, ready mark, game)
    /// is held for it to resume with `HELLO ... resume=`; 0: not held.
    public var resumeGraceMilliseconds = 30_000
    public var sweepMilliseconds = 1000
    public var requestsPerSecond = 200
    public var requestBurst = 400
    public var maximumRefusalsInARow = 100
    /// Per remote address, before `ERR flood`.
    public var joinCodeFailuresPerMinute = 5
    /// Per connection, before it is closed.
    public var maximumJoinCodeFailures = 20
    /// Bounds a game's memory: the undo history grows with every move.
    public var maximumEntriesPerGame = 100_000
    public var countdownMilliseconds = 3000
    /// Per racer.
    public var progressIntervalMilliseconds = 100
    /// How long a racer's `PROGRESS` may wait to share a write with its next
    /// reply; 0: written at once.
    public var progressWaitMilliseconds = 50
    /// How long a closing connection may take to deliver its last lines.
    public var closeTimeoutMilliseconds = 5000
    /// The lines of chat a room keeps to send whoever joins or watches it.
    public var chatHistoryLines = 20
    /// How often the arenas' shard pairs the free players of its arenas.
    public var arenaPairingMilliseconds = 2000
    /// `serve --arena-every`: an arena of `scheduledArena` starts at every
    /// whole multiple of this many seconds on the UTC clock; 0: none.
    public var arenaEverySeconds = 0
    public var scheduledArena = ArenaSettings()

    public static let standard = ServerLimits()

    public init() {}
}
