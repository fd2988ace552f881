import TileRaceProtocol

/// A connection's last finished game, kept so it can be submitted once.
struct FinishedGame: Hashable, Sendable {
    var result: GameResult
    /// Replaying it from the seed gives `result`.
    var log: String = ""
    var dailyDate: String?
    var sprintTime: Int?
    /// The same for every attempt, so a resend after a lost answer finds its
    /// own claim.
    var claimToken: String?
    var isSubmitted = false
    /// Whether it was a ghost race: its seed was known, so `SUBMIT` refuses it.
    var isGhost = false
}
