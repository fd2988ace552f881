/// The one rule behind all four moves, on one line read from the edge tiles move toward.
/// Equal tiles that meet merge once per move, pairing from index 0. Lines hold exponents.
public enum LineSlide {
    public struct Outcome: Hashable, Sendable {
        public var line: SIMD8<UInt8>
        /// The sum of the values of the tiles made by merges.
        public var points: Int
        /// The largest exponent made by a merge, 0 when nothing merged.
        public var largestMergedExponent: UInt8
    }

    /// Slides the first `count` exponents of `line` toward index 0.
    public static func slide(exponents line: SIMD8<UInt8>, count: Int) -> Outcome {
        var result = SIMD8<UInt8>()
        var filled = 0
        var lastCanMerge = false
        var points = 0
        var largest: UInt8 = 0
        for index in 0..<count {
            let exponent = line[index]
            if exponent == 0 { continue }
            if lastCanMerge, result[filled - 1] == exponent {
                let merged = exponent &+ 1
                result[filled - 1] = merged
                points &+= 1 &<< Int(merged)
                largest = max(largest, merged)
                lastCanMerge = false
            } else {
                result[filled] = exponent
                filled += 1
                lastCanMerge = true
            }
        }
        return Outcome(line: result, points: points, largestMergedExponent: largest)
    }

    /// For tests and tools.
    /// - Precondition: at most 8 values, each 0 or a power of two from 2.
    public static func slide(values: [Int]) -> (line: [Int], points: Int) {
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
