/// A finished game's verified figures, as the server submits them.
public struct SubmittedGame: Hashable, Sendable {
    /// Score.
    public var score: Int
    /// Largest tile.
    public var largestTile: Int
    /// Valid moves, net of undos.
    public var moves: Int
    /// Official time in milliseconds.
    public var milliseconds: Int
    /// Board size.
    public var size: Int
    /// Target tile.
    public var target: Int
    /// Undos plus removals.
    public var assists: Int
    /// The seed text.
    public var seed: String
    /// The UTC date of the submission.
    public var date: String
    /// For a daily-challenge game, the date whose daily board it goes to.
    public var dailyDate: String?

    /// Creates a submitted game.
    public init(
        score: Int, largestTile: Int, moves: Int, milliseconds: Int, size: Int, target: Int, assists: Int,
        seed: String, date: String, dailyDate: String? = nil
    ) {
        self.score = score
        self.largestTile = largestTile
        self.moves = moves
        self.milliseconds = milliseconds
        self.size = size
        self.target = target
        self.assists = assists
        self.seed = seed
        self.date = date
        self.dailyDate = dailyDate
    }

    /// The entry this game makes on a board.
    func entry(sequence: Int, nick: String) -> BoardEntry {
        BoardEntry(sequence: sequence, nick: nick, game: self)
    }
}
