/// Closes a descriptor only once every source on it is cancelled (earlier, the kernel could
/// reuse the number under a live source). Touched only on the owner's serial queue.
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

    /// Then `closed` is not called. Call before cancelling.
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
