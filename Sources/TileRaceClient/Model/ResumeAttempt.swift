/// Getting a dropped connection's seat back: the server holds it for a
/// while (protocol.md section 5.1.1), and the client reconnects by itself,
/// trying again after 0.25 s, 0.5 s, 1 s, 2 s, 4 s ... until the grace is spent.
struct ResumeAttempt: Hashable, Sendable {
    /// How long the server holds a seat (its default): after that, trying is pointless.
    static let graceMilliseconds = 30_000
    /// The first wait; each failed try doubles it, up to `longestWaitMilliseconds`.
    static let firstWaitMilliseconds = 250
    /// The longest wait between two tries.
    static let longestWaitMilliseconds = 4000

    /// The secret of the dropped connection (from its `OK HELLO`).
    var secret: String
    var nickname: String
    /// Tries made so far (the one under way included).
    var attempt = 0
    /// When the next try starts (client milliseconds).
    var nextTryAt: Int
    /// When the seat is surely gone (client milliseconds).
    var givesUpAt: Int
    /// Whether a try is under way (connecting or greeting).
    var isTrying = false
    /// Why the connection dropped, for the banner and the final message.
    var reason: String

    /// A resume that starts trying after the first wait.
    init(secret: String, nickname: String, reason: String, now: Int) {
        self.secret = secret
        self.nickname = nickname
        self.reason = reason
        nextTryAt = now + ResumeAttempt.firstWaitMilliseconds
        givesUpAt = now + ResumeAttempt.graceMilliseconds
    }

    mutating func start() {
        attempt += 1
        isTrying = true
    }

    /// After a failed try: the next one waits twice as long as the last
    /// (0.5 s after the first, then 1 s, 2 s, 4 s, 4 s ...).
    mutating func failed(now: Int) {
        isTrying = false
        nextTryAt = now + min(ResumeAttempt.longestWaitMilliseconds, ResumeAttempt.firstWaitMilliseconds << min(attempt, 8))
    }

    /// The banner while it tries.
    var banner: String {
        "connection lost, reconnecting (\(max(attempt, 1)))…"
    }
}
