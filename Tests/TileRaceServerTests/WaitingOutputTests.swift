import Testing

@testable import TileRaceServer

/// The shard's queue of output waits (`WaitingOutput`).
@Suite struct WaitingOutputTests {
    private let ana = ConnectionID(number: 1)
    private let bo = ConnectionID(number: 2)
    private let cy = ConnectionID(number: 3)

    @Test func waitsEndInTheOrderTheyBegan() {
        var waits = WaitingOutput()
        #expect(waits.isEmpty)
        #expect(waits.nextDeadline { _, _ in true } == nil)
        waits.append(ana, until: 150)
        waits.append(bo, until: 150)
        waits.append(cy, until: 170)
        #expect(waits.nextDeadline { _, _ in true } == 150)
        var ended: [ConnectionID] = []
        waits.removeEnded(by: 149) { id, _ in ended.append(id) }
        #expect(ended.isEmpty)
        waits.removeEnded(by: 160) { id, _ in ended.append(id) }
        #expect(ended == [ana, bo])
        #expect(waits.nextDeadline { _, _ in true } == 170)
        waits.removeEnded(by: 170) { id, _ in ended.append(id) }
        #expect(ended == [ana, bo, cy])
        #expect(waits.isEmpty)
    }

    @Test func waitsThatEndedEarlyAreDroppedFromTheFront() {
        var waits = WaitingOutput()
        waits.append(ana, until: 100)
        waits.append(bo, until: 110)
        waits.append(cy, until: 120)
        // ana's output went with a reply; bo's wait began again later (another deadline).
        let stillWaiting: [ConnectionID: Int] = [bo: 130, cy: 120]
        #expect(waits.nextDeadline { id, deadline in stillWaiting[id] == deadline } == 120)
        waits.append(bo, until: 130)
        var ended: [(ConnectionID, Int)] = []
        waits.removeEnded(by: 200) { id, deadline in ended.append((id, deadline)) }
        #expect(ended.map(\.0) == [cy, bo] && ended.map(\.1) == [120, 130])
    }

    /// A deadline before the last wait's end (a clock that stepped back) is
    /// moved to it: the queue stays in order.
    @Test func anEarlierDeadlineIsMovedToTheLastWaitsEnd() {
        var waits = WaitingOutput()
        #expect(waits.append(ana, until: 100) == 100)
        #expect(waits.append(bo, until: 90) == 100)
        #expect(waits.append(cy, until: 120) == 120)
        var ended: [ConnectionID] = []
        waits.removeEnded(by: 100) { id, _ in ended.append(id) }
        #expect(ended == [ana, bo])
    }

    @Test func aLongQueueKeepsItsOrderWhileItsFrontIsGivenBack() {
        var waits = WaitingOutput()
        for index in 0..<3000 { waits.append(ConnectionID(number: index), until: index) }
        var ended: [Int] = []
        waits.removeEnded(by: 1999) { id, _ in ended.append(id.number) }
        #expect(ended == Array(0..<2000))
        #expect(waits.nextDeadline { _, _ in true } == 2000)
        for index in 3000..<3100 { waits.append(ConnectionID(number: index), until: index) }
        ended = []
        waits.removeEnded(by: .max) { id, _ in ended.append(id.number) }
        #expect(ended == Array(2000..<3100))
        waits.append(ana, until: 5)
        waits.removeAll()
        #expect(waits.isEmpty)
    }
}
