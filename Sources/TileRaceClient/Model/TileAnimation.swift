import TileRaceEngine

/// Purely visual: the game has already moved.
struct TileAnimation: Hashable, Sendable {
    static let durationMilliseconds = 150
    /// The rest pops merged and new tiles.
    static let slideShare = 0.7

    var motions: [TileMotion]
    var spawn: Spawn?
    /// Monotonic milliseconds.
    var startedAt: Int

    /// From 0 to 1.
    func progress(at now: Int) -> Double { min(1, max(0, Double(now - startedAt) / Double(TileAnimation.durationMilliseconds))) }

    func isFinished(at now: Int) -> Bool { now - startedAt >= TileAnimation.durationMilliseconds }
}
