/// The limits of protocol.md section 4, and the server's timings. Tests shrink
/// some of them (e.g. the countdown) to run fast.
public struct ServerLimits: Hashable, Sendable {
    /// Connections at once.
    public var maximumConnections = 1000
    /// Connections at once from one remote address.
    public var maximumConnectionsPerAddress = 16
    /// Whether connections from this machine (loopback) are exempt from the
    /// per-address limit (for benchmarks and local test rigs).
    public var exemptsLoopback = false
    /// Rooms at once, besides `daily`.
    public var maximumRooms = 256
    /// Players per room.
    public var maximumPlayersPerRoom = 8
    /// Watchers per room.
    public var maximumWatchersPerRoom = 32
    /// Bytes waiting to be sent to one connection before it is disconnected.
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
    /// How often idle connections are looked for.
    public var sweepMilliseconds = 1000
    /// Sustained requests per second per connection.
    public var requestsPerSecond = 200
    /// Requests a connection may send in a burst.
    public var requestBurst = 400
    /// Refused requests in a row after which a connection is closed.
    public var maximumRefusalsInARow = 100
    /// Refused join codes per remote address per minute before `ERR flood`.
    public var joinCodeFailuresPerMinute = 5
    /// Refused join codes after which the connection is closed.
    public var maximumJoinCodeFailures = 20
    /// Entries one game may have (since its start or last restart): the undo
    /// history grows with every move, so this bounds a game's memory.
    public var maximumEntriesPerGame = 100_000
    /// The countdown before a race.
    public var countdownMilliseconds = 3000
    /// The shortest time between two `PROGRESS` lines about one racer.
    public var progressIntervalMilliseconds = 100
    /// How long a racer's `PROGRESS` may wait to share a write with its next
    /// reply; 0: written at once.
    public var progressWaitMilliseconds = 50
    /// How long a closing connection may take to deliver its last lines.
    public var closeTimeoutMilliseconds = 5000
    /// The lines of chat a room keeps to send whoever joins or watches it.
    public var chatHistoryLines = 20

    /// The limits protocol v1 documents.
    public static let standard = ServerLimits()

    /// Creates the standard limits; change fields to adjust.
    public init() {}
}
