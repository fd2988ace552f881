import Dispatch
import Foundation
import Testing

@testable import TileRaceTransport

/// The poller's one timer (a timerfd in its epoll set, Linux only): it fires
/// on the poller's queue, once per `scheduleTimer`, the last setting winning.
@Suite struct ReadinessPollerTests {
    /// A poller and a count of its timer's firings, with a way to await them.
    final class Rig: @unchecked Sendable {
        let queue = DispatchQueue(label: "tilerace.tests.poller")
        let poller: ReadinessPoller?
        private let lock = NSLock()
        private var firings: [Int] = []
        private let fired = DispatchSemaphore(value: 0)

        init() {
            poller = ReadinessPoller.make(queue: queue)
            queue.sync {
                poller?.onTimer { [weak self, queue] in
                    dispatchPrecondition(condition: .onQueue(queue))
                    self?.lock.withLock { self?.firings.append(MonotonicClock.milliseconds()) }
                    self?.fired.signal()
                }
            }
        }

        /// The times the timer fired, so far.
        var times: [Int] { lock.withLock { firings } }

        /// Waits up to `seconds` for the next firing; false when none came.
        func awaitFiring(within seconds: Double = 3) -> Bool {
            fired.wait(timeout: .now() + seconds) == .success
        }

        func schedule(_ milliseconds: Int) {
            queue.sync { poller?.scheduleTimer(afterMilliseconds: milliseconds) }
        }

        deinit {
            queue.sync { poller?.close() }
        }
    }

    @Test func theTimerFiresOnTheQueueAfterItsDelayOnce() throws {
        let rig = Rig()
        #if os(Linux)
            try #require(rig.poller != nil)
        #endif
        guard rig.poller != nil else { return }
        let start = MonotonicClock.milliseconds()
        rig.schedule(30)
        #expect(rig.awaitFiring())
        #expect(rig.times.count == 1)
        #expect((rig.times.first ?? 0) - start >= 29)
        // Firing again needs another setting: a delay of 0 fires at once.
        rig.schedule(0)
        #expect(rig.awaitFiring())
        #expect(rig.times.count == 2)
    }

    @Test func aNewSettingReplacesTheOldOne() throws {
        let rig = Rig()
        guard rig.poller != nil else { return }
        rig.schedule(60_000)
        rig.schedule(5)
        #expect(rig.awaitFiring())
        // Brought forward, not added: one firing, and the minute-long one is gone.
        rig.schedule(10)
        #expect(rig.awaitFiring())
        #expect(rig.times.count == 2)
    }

    @Test func aClosedPollerFiresNoMore() throws {
        let rig = Rig()
        guard let poller = rig.poller else { return }
        rig.queue.sync {
            poller.scheduleTimer(afterMilliseconds: 0)
            poller.close()
            poller.scheduleTimer(afterMilliseconds: 0)
        }
        // Nothing to await but the absence of a firing: a short look.
        #expect(!rig.awaitFiring(within: 0.1))
        #expect(rig.times.isEmpty)
    }
}
