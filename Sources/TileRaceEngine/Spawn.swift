/// A tile that appeared after a move.
public struct Spawn: Hashable, Sendable {
    public var cell: Cell
    /// Its value, 2 or 4.
    public var value: Int
}
