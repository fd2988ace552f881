/// A connection's last finished game, kept so it can be submitted once.
struct FinishedGame: Hashable, Sendable {
    var score: Int
    var largestTile: Int
    var moves: Int
    var milliseconds: Int
    var size: Int
    var target: Int
    var assists: Int
    var seed: String
    /// The daily board's date for a daily-challenge game.
    var dailyDate: String?
    /// Whether it was submitted already.
    var isSubmitted = false

    /// The figures the leaderboard records, submitted on `date`.
    func submission(date: String) -> SubmittedGame {
        SubmittedGame(
            score: score, largestTile: largestTile, moves: moves, milliseconds: milliseconds, size: size,
            target: target, assists: assists, seed: seed, date: date, dailyDate: dailyDate)
    }
}
