import TileRaceEngine
import TileRaceProtocol

/// What happens to a bot player: news from the server, a move chosen by the
/// search, time passing, or its owner asking it to leave.
public enum BotInput: Hashable, Sendable {
    /// The connection is up and the server greeted us with this greeting.
    case greeted(Greeting)
    /// The answer to `request`: its `OK` or its `ERR`.
    case reply(ClientMessage, Result<OkReply, ProtocolError>)
    /// An event from the server (`PING` included: the player answers it).
    case event(ServerEvent)
    /// The search chose `direction` (nil: no move) for the board of `generation`.
    case moveChosen(Direction?, generation: Int)
    /// A wake-up the player asked for (`BotAction.wake`) is due.
    case tick
    /// Leave the room and say goodbye (Ctrl-C, or the owner left).
    case stop
    /// The connection ended (or could not be made); the reason for people.
    case disconnected(String)
}
