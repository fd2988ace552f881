import TileRaceEngine

/// The move the strongest bot would play on a board (practice only).
struct Hint: Hashable, Sendable {
    /// The board it was found for: once the board changes, it is stale.
    var board: Board
    /// The move, nil when no move is left.
    var direction: Direction?
}
