import Dispatch

/// Checks that the caller runs on `queue`, in debug builds only (`swift
/// test`, the Thread Sanitizer run): the per-request paths of the server
/// (a read, a line's turn, its reply queued and flushed) check with this,
/// as `assert` does, where `dispatchPrecondition`'s check, done in every
/// build, cost about 4% of a release build's instructions per move. The
/// paths that run once per connection or less keep `dispatchPrecondition`.
@inline(__always)
package func assertOnQueue(_ queue: DispatchQueue) {
    #if DEBUG
        dispatchPrecondition(condition: .onQueue(queue))
    #endif
}
