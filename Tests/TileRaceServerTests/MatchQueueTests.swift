import Testing

@testable import TileRaceServer

struct MatchQueueTests {
    private func id(_ number: Int) -> ConnectionID { ConnectionID(number: number) }

    @Test func playersWithinEachOthersBandsAreMatchedLongestWaitingFirst() {
        var queue = MatchQueue()
        queue.add(id(1), nickname: "ana", rating: 1500, at: 0)
        queue.add(id(2), nickname: "bo", rating: 1800, at: 100)
        queue.add(id(3), nickname: "cy", rating: 1590, at: 200)
        queue.add(id(4), nickname: "di", rating: 1420, at: 300)
        let rooms = queue.match(at: 1_300)
        // ana and cy (90 apart), ana and di (80 apart), but cy and di are 170 apart.
        #expect(rooms.map { $0.map(\.nickname) } == [["ana", "cy"]])
        #expect(queue.waiters.map(\.nickname) == ["bo", "di"])
    }

    @Test func theBandWidensBy50Every5Seconds() {
        var queue = MatchQueue()
        queue.add(id(1), nickname: "ana", rating: 1500, at: 0)
        queue.add(id(2), nickname: "bo", rating: 1740, at: 0)
        #expect(MatchQueue.band(of: queue.waiters[0], at: 4_999) == 100)
        #expect(MatchQueue.band(of: queue.waiters[0], at: 5_000) == 150)
        let result1 = queue.match(at: 14_999)
        #expect(result1.isEmpty)
        // 240 apart: within 100 + 3 * 50 = 250 at 15 s.
        let result2 = queue.match(at: 15_000)
        #expect(result2.map { $0.map(\.nickname) } == [["ana", "bo"]])
        #expect(queue.count == 0)
    }

    @Test func aNewcomersNarrowBandHoldsUntilItWidens() {
        var queue = MatchQueue()
        queue.add(id(1), nickname: "ana", rating: 1500, at: 0)
        queue.add(id(2), nickname: "bo", rating: 1640, at: 10_000)
        // ana's band is 200 but bo's is still 100: not within each other's.
        let result3 = queue.match(at: 10_000)
        #expect(result3.isEmpty)
        let result4 = queue.match(at: 15_000)
        #expect(result4.count == 1)
    }

    @Test func aRoomHoldsAtMostEightTheLongestWaitingFirst() {
        var queue = MatchQueue()
        for number in 1...10 { queue.add(id(number), nickname: "p\(number)", rating: 1500, at: number) }
        let rooms = queue.match(at: 1_010)
        #expect(rooms.map { $0.map(\.id.number) } == [Array(1...8), [9, 10]])
        #expect(queue.count == 0)
    }

    @Test func aRoomWaitsASecondForPlayersWhoQueueTogether() {
        var queue = MatchQueue()
        queue.add(id(1), nickname: "ana", rating: 1500, at: 0)
        queue.add(id(2), nickname: "bo", rating: 1550, at: 100)
        let result5 = queue.match(at: 1_099)
        #expect(result5.isEmpty)
        queue.add(id(3), nickname: "cy", rating: 1590, at: 1_050)
        let result6 = queue.match(at: 1_100)
        #expect(result6.isEmpty)
        let result7 = queue.match(at: 2_050)
        #expect(result7.map { $0.map(\.nickname) } == [["ana", "bo", "cy"]])
    }

    @Test func aPlayerAloneAfter20SecondsIsOfferedBotsOnce() {
        var queue = MatchQueue()
        queue.add(id(1), nickname: "ana", rating: 1500, at: 0)
        let result8 = queue.notices(at: 4_999)
        #expect(result8.isEmpty)
        let atFive = queue.notices(at: 5_000)
        #expect(atFive == [MatchQueue.Notice(id: id(1), waiting: 1, seconds: 5, offersBots: false)])
        let result9 = queue.notices(at: 9_000)
        #expect(result9.isEmpty)
        _ = queue.notices(at: 10_000)
        _ = queue.notices(at: 15_000)
        let result10 = queue.notices(at: 19_999)
        #expect(result10.isEmpty)
        let result11 = queue.notices(at: 20_000)
        #expect(result11 == [MatchQueue.Notice(id: id(1), waiting: 1, seconds: 20, offersBots: true)])
        let result12 = queue.notices(at: 25_000)
        #expect(result12 == [MatchQueue.Notice(id: id(1), waiting: 1, seconds: 25, offersBots: false)])
    }

    @Test func leavingRemovesThePlayerAndAddingTwiceKeepsItsPlace() {
        var queue = MatchQueue()
        queue.add(id(1), nickname: "ana", rating: 1500, at: 0)
        queue.add(id(2), nickname: "bo", rating: 1500, at: 10)
        queue.add(id(1), nickname: "ana", rating: 1500, at: 20)
        #expect(queue.waiters.map(\.since) == [0, 10])
        let removed = queue.remove(id(1))
        #expect(removed)
        let removedAgain = queue.remove(id(1))
        #expect(!removedAgain)
        let result15 = queue.match(at: 60_000)
        #expect(result15.isEmpty)
        #expect(queue.waiters.map(\.nickname) == ["bo"])
    }
}
