import TileRaceBot

/// What one bot player is told: where to play, under which nickname, how
/// well and how fast.
public struct BotSettings: Hashable, Sendable {
    /// A human pace: moves per second when none is given.
    public static let defaultMovesPerSecond = 4.0
    /// The slowest pace.
    public static let minimumMovesPerSecond = 0.1
    /// The fastest pace: half the request rate a server allows a connection
    /// (200 a second, protocol.md section 4), so a bot never runs into it,
    /// whatever else it sends.
    public static let maximumMovesPerSecond = 100.0
    /// The pace a bot may play at.
    public static let movesPerSecondRange = minimumMovesPerSecond...maximumMovesPerSecond

    /// The server's host name or address.
    public var host: String
    /// The server's TCP port.
    public var port: Int
    /// The room to join (created when missing).
    public var room: String
    /// The room's join code: sent with `JOIN`, and given to `CREATE`.
    public var code: String?
    /// The nickname to ask for first; a suffix is added while it is taken.
    public var nickname: String
    /// The player behind the moves.
    public var bot: Bot
    /// Moves per second, within `movesPerSecondRange`.
    public var movesPerSecond: Double

    /// Creates settings; the pace is clamped to `movesPerSecondRange`.
    public init(
        host: String, port: Int, room: String, code: String? = nil, nickname: String, bot: Bot,
        movesPerSecond: Double = BotSettings.defaultMovesPerSecond
    ) {
        self.host = host
        self.port = port
        self.room = room
        self.code = code
        self.nickname = nickname
        self.bot = bot
        self.movesPerSecond = min(BotSettings.maximumMovesPerSecond, max(BotSettings.minimumMovesPerSecond, movesPerSecond))
    }

    /// The time between two moves, in milliseconds.
    public var moveIntervalMilliseconds: Int {
        Int((1000 / movesPerSecond).rounded())
    }
}
