import Testing

@testable import TileRaceEngine

/// The generator against published reference outputs.
struct SplitMix64Tests {
    /// The first outputs for seed 1234567, as published with the reference
    /// C code (Vigna's splitmix64.c) and reproduced in many test suites.
    @Test func matchesThePublishedSequence() {
        var generator = SplitMix64(seed: 1_234_567)
        let outputs = (0..<5).map { _ in generator.next() }
        #expect(
            outputs == [
                6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
            ])
    }

    /// Seed 0: the well-known first output 0xE220A8397B1DCDAF.
    @Test func seedZero() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    /// The state only ever advances by the golden-ratio constant.
    @Test func stateAdvancesByTheConstant() {
        var generator = SplitMix64(seed: 5)
        _ = generator.next()
        _ = generator.next()
        #expect(generator.state == 5 &+ 2 &* 0x9E37_79B9_7F4A_7C15)
    }
}
