/// Closes a descriptor once every dispatch source reading or writing it has
/// been cancelled (closing earlier would let the kernel reuse the number
/// under a live source), then tells its owner; or, when the descriptor is
/// handed over (`handOff`), gives it to its next owner instead of closing it.
///
/// Touched only by the sources' cancel handlers, which run on the owner's
/// serial queue, so its counter needs no lock.
final class DescriptorCloser: @unchecked Sendable {
    private let fd: Int32
    private var remaining: Int
    private var closed: () -> Void
    private var handoff: ((Int32) -> Void)?

    /// A closer for `fd`, used by `sources` dispatch sources.
    init(fd: Int32, sources: Int, closed: @escaping () -> Void = {}) {
        self.fd = fd
        self.remaining = sources
        self.closed = closed
    }

    /// Sets what to call once the descriptor is closed (before any source is cancelled).
    func whenClosed(_ closed: @escaping () -> Void) {
        self.closed = closed
    }

    /// Makes the last cancelled source hand the descriptor to `next` instead
    /// of closing it (and `closed` is not called). Call before cancelling.
    func handOff(to next: @escaping (Int32) -> Void) {
        handoff = next
    }

    /// One source was cancelled; the last one closes the descriptor (or hands it over).
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
