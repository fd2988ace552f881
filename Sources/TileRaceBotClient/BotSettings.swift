import TileRaceBot

public struct BotSettings: Hashable, Sendable {
    /// A human pace: moves per second when none is given.
    public static let defaultMovesPerSecond = 4.0
    public static let minimumMovesPerSecond = 0.1
    /// Half the 200 requests a second a server allows, so a bot never hits the limit.
    public static let maximumMovesPerSecond = 100.0
    public static let movesPerSecondRange = minimumMovesPerSecond...maximumMovesPerSecond

    public var host: String
    public var port: Int
    /// The room to join (created when missing), and its join code.
    public var room: String
    public var code: String?
    /// The nickname to ask for first; a suffix is added while it is taken.
    public var nickname: String
    public var bot: Bot
    /// Moves per second, within `movesPerSecondRange`.
    public var movesPerSecond: Double
    /// `HELLO ... via=`: whom a bot started for an ssh visitor counts as (protocol.md 5.1).
    public var via: String?
    /// Instead of `room`: the arena to join (protocol.md 5.9), racing whoever it is paired with until the arena ends.
    public var arena: Int?

    /// Creates settings; the pace is clamped to `movesPerSecondRange`.
    public init(
        host: String, port: Int, room: String, code: String? = nil, nickname: String, bot: Bot,
        movesPerSecond: Double = BotSettings.defaultMovesPerSecond, via: String? = nil, arena: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.room = room
        self.code = code
        self.nickname = nickname
        self.bot = bot
        self.via = via
        self.arena = arena
        self.movesPerSecond = min(BotSettings.maximumMovesPerSecond, max(BotSettings.minimumMovesPerSecond, movesPerSecond))
    }

    public var moveIntervalMilliseconds: Int {
        Int((1000 / movesPerSecond).rounded())
    }
}
