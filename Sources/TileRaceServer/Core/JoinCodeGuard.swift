/// Counts a connection's refused join codes: a few per minute are checked,
/// more are refused unchecked (`ERR flood`), and too many close the connection.
package struct JoinCodeGuard: Hashable, Sendable {
    /// Failures checked per minute.
    let perMinute: Int
    /// Failures (checked or not) after which the connection is closed.
    let maximum: Int
    private var recent: [Int] = []
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

    mutating func recordFailure(now: Int) {
        recent.append(now)
        total += 1
    }

    func wait(now: Int) -> Int {
        guard recent.count >= perMinute, let oldest = recent.first else { return 0 }
        return max(0, 60_000 - (now - oldest))
    }

    /// A per-address guard has no lifetime total, so it is dropped after a
    /// quiet minute.
    func isForgettable(now: Int) -> Bool {
        recent.allSatisfy { now - $0 >= 60_000 }
    }

    var isExhausted: Bool { total >= maximum }
}
