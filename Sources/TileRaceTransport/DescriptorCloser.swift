/// Closes a descriptor once every dispatch source on it was cancelled
/// (closing earlier would let the kernel reuse the number under a live
/// source), or hands it to its next owner (`handOff`).
///
/// Touched only on the owner's serial queue, where the cancel handlers run.
final class DescriptorCloser: @unchecked Sendable {
    private let fd: Int32
    private var remaining: Int
    private var closed: () -> Void
    private var handoff: ((Int32) -> Void)?

    init(fd: Int32, sources: Int, closed: @escaping () -> Void = {}) {
        self.fd = fd
        self.remaining = sources
        self.closed = closed
    }

    /// Call before any source is cancelled.
    func whenClosed(_ closed: @escaping () -> Void) {
        self.closed = closed
    }

    /// The last cancelled source hands the descriptor to `next` instead of
    /// closing it (`closed` is not called). Call before cancelling.
    func handOff(to next: @escaping (Int32) -> Void) {
        handoff = next
    }

    func sourceCancelled() {
        remaining -= 1
        guard remaining == 0 else { return }
        if let handoff {
            handoff(fd)
            return
        }
        FileDescriptor.close(fd)
        closed()
    }
}
