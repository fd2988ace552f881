import Testing

@testable import TileRaceEngine

/// The one line rule, by an in / out / points table worked out by hand.
struct LineSlideTests {
    struct Case: Sendable, CustomStringConvertible {
        var input: [Int]
        var output: [Int]
        var points: Int
        var description: String { "\(input) -> \(output)" }
    }

    /// Lines slide toward index 0 (the edge the tiles move toward).
    static let cases: [Case] = [
        // The issue's own examples (left; "right" is the reversed line).
        Case(input: [2, 2, 2, 0], output: [4, 2, 0, 0], points: 4),
        Case(input: [0, 2, 2, 2], output: [4, 2, 0, 0], points: 4),  // [2,2,2,0] right -> [0,0,2,4], read from the right
        Case(input: [2, 2, 2, 2], output: [4, 4, 0, 0], points: 8),
        // Nothing to do.
        Case(input: [0, 0, 0, 0], output: [0, 0, 0, 0], points: 0),
        Case(input: [2, 4, 8, 16], output: [2, 4, 8, 16], points: 0),
        // Sliding over gaps.
        Case(input: [0, 0, 0, 2], output: [2, 0, 0, 0], points: 0),
        Case(input: [0, 2, 0, 4], output: [2, 4, 0, 0], points: 0),
        // Equal tiles meet across gaps.
        Case(input: [2, 0, 0, 2], output: [4, 0, 0, 0], points: 4),
        // A merged tile does not merge again: 4 then 2+2 does not make 8.
        Case(input: [4, 2, 2, 0], output: [4, 4, 0, 0], points: 4),
        Case(input: [2, 2, 4, 0], output: [4, 4, 0, 0], points: 4),
        Case(input: [4, 4, 8, 0], output: [8, 8, 0, 0], points: 8),
        Case(input: [8, 4, 4, 0], output: [8, 8, 0, 0], points: 8),
        // Pairs form from the edge: 2,2,2 makes 4,2.
        Case(input: [4, 4, 4, 4], output: [8, 8, 0, 0], points: 16),
        Case(input: [2, 2, 4, 4], output: [4, 8, 0, 0], points: 12),
        // Longer and shorter lines (8x8 and 3x3 boards).
        Case(input: [2, 2, 2, 2, 2, 2, 2, 2], output: [4, 4, 4, 4, 0, 0, 0, 0], points: 16),
        Case(input: [0, 0, 0, 0, 0, 0, 0, 1024], output: [1024, 0, 0, 0, 0, 0, 0, 0], points: 0),
        Case(input: [1024, 1024, 512, 512, 0, 0, 2, 2], output: [2048, 1024, 4, 0, 0, 0, 0, 0], points: 2048 + 1024 + 4),
        Case(input: [2, 0, 2], output: [4, 0, 0], points: 4),
        Case(input: [2, 4, 2], output: [2, 4, 2], points: 0),
        // Big tiles.
        Case(input: [65536, 65536, 0, 0], output: [131072, 0, 0, 0], points: 131072),
    ]

    @Test(arguments: cases)
    func slidesOneLine(_ line: Case) {
        let result = LineSlide.slide(values: line.input)
        #expect(result.line == line.output)
        #expect(result.points == line.points)
    }

    @Test func reportsTheLargestMergedExponent() {
        var line = SIMD8<UInt8>()
        line[0] = 3
        line[1] = 3
        line[2] = 1
        line[3] = 1
        let outcome = LineSlide.slide(exponents: line, count: 4)
        #expect(outcome.largestMergedExponent == 4)
        #expect(LineSlide.slide(exponents: SIMD8<UInt8>(), count: 4).largestMergedExponent == 0)
    }
}

extension LineSlide {
    /// The rule on tile values.
    /// - Precondition: at most 8 values, each 0 or a power of two from 2.
    static func slide(values: [Int]) -> (line: [Int], points: Int) {
        precondition(values.count <= 8, "a line holds at most 8 tiles")
        var line = SIMD8<UInt8>()
        for (index, value) in values.enumerated() {
            precondition(value == 0 || (value >= 2 && value.nonzeroBitCount == 1), "not a tile value: \(value)")
            line[index] = value == 0 ? 0 : UInt8(value.trailingZeroBitCount)
        }
        let outcome = slide(exponents: line, count: values.count)
        let slid = (0..<values.count).map { outcome.line[$0] == 0 ? 0 : 1 << Int(outcome.line[$0]) }
        return (slid, outcome.points)
    }
}
