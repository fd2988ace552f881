import TileRaceProtocol

/// One recorded result on a board, with the sequence number that orders
/// equal scores (the earlier recorded ranks higher).
public struct BoardEntry: Hashable, Sendable {
    /// When it was recorded, among all records of the leaderboard (from 1).
    public var sequence: Int
    /// The nickname, as its owner first gave it.
    public var nick: String
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
    /// The game's seed text.
    public var seed: String
    /// The UTC date of the submission.
    public var date: String

    /// Creates an entry.
    public init(
        sequence: Int, nick: String, score: Int, largestTile: Int, moves: Int, milliseconds: Int,
        size: Int, target: Int, assists: Int, seed: String, date: String
    ) {
        self.sequence = sequence
        self.nick = nick
        self.score = score
        self.largestTile = largestTile
        self.moves = moves
        self.milliseconds = milliseconds
        self.size = size
        self.target = target
        self.assists = assists
        self.seed = seed
        self.date = date
    }

    /// Whether this entry ranks above `other`: higher score, or the same score
    /// recorded earlier.
    public func ranks(above other: BoardEntry) -> Bool {
        score != other.score ? score > other.score : sequence < other.sequence
    }

    /// The entry as a `TOP` item with its rank.
    public func protocolEntry(rank: Int) -> LeaderboardEntry {
        LeaderboardEntry(
            rank: rank, nick: nick, score: score, largestTile: largestTile, moves: moves, milliseconds: milliseconds,
            size: size, target: target, assists: assists, seed: seed, date: date)
    }
}
