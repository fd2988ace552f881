import Dispatch

/// The one reader of the monotonic clock, which never jumps with the wall clock.
package enum MonotonicClock {
    /// Since an arbitrary start: only differences mean anything.
    package static func milliseconds() -> Int {
        Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }
}
