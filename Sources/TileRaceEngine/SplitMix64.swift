/// SplitMix64 of "seeded 2048 v1": one `UInt64` of state, so undo can restore it.
/// The arithmetic is fixed by the rules and must never change: other clients implement it.
public struct SplitMix64: Hashable, Sendable {
    /// The generator's state; the seed before the first draw.
    public var state: UInt64

    /// Creates a generator whose state is the seed.
    public init(seed: UInt64) {
        state = seed
    }

    /// Advances the state and returns the next 64-bit output.
    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
