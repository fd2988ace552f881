import TileRaceEngine
import TileRaceServer

/// Used only on the simulation's thread; `@unchecked Sendable` because `RandomSource` must be.
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
