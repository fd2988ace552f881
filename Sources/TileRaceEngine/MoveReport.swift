/// What a valid move did.
public struct MoveReport: Hashable, Sendable {
    public var points: Int
    /// The tile that appeared, nil only if the board was full (never after a valid move).
    public var spawn: Spawn?
    /// Whether this move made the first tile of at least the target.
    public var reachedTarget: Bool
}
