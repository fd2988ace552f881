import Dispatch

/// Debug builds only on per-request paths, where the check cost about 4% of a release
/// move's instructions.
@inline(__always)
package func assertOnQueue(_ queue: DispatchQueue) {
    #if DEBUG
        dispatchPrecondition(condition: .onQueue(queue))
    #endif
}
