import Dispatch
import Foundation

#if canImport(Glibc)
    import CTileRaceEpoll
    import Glibc
#endif

/// One level-triggered epoll set for a queue's sockets. Its own thread waits and runs
/// handlers with `queue.sync`, which on an idle queue runs right there: one `epoll_wait`
/// per batch, no hand-off (a dispatch read source cost a wake-up, a hand-off and a re-arm).
/// Its timerfd replaces a dispatch timer that woke two threads per firing, a tenth of the
/// server's CPU with `PROGRESS` every 100 ms. Linux only (`make` is nil elsewhere). Owned
/// by `queue`; the thread ends after `close()` or release, then closes the descriptors.
package final class ReadinessPoller: @unchecked Sendable {
    package let queue: DispatchQueue

    /// One read at a time on the queue; a temporary that size would allocate each read.
    package let readScratch = UnsafeMutableRawBufferPointer.allocate(
        byteCount: SocketChannel.readChunkBytes, alignment: MemoryLayout<UInt64>.alignment)

    /// By token (`IntegerTable`: a look-up per ready socket).
    private var handlers = IntegerTable<Handler>()
    private var timerHandler: (() -> Void)?
    private var nextToken: UInt64 = 1
    private var isClosed = false

    #if canImport(Glibc)
        /// Shared with the thread, which the poller may wake whenever it ends.
        private let descriptors: Descriptors
        private var epollFD: Int32 { descriptors.epollFD }
        /// The most ready sockets taken per `epoll_wait`.
        private static let batch = 256
        /// The eventfd's token in the set; sockets' start at 1.
        private static let wakeToken: UInt64 = 0
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
            // Held only while running handlers: a released poller wakes it (`deinit`) to end.
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

    /// Nil where there is none (not Linux, or no epoll set could be made).
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

    /// A socket's handler (the socket not watched yet); returns its token.
    package func register(_ handler: @escaping () -> Void) -> UInt64 {
        dispatchPrecondition(condition: .onQueue(queue))
        let token = nextToken
        nextToken += 1
        handlers[Int(token)] = Handler(run: handler)
        return token
    }

    /// A socket out of the set does not report its hang-up either.
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

    /// Call once the socket is no longer watched.
    package func unregister(_ token: UInt64) {
        dispatchPrecondition(condition: .onQueue(queue))
        handlers[Int(token)] = nil
    }

    package func onTimer(_ handler: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        timerHandler = handler
    }

    /// At once when 0 or less; replaces any earlier setting.
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

    /// No handler runs after this; the thread wakes, ends and closes the set.
    package func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isClosed else { return }
        isClosed = true
        handlers = IntegerTable()
        timerHandler = nil
        #if canImport(Glibc)
            descriptors.wakeThread()
        #endif
    }

    #if canImport(Glibc)
        /// The thread's loop, until `runHandlers` says the poller is closed or gone.
        private static func waitForReadySockets(
            on descriptors: Descriptors, queue: DispatchQueue,
            runHandlers: (UnsafeMutableBufferPointer<epoll_event>, Int) -> Bool
        ) {
            withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: ReadinessPoller.batch) { events in
                while true {
                    let count = epoll_wait(descriptors.epollFD, events.baseAddress, Int32(events.count), -1)
                    if count < 0, errno != EINTR { break }
                    // The result-returning `sync` wraps the closure in more closures per batch.
                    var isOpen = true
                    queue.sync { isOpen = runHandlers(events, Int(max(0, count))) }
                    if !isOpen { break }
                }
            }
        }

        /// Takes more while a whole batch was ready; false once the poller is closed.
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

        /// Reads the timerfd's count (so it is not reported again), then runs the handler.
        private func timerFired() {
            var expirations: UInt64 = 0
            guard Glibc.read(descriptors.timerFD, &expirations, MemoryLayout<UInt64>.size) > 0 else { return }
            timerHandler?()
        }
    #endif
}

/// Boxed: a table of a class is specialized, where bare closures ran generic code.
private final class Handler {
    let run: () -> Void

    init(run: @escaping () -> Void) {
        self.run = run
    }
}

#if canImport(Glibc)
    extension ReadinessPoller {
        /// Closed when the last of the poller and its thread lets go.
        fileprivate final class Descriptors: Sendable {
            let epollFD: Int32
            let wakeFD: Int32
            let timerFD: Int32

            init(epollFD: Int32, wakeFD: Int32, timerFD: Int32) {
                self.epollFD = epollFD
                self.wakeFD = wakeFD
                self.timerFD = timerFD
            }

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
