import Dispatch

/// The one place the monotonic clock (which never jumps with the wall
/// clock) is read in milliseconds, for server, client and bots alike.
package enum MonotonicClock {
    /// Since an arbitrary start: only differences mean anything.
    package static func milliseconds() -> Int {
        Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }
}
