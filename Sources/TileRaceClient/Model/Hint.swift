import TileRaceEngine

/// The strongest bot's move (practice only).
struct Hint: Hashable, Sendable {
    /// Once the board changes, the hint is stale.
    var board: Board
    /// Nil when no move is left.
    var direction: Direction?
}
