/// Computed from monotonic `tick` milliseconds; it never reads the system clock.
struct GameClock: Hashable, Sendable {
    private(set) var startedAt: Int?
    private(set) var pausedAt: Int?
    /// Game over; nil before.
    private(set) var stoppedAt: Int?
    /// Time spent paused, not counted.
    private(set) var pausedTotal: Int = 0

    var isRunning: Bool { startedAt != nil && stoppedAt == nil && pausedAt == nil }
    var isPaused: Bool { pausedAt != nil }
    var hasStarted: Bool { startedAt != nil }

    func elapsed(at now: Int) -> Int {
        guard let startedAt else { return 0 }
        let end = stoppedAt ?? pausedAt ?? now
        return max(0, end - startedAt - pausedTotal)
    }

    /// Unless it already has.
    mutating func start(at now: Int) {
        if startedAt == nil { startedAt = now }
    }

    mutating func pause(at now: Int) {
        if isRunning { pausedAt = now }
    }

    mutating func resume(at now: Int) {
        if let pausedAt {
            pausedTotal += max(0, now - pausedAt)
            self.pausedAt = nil
        }
    }

    /// A race's game taken back from its end (the server's copy goes on): the time since the start counts again.
    mutating func reopen() {
        stoppedAt = nil
    }

    /// For good (unless reopened).
    mutating func stop(at now: Int) {
        guard stoppedAt == nil else { return }
        resume(at: now)
        if startedAt == nil { startedAt = now }
        stoppedAt = now
    }
}
