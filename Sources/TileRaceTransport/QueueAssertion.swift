import Dispatch

/// `dispatchPrecondition(.onQueue)` in debug builds only, for the paths run
/// per request (where the check cost about 4% of a release build's
/// instructions per move); the rarer paths keep `dispatchPrecondition`.
@inline(__always)
package func assertOnQueue(_ queue: DispatchQueue) {
    #if DEBUG
        dispatchPrecondition(condition: .onQueue(queue))
    #endif
}
