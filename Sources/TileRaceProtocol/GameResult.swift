/// The verified figures of a finished game, one value wherever a finished
/// game goes: the server's record of a player's last game, a leaderboard
/// entry (`ENTRY`), a board on disk, the standings. Who played it, where it
/// ranks and when it was recorded are kept beside it, not in it.
public struct GameResult: Hashable, Sendable {
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
    /// Assists used: undos plus removals.
    public var assists: Int
    /// The game's seed text.
    public var seed: String

    /// Creates a result.
    public init(
        score: Int, largestTile: Int, moves: Int, milliseconds: Int, size: Int, target: Int, assists: Int, seed: String
    ) {
        self.score = score
        self.largestTile = largestTile
        self.moves = moves
        self.milliseconds = milliseconds
        self.size = size
        self.target = target
        self.assists = assists
        self.seed = seed
    }

    /// Reads `score= max= moves= time= size= target= assists= seed=`.
    public init(fields: Fields) throws(ProtocolError) {
        let seed = try fields.string("seed")
        guard Names.isValidSeed(seed) else { throw ProtocolError(.badArguments, "seed=\(TextFilter.quoted(seed)) is not a valid seed") }
        self.init(
            score: try fields.integer("score"), largestTile: try fields.integer("max"), moves: try fields.integer("moves"),
            milliseconds: try fields.integer("time"), size: try fields.integer("size"), target: try fields.integer("target"),
            assists: try fields.integer("assists"), seed: seed)
    }

    /// Appends `score= max= moves= time= size= target= assists= seed=`, in that order.
    public func append(to fields: inout Fields) {
        fields.append("score", score)
        fields.append("max", largestTile)
        fields.append("moves", moves)
        fields.append("time", milliseconds)
        fields.append("size", size)
        fields.append("target", target)
        fields.append("assists", assists)
        fields.append("seed", seed)
    }
}
