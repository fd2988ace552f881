import Dispatch

#if canImport(Glibc)
    import CTileRaceEpoll
    import Glibc
#endif

/// Tells many sockets' channels when they have input, with one epoll set
/// (Linux) watched by one dispatch read source, instead of a read source per
/// socket. A dispatch read source costs, per event, a hand-off between
/// libdispatch's event thread and the queue's thread and four system calls
/// (`FIONREAD`, disarm, wake the event thread, re-arm); the poller pays that
/// once per batch: when the set is readable it takes every ready socket at
/// once (`epoll_wait` without waiting) and calls their channels in turn.
/// Sockets are watched level-triggered, so one that still holds bytes after
/// its channel read is reported again.
///
/// Only on Linux (`make` returns nil elsewhere, and channels keep a read
/// source each). Owned by `queue`: every method must be called on it, and
/// the handlers run on it.
package final class ReadinessPoller: @unchecked Sendable {
    /// The queue that owns the poller and every channel it watches.
    package let queue: DispatchQueue

    #if canImport(Glibc)
        private let epollFD: Int32
        private let source: any DispatchSourceRead
        private var handlers: [UInt64: () -> Void] = [:]
        private var nextToken: UInt64 = 1
        private var isClosed = false
        /// The most ready sockets taken per `epoll_wait`.
        private static let batch = 256

        private init(queue: DispatchQueue, epollFD: Int32) {
            self.queue = queue
            self.epollFD = epollFD
            source = DispatchSource.makeReadSource(fileDescriptor: epollFD, queue: queue)
            source.setCancelHandler { FileDescriptor.close(epollFD) }
            source.setEventHandler { [weak self] in self?.dispatchReady() }
            source.resume()
        }
    #else
        private init(queue: DispatchQueue) {
            self.queue = queue
        }
    #endif

    /// A poller for the channels of `queue`, or nil where there is none
    /// (not Linux, or no epoll set could be made).
    package static func make(queue: DispatchQueue) -> ReadinessPoller? {
        #if canImport(Glibc)
            let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
            return fd < 0 ? nil : ReadinessPoller(queue: queue, epollFD: fd)
        #else
            return nil
        #endif
    }

    /// Registers a handler for one socket (not watched yet); returns its token.
    package func register(_ handler: @escaping () -> Void) -> UInt64 {
        dispatchPrecondition(condition: .onQueue(queue))
        #if canImport(Glibc)
            let token = nextToken
            nextToken += 1
            handlers[token] = handler
            return token
        #else
            return 0
        #endif
    }

    /// Starts (`true`) or stops watching socket `fd` for input. A socket not
    /// watched is out of the set, so its hang-up is not reported either.
    package func watch(_ token: UInt64, fd: Int32, _ isWatched: Bool) {
        dispatchPrecondition(condition: .onQueue(queue))
        #if canImport(Glibc)
            guard !isClosed else { return }
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
            event.data.u64 = token
            _ = epoll_ctl(epollFD, isWatched ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, fd, &event)
        #endif
    }

    /// Forgets a socket's handler (call after it is no longer watched).
    package func unregister(_ token: UInt64) {
        dispatchPrecondition(condition: .onQueue(queue))
        #if canImport(Glibc)
            handlers[token] = nil
        #endif
    }

    /// Stops the poller; its epoll set is closed in the source's cancel handler.
    package func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        #if canImport(Glibc)
            guard !isClosed else { return }
            isClosed = true
            handlers = [:]
            source.cancel()
        #endif
    }

    #if canImport(Glibc)
        private func dispatchReady() {
            withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: ReadinessPoller.batch) { events in
                while !isClosed {
                    let count = epoll_wait(epollFD, events.baseAddress, Int32(events.count), 0)
                    guard count > 0 else { return }
                    for index in 0..<Int(count) {
                        // A handler may close other sockets: look each one up in turn.
                        handlers[events[index].data.u64]?()
                    }
                    guard Int(count) == events.count else { return }
                }
            }
        }
    #endif
}
