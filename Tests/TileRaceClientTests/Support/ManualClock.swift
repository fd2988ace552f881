import Foundation

/// A clock a test moves by hand, read from the connection's queue.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var milliseconds = 1_000_000

    /// The time now, in milliseconds.
    var now: Int { lock.withLock { milliseconds } }

    /// Moves the clock forward.
    func advance(_ delta: Int) {
        lock.withLock { milliseconds += delta }
    }
}
