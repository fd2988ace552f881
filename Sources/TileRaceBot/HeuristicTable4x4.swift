import TileRaceEngine

/// `Heuristic.lineValue` for each of the 65,536 lines of a packed 4x4 board
/// (four 4-bit exponents, the first in the low nibble), so that a packed
/// board's value is eight look-ups.
///
/// Built once per process and never written again: an immutable constant,
/// which is why the type may be `@unchecked Sendable` although it holds a pointer.
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

    /// The value of a packed board: rows from the top, then columns from the
    /// left, in the order `Heuristic.boardValue` adds them (same result).
    @inline(__always)
    func boardValue(_ bits: UInt64) -> Double {
        let columns = PackedBoard4x4.transposed(bits)
        var total = 0.0
        total += lineValue(bits)
        total += lineValue(bits >> 16)
        total += lineValue(bits >> 32)
        total += lineValue(bits >> 48)
        total += lineValue(columns)
        total += lineValue(columns >> 16)
        total += lineValue(columns >> 32)
        total += lineValue(columns >> 48)
        return total
    }
}
