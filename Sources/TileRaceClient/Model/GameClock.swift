/// The clock of one game, computed from times given to it (monotonic
/// milliseconds from `tick` events); it never reads the system clock.
struct GameClock: Hashable, Sendable {
    /// When the clock started, nil before.
    private(set) var startedAt: Int?
    /// When it was paused, nil while running.
    private(set) var pausedAt: Int?
    /// When it stopped for good (game over), nil before.
    private(set) var stoppedAt: Int?
    /// Seconds spent paused, not counted.
    private(set) var pausedTotal: Int = 0

    /// A clock that has not started.
    init() {}

    /// A clock started at `time`.
    init(startedAt time: Int) {
        startedAt = time
    }

    /// Whether the clock has started and not stopped.
    var isRunning: Bool { startedAt != nil && stoppedAt == nil && pausedAt == nil }
    var isPaused: Bool { pausedAt != nil }
    var hasStarted: Bool { startedAt != nil }

    /// The milliseconds counted at `now`.
    func elapsed(at now: Int) -> Int {
        guard let startedAt else { return 0 }
        let end = stoppedAt ?? pausedAt ?? now
        return max(0, end - startedAt - pausedTotal)
    }

    /// Starts the clock unless it already has.
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

    /// Stops the clock for good.
    mutating func stop(at now: Int) {
        guard stoppedAt == nil else { return }
        resume(at: now)
        if startedAt == nil { startedAt = now }
        stoppedAt = now
    }
}
