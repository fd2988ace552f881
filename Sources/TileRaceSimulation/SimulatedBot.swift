import TileRaceBotClient
import TileRaceClient
import TileRaceProtocol

/// The real `BotPlayer` over a `ClientConversation`, moving at random (the search is not
/// under test). Owned by its simulation (one thread).
final class SimulatedBot {
    let index: Int
    /// The player that started it, and that player's number for it.
    let owner: Int
    let ownerBotID: Int
    var player: BotPlayer
    var connection: Int?
    var conversation: ClientConversation?
    var wakeAt: Int?
    var hasEnded = false
    /// When it last sent a `MOVE`.
    var movedAt: Int?

    init(index: Int, owner: Int, ownerBotID: Int, player: BotPlayer) {
        self.index = index
        self.owner = owner
        self.ownerBotID = ownerBotID
        self.player = player
    }

    var name: String { Party.bot(index).description }
}
