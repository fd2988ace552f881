/// What the client needs to put bots in a room: the command line supplies
/// it (bots from `TileRaceBotClient`), as it supplies the hosted server, so
/// the client carries no bot runtime of its own. Each bot is an ordinary
/// player on its own connection to the same server.
public struct BotLauncher: Sendable {
    /// Starts a bot for `request`. `ended` is called once, on any queue, when
    /// the bot stops by itself (why, in one line), not when `stop` stops it.
    public var start: @Sendable (_ request: BotRequest, _ ended: @escaping @Sendable (String) -> Void) -> BotHandle

    public init(start: @escaping @Sendable (_ request: BotRequest, _ ended: @escaping @Sendable (String) -> Void) -> BotHandle) {
        self.start = start
    }
}

/// Stops a bot started by a `BotLauncher` (it leaves the room and says goodbye).
public typealias BotHandle = @Sendable () -> Void
