import TileRaceProtocol

/// A connection's last finished game, kept so it can be submitted once.
struct FinishedGame: Hashable, Sendable {
    /// Its verified figures.
    var result: GameResult
    /// The daily board's date for a daily-challenge game.
    var dailyDate: String?
    /// Whether it was submitted already.
    var isSubmitted = false
}
