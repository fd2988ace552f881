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

    /// The next deadline is asked after every change and between changes
    /// (the shard asks after every batch): cancelling or moving the first
    /// key must show at once. Checked against a plain dictionary.
    @Test func theNextDeadlineFollowsEveryChangeOfTheFirstKey() {
        var timers = TimerQueue<Int>()
        var model: [Int: Int] = [:]
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var now = 0
        for step in 0..<5000 {
            let key = next(8)
            switch next(4) {
            case 0, 1:
                let deadline = now + next(100)
                timers.schedule(key, at: deadline)
                model[key] = deadline
            case 2:
                // Most often the key that is due first.
                let first = model.min { $0.value < $1.value }?.key ?? key
                timers.cancel(first)
                model[first] = nil
            default:
                now += next(30)
                let due = Set(timers.popDue(now: now))
                #expect(due == Set(model.filter { $0.value <= now }.keys), "step \(step)")
                model = model.filter { $0.value > now }
            }
            #expect(timers.nextDeadline() == model.values.min(), "step \(step)")
            #expect(timers.nextDeadline() == model.values.min(), "step \(step), asked again")
        }
    }
}
