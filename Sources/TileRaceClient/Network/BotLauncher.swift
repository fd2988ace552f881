/// What the client needs to put bots in a room: the command line supplies
/// it (bots from `TileRaceBotClient`), as it supplies the hosted server, so
/// the client carries no bot runtime of its own. Each bot is an ordinary
/// player on its own connection to the same server.
///
/// It starts a bot for the request; `ended` is called once, on any queue, when
/// the bot stops by itself (why, in one line), not when the handle stops it.
public typealias BotLauncher = @Sendable (_ request: BotRequest, _ ended: @escaping @Sendable (String) -> Void) -> BotHandle

/// Stops a bot started by a `BotLauncher` (it leaves the room and says goodbye).
public typealias BotHandle = @Sendable () -> Void
