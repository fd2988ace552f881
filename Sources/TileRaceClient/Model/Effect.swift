import TileRaceEngine
import TileRaceProtocol

enum Effect: Hashable, Sendable {
    /// After the server closes the connection in answer to `QUIT`, or a moment has passed.
    case quit
    /// The reply comes as `.server(.reply)`; `.server(.notSent)` when there is no connection.
    case send(ClientMessage)
    /// To `Model.network.endpoint`, closing any current one.
    case connect
    /// The player chose to play offline.
    case disconnect
    case saveConfig
    case saveStatistics
    /// As Ctrl-Z would: the terminal is restored, then taken back on resume.
    case suspend
    /// Ctrl-L, e.g. after another program wrote on the screen.
    case redraw
    case bell
    /// `Event.botEnded` if it stops by itself.
    case startBot(BotRequest)
    /// It leaves its room.
    case stopBot(id: Int)
    /// Off the loop's queue (`Event.hintFound`).
    case findHint(Board)
    /// As an asciicast file (`Asciicast`), in the current directory.
    case saveRecording(RecordToWatch)
}

extension Effect {
    var isMove: Bool { if case .send(.move) = self { true } else { false } }

    /// While resuming it is dropped: the server hears the clock's state once back (`Update.holdAgainAfterResume`).
    var isClockHint: Bool { self == .send(.pause) || self == .send(.resume) }

    /// Anything but entries (resent after a resume) and `HELLO`, `PING`, `PONG`.
    var needsServerNow: Bool {
        guard case .send(let message) = self else { return false }
        switch message {
        case .move, .hello, .ping, .pong: return false
        default: return true
        }
    }
}
