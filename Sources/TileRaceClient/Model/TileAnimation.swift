import TileRaceEngine

/// The slide and merge animation of one move: where each tile goes, and the
/// tile that appears at the end. Purely visual: the game has already moved.
struct TileAnimation: Hashable, Sendable {
    static let durationMilliseconds = 150
    /// The share of the animation spent sliding; the rest pops merged and new tiles.
    static let slideShare = 0.7

    /// Where each tile goes.
    var motions: [TileMotion]
    /// The tile that appears after the move.
    var spawn: Spawn?
    /// When it started (monotonic milliseconds).
    var startedAt: Int

    /// How far along it is at `now`, from 0 to 1.
    func progress(at now: Int) -> Double {
        min(1, max(0, Double(now - startedAt) / Double(TileAnimation.durationMilliseconds)))
    }

    /// Whether it has finished at `now`.
    func isFinished(at now: Int) -> Bool {
        now - startedAt >= TileAnimation.durationMilliseconds
    }
}
