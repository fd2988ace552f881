import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The bytes the core hands the shard for a connection: what `line` prints,
/// each line ended by `\n`, and the lines read back from them.
@Suite struct OutgoingLinesTests {
    @Test func oneMessageIsItsLineAndALineEnding() {
        let message = ServerMessage.ok(.move(MoveAck(seq: 7, score: 12, moves: 7, largestTile: 8, hasWon: false, isOver: false)))
        let outgoing = OutgoingLines(message)
        #expect(outgoing.bytes == Array((message.line + "\n").utf8))
        #expect(outgoing.lines == [message.line])
        let refusal: [ServerMessage] = [.error(ProtocolError(.banned, "you are banned")), .event(.bye("banned"))]
        #expect(OutgoingLines(refusal).lines == refusal.map(\.line))
    }

    @Test func linesKeepTheirOrderAndTheirEmptyOnes() {
        let lines = ["ERR banned you are banned", "", "BYE banned", "INFO déjà vu"]
        let outgoing = OutgoingLines(lines: lines)
        #expect(outgoing.bytes == Array("ERR banned you are banned\n\nBYE banned\nINFO déjà vu\n".utf8))
        #expect(outgoing.lines == lines)
        #expect(OutgoingLines(lines: []).bytes.isEmpty && OutgoingLines(lines: []).lines.isEmpty)
    }

    @Test func skippingLeavesOutOneLineAndSharesTheBytes() {
        let messages: [ServerMessage] = [.event(.bye("one")), .event(.ping(nil)), .event(.bye("three"))]
        var all = OutgoingLines()
        #expect(all.isEmpty && all.lines.isEmpty)
        let ranges = messages.map { all.append($0) }
        #expect(all == OutgoingLines(messages) && all.lines == messages.map(\.line))
        for (index, range) in ranges.enumerated() {
            let others = all.skipping(range)
            var expected = messages
            expected.remove(at: index)
            #expect(others.lines == expected.map(\.line))
            #expect(others == OutgoingLines(expected) && others.hashValue == OutgoingLines(expected).hashValue)
            #expect(!others.isEmpty)
            // The two parts are the shared bytes on either side of the line left out.
            let (first, second) = others.parts
            #expect(first.startIndex == 0 && first.endIndex == range.lowerBound && second.startIndex == range.upperBound)
            #expect(Array(first) + Array(second) == others.bytes)
        }
        var one = OutgoingLines()
        let only = one.append(.event(.bye("alone")))
        #expect(one.skipping(only).isEmpty && one.skipping(only).lines.isEmpty)
        // Nothing skipped: the parts are the whole storage, not copied.
        #expect(all.parts.0.isEmpty && all.parts.1.count == all.bytes.count)
    }

    /// A broadcast (here READY; in a race, PROGRESS) goes to every other member as one shared copy of the bytes.
    @Test func aBroadcastSharesOneCopyOfItsBytes() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        let cy = harness.player("cy")
        harness.send(ana, "CREATE r")
        harness.send(bo, "JOIN r")
        harness.send(cy, "JOIN r")
        var actions: [ServerAction] = []
        harness.core.handle(.received(ana, Array("READY\n".utf8)), into: &actions)
        let storages = actions.compactMap { action -> Int? in
            guard case .send(let id, let lines) = action, id != ana else { return nil }
            return lines.bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        }
        #expect(storages.count == 2)
        #expect(Set(storages).count == 1)
    }
}
