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

    @Test func timeTheServerHeldTheClientBackRefillsPastTheBurst() {
        var bucket = TokenBucket(rate: 200, burst: 400, now: 0)
        for _ in 0..<400 { _ = bucket.take(now: 0) }
        // Not read from 1 s to 11 s: what the rate gave in those 11 s, not cut to the burst.
        bucket.hold(true, now: 1000)
        bucket.hold(false, now: 11_000)
        var allowed = 0
        for _ in 0..<5000 where bucket.take(now: 11_000) { allowed += 1 }
        #expect(allowed == 2200)
        // Taken while held, it refills past the burst too; what is not taken is kept after.
        bucket.hold(true, now: 12_000)
        for _ in 0..<100 { _ = bucket.take(now: 20_000) }
        bucket.hold(false, now: 30_000)
        var kept = 0
        for _ in 0..<5000 where bucket.take(now: 40_000) { kept += 1 }
        #expect(kept == 3800 - 100)
        // Without a hold, never past the burst again.
        var later = 0
        for _ in 0..<1000 where bucket.take(now: 60_000) { later += 1 }
        #expect(later == 400)
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
