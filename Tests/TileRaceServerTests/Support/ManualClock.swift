import Foundation
import TileRaceServer

/// A clock that moves only when a test says so.
final class ManualClock: ServerClock, @unchecked Sendable {
    private let lock = NSLock()
    private var monotonic: Int
    private var wall: Int

    /// Starts at `wall` milliseconds since 1970 (default 2026-11-22 10:00 UTC).
    init(wall: Int = 1_795_341_600_000) {
        self.monotonic = 1_000_000
        self.wall = wall
    }

    var monotonicMilliseconds: Int { lock.withLock { monotonic } }
    var wallMilliseconds: Int { lock.withLock { wall } }

    func advance(_ milliseconds: Int) {
        lock.withLock {
            monotonic += milliseconds
            wall += milliseconds
        }
    }
}
