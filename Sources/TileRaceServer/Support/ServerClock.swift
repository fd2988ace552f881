import Dispatch
import Foundation
import TileRaceTransport

/// Where the server reads the time. Passed in, so tests can drive it.
public protocol ServerClock: Sendable {
    /// Milliseconds on a monotonic clock: for durations, deadlines and timers.
    var monotonicMilliseconds: Int { get }
    /// Milliseconds since 1970-01-01 UTC: for dates and log timestamps.
    var wallMilliseconds: Int { get }
}

public struct SystemClock: ServerClock {
    public init() {}

    /// Milliseconds since boot (`MonotonicClock`), never going back.
    public var monotonicMilliseconds: Int {
        MonotonicClock.milliseconds()
    }

    /// Milliseconds since 1970 from the system's calendar clock.
    public var wallMilliseconds: Int {
        Int((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
