import Dispatch
import Foundation

#if canImport(Glibc)
    import CTileRaceEpoll
    import Glibc
#endif

/// Tells many sockets' channels when they have input, with one epoll set
/// (Linux) instead of a read source per socket. A thread of its own waits on
/// the set and, when sockets are ready, runs their handlers on the queue with
/// `queue.sync`: when the queue is idle (the usual case under load), the
/// handlers run right on that thread, so a batch of ready sockets costs one
/// `epoll_wait` and no hand-off between threads. (A dispatch read source on
/// the set cost, per batch, a wake-up of libdispatch's event thread, a
/// hand-off to a worker thread and the re-arming of the set.) Each wake-up
/// takes up to `batch` ready sockets and calls their channels in turn, and
/// takes more at once while a whole batch was ready. Sockets are watched
/// level-triggered, so one that still holds bytes after its channel read is
/// reported again.
///
/// It also keeps one timer for its queue's owner (`onTimer`,
/// `scheduleTimer`): a timerfd in the same set, so a timer's work runs on
/// the same thread as the sockets' (a dispatch timer woke libdispatch's
/// timer thread and then a worker thread for each firing, and re-arming it
/// woke the timer thread again: in a race, with a room's `PROGRESS` due
/// every 100 ms, that was a tenth of the server's CPU).
///
/// Only on Linux (`make` returns nil elsewhere, and channels keep a read
/// source each). Owned by `queue`: every method must be called on it, and
/// the handlers run on it. The thread only waits on the set and calls into
/// the queue; it ends after `close()` (or once the poller is let go) and
/// then closes the set and its wake-up descriptor.
package final class ReadinessPoller: @unchecked Sendable {
    /// The queue that owns the poller and every channel it watches.
    package let queue: DispatchQueue

    /// Memory its channels read into, one read at a time on the queue
    /// (`SocketChannel.readChunkBytes`): a temporary allocation that size
    /// is not on the stack, so each read would allocate and free it.
    package let readScratch = UnsafeMutableRawBufferPointer.allocate(
        byteCount: SocketChannel.readChunkBytes, alignment: MemoryLayout<UInt64>.alignment)

    #if canImport(Glibc)
        /// The epoll set and the eventfd that wakes the thread, shared by the
        /// poller and its thread and closed once both let go: the poller may
        /// wake the thread (in `close()` or `deinit`) whenever the thread ends.
        private let descriptors: Descriptors
        private var epollFD: Int32 { descriptors.epollFD }
        /// Each socket's handler by its token (`IntegerTable`: one look-up
        /// per ready socket, which a `Dictionary` would hash with SipHash).
        private var handlers = IntegerTable<Handler>()
        private var timerHandler: (() -> Void)?
        private var nextToken: UInt64 = 1
        private var isClosed = false
        /// The most ready sockets taken per `epoll_wait`.
        private static let batch = 256
        /// The token of the wake-up eventfd in the set (sockets' start at 1).
        private static let wakeToken: UInt64 = 0
        /// The token of the timerfd in the set.
        private static let timerToken = UInt64.max

        private init(queue: DispatchQueue, descriptors: Descriptors) {
            self.queue = queue
            self.descriptors = descriptors
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.u64 = ReadinessPoller.wakeToken
            _ = epoll_ctl(descriptors.epollFD, EPOLL_CTL_ADD, descriptors.wakeFD, &event)
            event.data.u64 = ReadinessPoller.timerToken
            _ = epoll_ctl(descriptors.epollFD, EPOLL_CTL_ADD, descriptors.timerFD, &event)
            // The thread holds the poller only while it runs handlers: a
            // poller let go without `close()` wakes it (`deinit`) to end.
            let thread = Thread { [weak self] in
                ReadinessPoller.waitForReadySockets(on: descriptors, queue: queue) { events, count in
                    self?.runHandlers(events, count: count) ?? false
                }
            }
            thread.name = queue.label + ".poll"
            thread.start()
        }
    #else
        private init(queue: DispatchQueue) {
            self.queue = queue
        }
    #endif

    deinit {
        #if canImport(Glibc)
            descriptors.wakeThread()
        #endif
        readScratch.deallocate()
    }

    /// A poller for the channels of `queue`, or nil where there is none
    /// (not Linux, or no epoll set could be made).
    package static func make(queue: DispatchQueue) -> ReadinessPoller? {
        #if canImport(Glibc)
            let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard fd >= 0 else { return nil }
            let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
            let timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
            guard wake >= 0, timer >= 0 else {
                for descriptor in [fd, wake, timer] where descriptor >= 0 { FileDescriptor.close(descriptor) }
                return nil
            }
            return ReadinessPoller(queue: queue, descriptors: Descriptors(epollFD: fd, wakeFD: wake, timerFD: timer))
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
            handlers[Int(token)] = Handler(run: handler)
            return token
        #else
            return 0
        #endif
    }

    /// Starts (`true`) or stops watching socket `fd` for input. A socket not
    /// watched is out of the set, so its hang-up is not reported either.
    package func watch(_ token: UInt64, fd: Int32, _ isWatched: Bool) {
        assertOnQueue(queue)
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
            handlers[Int(token)] = nil
        #endif
    }

    /// Sets what runs, on the queue, when the timer fires (`scheduleTimer`).
    package func onTimer(_ handler: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        #if canImport(Glibc)
            timerHandler = handler
        #endif
    }

    /// Fires the timer once, `milliseconds` from now (at once when 0 or
    /// less), replacing the time it was set to fire at, if any.
    package func scheduleTimer(afterMilliseconds milliseconds: Int) {
        assertOnQueue(queue)
        #if canImport(Glibc)
            guard !isClosed else { return }
            // An it_value of zero would disarm the timer: the soonest is 1 ns.
            let nanoseconds = max(1, min(milliseconds, Int(Int32.max)) * 1_000_000)
            var setting = itimerspec()
            setting.it_value.tv_sec = nanoseconds / 1_000_000_000
            setting.it_value.tv_nsec = nanoseconds % 1_000_000_000
            _ = timerfd_settime(descriptors.timerFD, 0, &setting, nil)
        #endif
    }

    /// Stops the poller: no handler runs after this; its thread wakes, ends,
    /// and closes the epoll set.
    package func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        #if canImport(Glibc)
            guard !isClosed else { return }
            isClosed = true
            handlers = IntegerTable()
            timerHandler = nil
            descriptors.wakeThread()
        #endif
    }

    #if canImport(Glibc)
        /// The thread's loop: wait for ready sockets, then run their handlers
        /// on the queue (`runHandlers`, false once the poller is closed or gone).
        private static func waitForReadySockets(
            on descriptors: Descriptors, queue: DispatchQueue,
            runHandlers: (UnsafeMutableBufferPointer<epoll_event>, Int) -> Bool
        ) {
            withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: ReadinessPoller.batch) { events in
                while true {
                    let count = epoll_wait(descriptors.epollFD, events.baseAddress, Int32(events.count), -1)
                    if count < 0, errno != EINTR { break }
                    // The plain `sync` (no result): the one returning a
                    // value wraps the closure in more closures per batch.
                    var isOpen = true
                    queue.sync { isOpen = runHandlers(events, Int(max(0, count))) }
                    if !isOpen { break }
                }
            }
        }

        /// Calls the handlers of the `count` ready sockets in `events`, then
        /// takes any more that are ready while a whole batch was. Returns
        /// whether the poller is still open. Runs on the queue.
        private func runHandlers(_ events: UnsafeMutableBufferPointer<epoll_event>, count: Int) -> Bool {
            var count = count
            while !isClosed {
                for index in 0..<count {
                    // A handler may close other sockets, or the poller: look each one up in turn.
                    let token = events[index].data.u64
                    if token == ReadinessPoller.timerToken {
                        timerFired()
                    } else {
                        handlers[Int(truncatingIfNeeded: token)]?.run()
                    }
                }
                guard count == events.count, !isClosed else { break }
                count = Int(max(0, epoll_wait(epollFD, events.baseAddress, Int32(events.count), 0)))
                if count == 0 { break }
            }
            return !isClosed
        }

        /// Takes the timerfd's count of expirations (so it is not reported
        /// again), then runs the timer's handler.
        private func timerFired() {
            var expirations: UInt64 = 0
            guard Glibc.read(descriptors.timerFD, &expirations, MemoryLayout<UInt64>.size) > 0 else { return }
            timerHandler?()
        }
    #endif
}

#if canImport(Glibc)
    extension ReadinessPoller {
        /// A socket's handler, boxed: a table of a class is specialized
        /// where one of bare closures ran generic code (metadata look-ups
        /// on every call).
        fileprivate final class Handler {
            let run: () -> Void

            init(run: @escaping () -> Void) {
                self.run = run
            }
        }

        /// An epoll set, its wake-up eventfd and its timerfd, closed when the
        /// last of the poller and its thread lets go of them. Immutable.
        fileprivate final class Descriptors: Sendable {
            let epollFD: Int32
            let wakeFD: Int32
            let timerFD: Int32

            init(epollFD: Int32, wakeFD: Int32, timerFD: Int32) {
                self.epollFD = epollFD
                self.wakeFD = wakeFD
                self.timerFD = timerFD
            }

            /// Makes the thread's `epoll_wait` return.
            func wakeThread() {
                var one: UInt64 = 1
                _ = Glibc.write(wakeFD, &one, MemoryLayout<UInt64>.size)
            }

            deinit {
                FileDescriptor.close(timerFD)
                FileDescriptor.close(wakeFD)
                FileDescriptor.close(epollFD)
            }
        }
    }
#endif
