import TileRaceBot
import TileRaceBotClient
import TileRaceClient

/// The bots a player adds to a room from the game: `TileRaceBotClient`
/// bots running in this process, each on its own connection to the server,
/// at a human pace. The client gets them through this launcher, so it needs
/// no bot runtime of its own.
enum ClientBots {
    /// Starts bots for the client.
    static let launcher = BotLauncher { request, ended in
        let strength = min(Bot.strengthRange.upperBound, max(Bot.strengthRange.lowerBound, request.strength))
        let bot = (try? Bot(strength: strength)) ?? .strongest
        let settings = BotSettings(
            host: request.host, port: request.port, room: request.room, code: request.code, nickname: request.nickname, bot: bot)
        let client = BotClient(
            settings: settings,
            onEnd: { ending in
                // Stopped by the client: nothing to tell it.
                if !ending.isStopped { ended(ending.message) }
            })
        client.start()
        return BotHandle { client.stop() }
    }
}
