/// `rate` tokens per second, holding at most `burst`, except while the
/// server holds the client's lines back.
struct TokenBucket: Hashable, Sendable {
    let rate: Int
    let burst: Int
    private var thousandths: Int
    private var updatedAt: Int
    /// The server reads nothing of the client: what it sends meanwhile within
    /// the rate arrives all at once, so the time refills past `burst`. The
    /// rate still holds over any span.
    private var isHeld = false

    init(rate: Int, burst: Int, now: Int) {
        self.rate = rate
        self.burst = burst
        self.thousandths = burst * 1000
        self.updatedAt = now
    }

    mutating func take(now: Int, cost: Int = 1) -> Bool {
        refill(now: now)
        guard thousandths >= cost * 1000 else { return false }
        thousandths -= cost * 1000
        return true
    }

    /// Charges work already done, going into debt (down to one burst): later
    /// requests wait until it is paid back.
    mutating func charge(now: Int, cost: Int) {
        refill(now: now)
        thousandths = max(-burst * 1000, thousandths - cost * 1000)
    }

    mutating func hold(_ held: Bool, now: Int) {
        refill(now: now)
        isHeld = held
    }

    private mutating func refill(now: Int) {
        guard now > updatedAt else { return }
        let gained = thousandths + (now - updatedAt) * rate
        // What was gained while held is kept until taken.
        thousandths = isHeld ? gained : min(max(thousandths, burst * 1000), gained)
        updatedAt = now
    }
}
