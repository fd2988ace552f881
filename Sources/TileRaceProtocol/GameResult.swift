/// The verified figures of a finished game. Who played it, its rank and when
/// it was recorded are kept beside it, not in it.
public struct GameResult: FieldsRepresentable {
    public var score: Int
    public var largestTile: Int
    /// Valid moves, net of undos.
    public var moves: Int
    /// Official time in milliseconds.
    public var milliseconds: Int
    public var size: Int
    public var target: Int
    /// Assists used: undos plus removals.
    public var assists: Int
    public var seed: String

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

    public static let blank = GameResult(score: 0, largestTile: 0, moves: 0, milliseconds: 0, size: 0, target: 0, assists: 0, seed: "")
    public static let fieldTable: [Field<GameResult>] = [
        .integer("score", \.score), .integer("max", \.largestTile), .integer("moves", \.moves), .integer("time", \.milliseconds),
        .integer("size", \.size), .integer("target", \.target), .integer("assists", \.assists), .seed("seed", \.seed),
    ]
}
