import TileRaceProtocol

/// A connection's last finished game, kept so it can be submitted once.
struct FinishedGame: Hashable, Sendable {
    var result: GameResult
    /// The log as the server applied it (since the start or last restart),
    /// in timed record notation: replaying it from the seed gives `result`.
    var log: String = ""
    /// The daily board's date for a daily-challenge game.
    var dailyDate: String?
    /// The sprint time when the game is a sprint (protocol.md section 10.2).
    var sprintTime: Int?
    /// The same for every attempt, so a resend after a lost answer finds its
    /// own claim.
    var claimToken: String?
    var isSubmitted = false
    /// Whether it was a ghost race: its seed was known, so `SUBMIT` refuses it.
    var isGhost = false
}
