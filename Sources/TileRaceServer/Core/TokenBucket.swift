/// A request-rate limiter: `rate` tokens per second, holding at most `burst`.
struct TokenBucket: Hashable, Sendable {
    let rate: Int
    let burst: Int
    private var thousandths: Int
    private var updatedAt: Int

    /// A full bucket at time `now` (milliseconds).
    init(rate: Int, burst: Int, now: Int) {
        self.rate = rate
        self.burst = burst
        self.thousandths = burst * 1000
        self.updatedAt = now
    }

    /// Takes one token if there is one.
    mutating func take(now: Int) -> Bool {
        if now > updatedAt {
            thousandths = min(burst * 1000, thousandths + (now - updatedAt) * rate)
            updatedAt = now
        }
        guard thousandths >= 1000 else { return false }
        thousandths -= 1000
        return true
    }
}
