import TileRaceTransport

#if canImport(Glibc)
    import CTileRaceEpoll
    import Glibc
#endif

/// A plain epoll set (Linux) for a thread that runs its own loop and blocks
/// in `wait`, as the load of `tilerace-bench server --redis` does: no
/// dispatch source, no queue. (`ReadinessPoller` is the one for queues.)
/// Sockets are watched for input, level-triggered.
///
/// Owned by the one thread that calls it.
final class EpollSet {
    #if canImport(Glibc)
        private let fd: Int32
        private var events: [epoll_event]
    #endif

    /// A set that reports at most `batch` sockets per `wait`, or nil where
    /// there is none (not Linux, or no epoll set could be made).
    init?(batch: Int = 256) {
        #if canImport(Glibc)
            fd = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard fd >= 0 else { return nil }
            events = Array(repeating: epoll_event(), count: max(1, batch))
        #else
            return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
            FileDescriptor.close(fd)
        #endif
    }

    /// Watches socket `socket` for input, reported with `token`.
    func watch(_ socket: Int32, token: UInt64) {
        #if canImport(Glibc)
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
            event.data.u64 = token
            _ = epoll_ctl(fd, EPOLL_CTL_ADD, socket, &event)
        #endif
    }

    func forget(_ socket: Int32) {
        #if canImport(Glibc)
            var event = epoll_event()
            _ = epoll_ctl(fd, EPOLL_CTL_DEL, socket, &event)
        #endif
    }

    /// Waits at most `milliseconds` (0: not at all) for input; calls `ready`
    /// with the token of each socket that has some. Returns how many.
    @discardableResult
    func wait(milliseconds: Int32, _ ready: (UInt64) -> Void) -> Int {
        #if canImport(Glibc)
            let count = events.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(fd, buffer.baseAddress, Int32(buffer.count), milliseconds)
            }
            guard count > 0 else { return 0 }
            for index in 0..<Int(count) { ready(events[index].data.u64) }
            return Int(count)
        #else
            return 0
        #endif
    }
}
