import Testing
import TileRaceProtocol

@testable import TileRaceServer

struct RateLimitTests {
    @Test func bucketAllowsABurstThenTheRate() {
        var bucket = TokenBucket(rate: 200, burst: 400, now: 0)
        var allowed = 0
        for _ in 0..<500 where bucket.take(now: 0) { allowed += 1 }
        #expect(allowed == 400)
        let takes = [bucket.take(now: 4), bucket.take(now: 5), bucket.take(now: 5)]
        #expect(takes == [false, true, false])  // 5 ms at 200/s is one token
        var later = 0
        for _ in 0..<1000 where bucket.take(now: 10_005) { later += 1 }
        #expect(later == 400)  // never more than the burst
    }

    @Test func joinCodesAreCheckedFivePerMinuteAndExhaustAtTwenty() {
        var guardian = JoinCodeGuard(perMinute: 5, maximum: 20)
        for attempt in 0..<5 {
            let mayCheck = guardian.mayCheck(now: attempt)
            #expect(mayCheck)
            guardian.recordFailure(now: attempt)
        }
        let sixth = guardian.mayCheck(now: 10)
        #expect(!sixth)
        #expect(guardian.wait(now: 10) == 59_990)
        #expect(guardian.total == 6)
        let afterAMinute = guardian.mayCheck(now: 60_000)
        #expect(afterAMinute)  // the first failure is a minute old
        var now = 60_000
        while !guardian.isExhausted {
            now += 1
            if guardian.mayCheck(now: now) { guardian.recordFailure(now: now) }
        }
        #expect(guardian.total == 20)
    }
}
