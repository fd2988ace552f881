/// The server holds a dropped seat a while (protocol.md 5.1.1); tries back off from 0.25 s to 4 s until the grace is spent.
struct ResumeAttempt: Hashable, Sendable {
    /// The server's default hold: after that, trying is pointless.
    static let graceMilliseconds = 30_000
    /// Each failed try doubles it, up to `longestWaitMilliseconds`.
    static let firstWaitMilliseconds = 250
    static let longestWaitMilliseconds = 4000

    /// From its `OK HELLO`.
    var secret: String
    var nickname: String
    /// Including the one under way.
    var attempt = 0
    /// Client milliseconds.
    var nextTryAt: Int
    /// When the seat is surely gone (client milliseconds).
    var givesUpAt: Int
    /// Connecting or greeting.
    var isTrying = false
    /// For the banner and the final message.
    var reason: String

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

    /// The next try waits twice as long as the last, up to 4 s.
    mutating func failed(now: Int) {
        isTrying = false
        nextTryAt = now + min(ResumeAttempt.longestWaitMilliseconds, ResumeAttempt.firstWaitMilliseconds << min(attempt, 8))
    }

    var banner: String { "connection lost, reconnecting (\(max(attempt, 1)))…" }
}
