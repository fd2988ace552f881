/// Counts a connection's refused join codes: a few per minute are checked,
/// more are refused unchecked (`ERR flood`), and too many close the connection.
package struct JoinCodeGuard: Hashable, Sendable {
    /// Failures checked per minute.
    let perMinute: Int
    /// Failures (checked or not) after which the connection is closed.
    let maximum: Int
    private var recent: [Int] = []
    /// Every refused attempt so far.
    private(set) var total = 0

    init(perMinute: Int, maximum: Int) {
        self.perMinute = perMinute
        self.maximum = maximum
    }

    /// Whether an attempt at `now` may be checked; if not, it counts as refused.
    mutating func mayCheck(now: Int) -> Bool {
        recent.removeAll { now - $0 >= 60_000 }
        guard recent.count < perMinute else {
            total += 1
            return false
        }
        return true
    }

    /// Counts an attempt toward the total only (its rate is counted elsewhere).
    mutating func recordUncheckedAttempt() {
        total += 1
    }

    /// Records a refused attempt.
    mutating func recordFailure(now: Int) {
        recent.append(now)
        total += 1
    }

    /// Milliseconds until another attempt may be checked.
    func wait(now: Int) -> Int {
        guard recent.count >= perMinute, let oldest = recent.first else { return 0 }
        return max(0, 60_000 - (now - oldest))
    }

    /// Whether nothing of it matters any more: no refusal in the last minute
    /// (for a per-address guard, which has no lifetime total to keep).
    func isForgettable(now: Int) -> Bool {
        recent.allSatisfy { now - $0 >= 60_000 }
    }

    /// Whether the connection has used up its attempts.
    var isExhausted: Bool { total >= maximum }
}
