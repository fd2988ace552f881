import TileRaceEngine
import TileRaceProtocol

/// Something `update` asks the runtime to do.
enum Effect: Hashable, Sendable {
    /// Leave the program: after the `QUIT` sent just before it (if any) is
    /// answered by the server closing the connection, or a moment has passed.
    case quit
    /// Send a request to the server; the runtime answers `.server(.notSent)`
    /// when there is no connection, and the reply comes as `.server(.reply)`.
    case send(ClientMessage)
    /// Open a connection to `Model.network.endpoint` (closing any current one).
    case connect
    /// Close the connection (the player chose to play offline).
    case disconnect
    /// Save `Model.config` to the config directory.
    case saveConfig
    case saveStatistics
    /// Stop the program as Ctrl-Z would (the terminal is restored, then taken back on resume).
    case suspend
    /// Draw the whole screen again (Ctrl-L), e.g. after another program wrote on it.
    case redraw
    case bell
    /// Start a bot that joins a room like any player (`Event.botEnded` if it stops by itself).
    case startBot(BotRequest)
    /// Stop a bot this client started: it leaves its room.
    case stopBot(id: Int)
    /// Find the strongest bot's move on `board`, off the loop's queue (`Event.hintFound`).
    case findHint(Board)
}

extension Effect {
    /// Whether it sends a game's entries.
    var isMove: Bool {
        if case .send(.move) = self { return true }
        return false
    }

    /// Whether it stops or restarts a practice game's clock on the server:
    /// while a dropped connection is taken back, it waits for nothing (the
    /// server hears the clock's state once back, `Update.holdAgainAfterResume`).
    var isClockHint: Bool {
        self == .send(.pause) || self == .send(.resume)
    }

    /// Whether it sends a request that only makes sense on a live connection:
    /// anything but the game's entries (sent again after a resume) and the
    /// connection's own `HELLO`, `PING` and `PONG`.
    var needsServerNow: Bool {
        guard case .send(let message) = self else { return false }
        switch message {
        case .move, .hello, .ping, .pong: return false
        default: return true
        }
    }
}
