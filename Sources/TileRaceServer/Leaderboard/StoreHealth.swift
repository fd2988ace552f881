/// Whether a shared store answers, as a value (times in steady-clock ms).
/// A failed request takes it down: requests are refused at once and one
/// probe at a time checks, with exponential backoff over `backoffRange`.
/// Any answer brings it up.
struct StoreHealth: Hashable, Sendable {
    enum State: Hashable, Sendable {
        case up
        /// Requests are refused. The next probe is due at `probeAt`, or under way
        /// when `probe` is set; the one after waits `wait` ms.
        case down(probeAt: Int, wait: Int, probe: Int?)
    }

    /// A change the log tells of, once each.
    enum Transition: Hashable, Sendable {
        case wentDown
        case cameBack
    }

    /// The shortest and the longest wait before a probe.
    static let backoffRange = 250...4000

    /// Up when the store has just opened.
    private(set) var state = State.up
    /// The number of the last probe started.
    private var probes = 0

    var isUp: Bool { state == .up }

    /// When the next probe is due: while down with none under way.
    var nextProbe: Int? {
        guard case .down(let probeAt, _, nil) = state else { return nil }
        return probeAt
    }

    /// A request failed at `now`: down, unless it is already (then its probe decides).
    mutating func requestFailed(at now: Int) -> Transition? {
        guard state == .up else { return nil }
        let first = Self.backoffRange.lowerBound
        state = .down(probeAt: now + first, wait: min(first * 2, Self.backoffRange.upperBound), probe: nil)
        return .wentDown
    }

    /// The store answered a request or a probe: up.
    mutating func answered() -> Transition? {
        guard state != .up else { return nil }
        state = .up
        return .cameBack
    }

    /// Starts a probe when one is due at `now` and none is under way;
    /// returns its number (for `probeFailed`), or nil when none goes now.
    mutating func startProbe(at now: Int) -> Int? {
        guard case .down(let probeAt, let wait, nil) = state, now >= probeAt else { return nil }
        probes += 1
        state = .down(probeAt: probeAt, wait: wait, probe: probes)
        return probes
    }

    /// A stale probe (the store answered meanwhile) counts as a failed request.
    mutating func probeFailed(_ number: Int, at now: Int) -> Transition? {
        switch state {
        case .up:
            return requestFailed(at: now)
        case .down(_, let wait, number?):
            state = .down(probeAt: now + wait, wait: min(wait * 2, Self.backoffRange.upperBound), probe: nil)
            return nil
        case .down:
            return nil
        }
    }
}
