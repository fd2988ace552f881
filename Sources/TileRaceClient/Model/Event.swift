import TileRaceEngine
import TileRaceProtocol

/// A key, time, a resize, news from the server, or an effect's outcome.
enum Event: Sendable {
    case key(Key)
    /// Monotonic milliseconds (only differences matter).
    case tick(Int)
    case resize(TerminalSize)
    /// `YYYY-MM-DD`, e.g. at midnight while playing.
    case dateChanged(String)
    case server(ServerUpdate)
    /// `backup` names where a broken old file was moved.
    case configSaved(backup: String?)
    case configSaveFailed(String)
    case statisticsSaveFailed(String)
    /// The file's name.
    case recordingSaved(String)
    case recordingSaveFailed(String)
    /// Ourselves included; sent now and then while hosting.
    case hostedClientCount(Int)
    /// It could not connect, its room refused it, or the server went away.
    case botEnded(id: Int, reason: String)
    /// Nil direction: no move is left.
    case hintFound(board: Board, direction: Direction?)
    /// `fg`, SIGCONT.
    case continued
    /// SIGTERM, SIGHUP, SIGINT or the terminal gone: quit as the player would.
    case terminate
}
