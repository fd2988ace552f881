import Testing

@testable import TileRaceServer

struct TimerQueueTests {
    @Test func dueKeysComeOutEarliestFirstThenInSchedulingOrder() {
        var timers = TimerQueue<String>()
        timers.schedule("c", at: 30)
        timers.schedule("a", at: 10)
        timers.schedule("b", at: 10)
        timers.schedule("d", at: 40)
        #expect(timers.nextDeadline() == 10)
        #expect(timers.popDue(now: 30) == ["a", "b", "c"])
        #expect(timers.nextDeadline() == 40)
        #expect(timers.popDue(now: 39) == [])
    }

    @Test func rescheduleReplacesAndCancelRemoves() {
        var timers = TimerQueue<String>()
        timers.schedule("a", at: 10)
        timers.schedule("a", at: 50)
        timers.schedule("b", at: 20)
        timers.cancel("b")
        #expect(timers.deadline(of: "a") == 50)
        #expect(!timers.isScheduled("b"))
        #expect(timers.nextDeadline() == 50)
        #expect(timers.popDue(now: 100) == ["a"])
        #expect(timers.nextDeadline() == nil)
    }

    @Test func manyRandomDeadlinesComeOutSorted() {
        var timers = TimerQueue<Int>()
        var state: UInt64 = 7
        for key in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            timers.schedule(key, at: Int(state >> 40) % 1000)
        }
        var last = -1
        var count = 0
        while let deadline = timers.nextDeadline() {
            #expect(deadline >= last)
            last = deadline
            count += timers.popDue(now: deadline).count
        }
        #expect(count == 500)
    }
}
