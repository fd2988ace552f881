/// `rate` tokens per second, holding at most `burst`.
struct TokenBucket: Hashable, Sendable {
    let rate: Int
    let burst: Int
    private var thousandths: Int
    private var updatedAt: Int

    init(rate: Int, burst: Int, now: Int) {
        self.rate = rate
        self.burst = burst
        self.thousandths = burst * 1000
        self.updatedAt = now
    }

    mutating func take(now: Int, cost: Int = 1) -> Bool {
        if now > updatedAt {
            thousandths = min(burst * 1000, thousandths + (now - updatedAt) * rate)
            updatedAt = now
        }
        guard thousandths >= cost * 1000 else { return false }
        thousandths -= cost * 1000
        return true
    }

    /// Charges work already done, going into debt (down to one burst): later
    /// requests wait until it is paid back.
    mutating func charge(now: Int, cost: Int) {
        _ = take(now: now, cost: 0)
        thousandths = max(-burst * 1000, thousandths - cost * 1000)
    }
}
