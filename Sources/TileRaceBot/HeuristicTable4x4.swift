import TileRaceEngine

/// `Heuristic.lineValue` for all 65,536 packed lines, so a board's value is eight look-ups.
/// Built once, never written: hence `@unchecked Sendable` despite the pointer.
struct HeuristicTable4x4: @unchecked Sendable {
    static let shared = HeuristicTable4x4()

    private let values: UnsafePointer<Double>

    private init() {
        let values = UnsafeMutablePointer<Double>.allocate(capacity: 1 << 16)
        for line in 0..<(1 << 16) {
            var exponents = SIMD8<UInt8>()
            for index in 0..<4 { exponents[index] = UInt8((line >> (4 * index)) & 0xF) }
            values[line] = Heuristic.lineValue(exponents, count: 4)
        }
        self.values = UnsafePointer(values)
    }

    @inline(__always)
    func lineValue(_ line: UInt64) -> Double {
        values[Int(truncatingIfNeeded: line & 0xFFFF)]
    }

    /// Added in `Heuristic.boardValue`'s order, for the same result.
    @inline(__always)
    func boardValue(_ bits: UInt64) -> Double {
        let columns = PackedBoard4x4.transposed(bits)
        var total = 0.0
        for shift in stride(from: UInt64(0), to: 64, by: 16) { total += lineValue(bits >> shift) }
        for shift in stride(from: UInt64(0), to: 64, by: 16) { total += lineValue(columns >> shift) }
        return total
    }
}
