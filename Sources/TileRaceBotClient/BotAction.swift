import TileRaceEngine
import TileRaceProtocol

/// What a bot player asks its runtime to do.
public enum BotAction: Hashable, Sendable {
    /// Send a line to the server.
    case send(ClientMessage)
    /// Find the bot's move on `board` (off the network queue) and answer
    /// `BotInput.moveChosen` with `generation`.
    case chooseMove(Board, generation: Int)
    /// Call back with `BotInput.tick` at `at` (monotonic milliseconds),
    /// replacing any earlier wake-up.
    case wake(at: Int)
    /// Tell the owner what happened.
    case report(BotReport)
    /// Close the connection: the bot is done, for this reason.
    case close(BotEnding)
}
