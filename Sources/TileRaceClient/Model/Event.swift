import TileRaceEngine
import TileRaceProtocol

/// Something that happened, fed to `update`: a key, time passing, a resize,
/// news from the server, or the outcome of an effect.
enum Event: Sendable {
    case key(Key)
    /// Time passed: `now` is monotonic milliseconds (only differences matter).
    case tick(Int)
    case resize(TerminalSize)
    /// The UTC date changed (`YYYY-MM-DD`), e.g. at midnight while playing.
    case dateChanged(String)
    /// The server connection moved on: connected, a reply, an event, lost.
    case server(ServerUpdate)
    /// The settings were saved; `backup` names where a broken old file was moved.
    case configSaved(backup: String?)
    /// The settings could not be saved.
    case configSaveFailed(String)
    case statisticsSaveFailed(String)
    /// How many clients the server hosted in this process has connected,
    /// ourselves included; sent by the runtime now and then while hosting.
    case hostedClientCount(Int)
    /// A bot this client started stopped by itself (it could not connect,
    /// its room refused it, the server went away): why, in one line.
    case botEnded(id: Int, reason: String)
    /// The strongest bot's move on `board` (nil: none is left), found off the loop's queue.
    case hintFound(board: Board, direction: Direction?)
    /// The program goes on after Ctrl-Z stopped it (`fg`, SIGCONT).
    case continued
    /// The program was asked to end from outside (SIGTERM, SIGHUP, SIGINT) or
    /// the terminal went away: quit as the player would.
    case terminate
}

extension Event {
    var isKey: Bool {
        if case .key = self { return true }
        return false
    }
}
