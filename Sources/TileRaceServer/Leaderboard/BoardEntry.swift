import TileRaceProtocol

/// One recorded result on a board: a verified game under a nickname, with the
/// sequence number that orders equal scores (the earlier recorded ranks higher).
/// The game's figures read straight through it (`entry.score`).
@dynamicMemberLookup
public struct BoardEntry: Hashable, Sendable {
    /// When it was recorded, among all records of the leaderboard (from 1).
    public var sequence: Int
    /// The nickname, as its owner first gave it.
    public var nick: String
    /// The verified figures (`dailyDate` is not kept on a board).
    public var game: SubmittedGame

    /// Creates an entry.
    public init(sequence: Int, nick: String, game: SubmittedGame) {
        self.sequence = sequence
        self.nick = nick
        self.game = game
        self.game.dailyDate = nil
    }

    /// The game's figures: `score`, `largestTile`, `moves`, `milliseconds`, ...
    public subscript<Value>(dynamicMember keyPath: KeyPath<SubmittedGame, Value>) -> Value {
        game[keyPath: keyPath]
    }

    /// Whether this entry ranks above `other`: higher score, or the same score
    /// recorded earlier.
    public func ranks(above other: BoardEntry) -> Bool {
        game.score != other.game.score ? game.score > other.game.score : sequence < other.sequence
    }

    /// The entry as a `TOP` item with its rank.
    public func protocolEntry(rank: Int) -> LeaderboardEntry {
        LeaderboardEntry(
            rank: rank, nick: nick, score: game.score, largestTile: game.largestTile, moves: game.moves,
            milliseconds: game.milliseconds, size: game.size, target: game.target, assists: game.assists,
            seed: game.seed, date: game.date)
    }
}
