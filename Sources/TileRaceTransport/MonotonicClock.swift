import Dispatch

/// The process's monotonic clock, which never jumps with the wall clock:
/// the one place it is read in milliseconds, by the server's `SystemClock`,
/// the client's loop, bots, connections and store health alike.
package enum MonotonicClock {
    /// Milliseconds since an arbitrary start (the machine's boot, as
    /// `DispatchTime` counts it); only differences mean anything.
    package static func milliseconds() -> Int {
        Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }
}
