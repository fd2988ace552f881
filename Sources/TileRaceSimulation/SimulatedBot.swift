import TileRaceBotClient
import TileRaceClient
import TileRaceProtocol

/// A bot a simulated player started from its room: the real `BotPlayer`
/// over a `ClientConversation`, its moves picked at random (the search is
/// not what is under test).
///
/// Owned by its simulation (one thread).
final class SimulatedBot {
    /// Its number, from 0.
    let index: Int
    /// The player that started it, and that player's number for it.
    let owner: Int
    let ownerBotID: Int
    /// The bot.
    var player: BotPlayer
    /// Its connection (simulation number), once connected.
    var connection: Int?
    /// The conversation on it.
    var conversation: ClientConversation?
    /// When its wake-up is due.
    var wakeAt: Int?
    /// Whether it ended.
    var hasEnded = false

    init(index: Int, owner: Int, ownerBotID: Int, player: BotPlayer) {
        self.index = index
        self.owner = owner
        self.ownerBotID = ownerBotID
        self.player = player
    }

    /// The party's name in traces.
    var name: String { Party.bot(index).description }
}
