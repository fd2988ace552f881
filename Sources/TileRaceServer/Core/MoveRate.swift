/// Moves per second over the last minute: sixty one-second buckets,
/// reused as their second comes round.
struct MoveRate: Hashable, Sendable {
    static let window = 60

    private var counts = [Int](repeating: 0, count: MoveRate.window)
    private var seconds = [Int](repeating: Int.min, count: MoveRate.window)

    mutating func add(_ count: Int, atSecond second: Int) {
        let index = Self.index(of: second)
        if seconds[index] != second {
            seconds[index] = second
            counts[index] = 0
        }
        counts[index] += count
    }

    /// The moves of the last `window` seconds up to `now` (that second included).
    func total(atSecond now: Int) -> Int {
        var total = 0
        for index in counts.indices where seconds[index] <= now && seconds[index] > now - Self.window {
            total += counts[index]
        }
        return total
    }

    private static func index(of second: Int) -> Int {
        ((second % window) + window) % window
    }
}
