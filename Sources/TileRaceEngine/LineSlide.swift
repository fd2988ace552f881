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
}
