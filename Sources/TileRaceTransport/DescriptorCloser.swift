/// Closes a descriptor once every dispatch source reading or writing it has
/// been cancelled (closing earlier would let the kernel reuse the number
/// under a live source), then tells its owner.
///
/// Touched only by the sources' cancel handlers, which run on the owner's
/// serial queue, so its counter needs no lock.
final class DescriptorCloser: @unchecked Sendable {
    private let fd: Int32
    private var remaining: Int
    private let closed: () -> Void

    /// A closer for `fd`, used by `sources` dispatch sources.
    init(fd: Int32, sources: Int, closed: @escaping () -> Void = {}) {
        self.fd = fd
        self.remaining = sources
        self.closed = closed
    }

    /// One source was cancelled; the last one closes the descriptor.
    func sourceCancelled() {
        remaining -= 1
        guard remaining == 0 else { return }
        FileDescriptor.close(fd)
        closed()
    }
}
