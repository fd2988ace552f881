import TileRaceEngine
import TileRaceServer

/// A server's random numbers in a simulation: SplitMix64 from a seed the run drew.
///
/// Owned by the simulation's thread (the core calls it from there):
/// `@unchecked Sendable` because `RandomSource` must be.
final class SeededRandom: @unchecked Sendable {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The source a server core takes.
    var source: RandomSource {
        RandomSource { self.generator.next() }
    }
}
