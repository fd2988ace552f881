import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// `ServerCore.handle(_:into:)`, the shard's way to ask: the same actions as
/// `handle(_:)`, in a list whose storage is kept from one input to the next.
struct CoreActionListTests {
    @Test func aSteadyFlowOfInputsReusesTwoLists() {
        let harness = CoreHarness()
        let id = harness.player("ana")
        var actions: [ServerAction] = []
        var storages = Set<Int>()
        for _ in 0..<8 {
            harness.core.handle(.received(id, Array("PING\n".utf8)), into: &actions)
            let replies = actions.compactMap { action -> [String]? in
                if case .send(let to, let lines) = action, to == id { lines.lines } else { nil }
            }
            #expect(replies == [["PONG"]])
            storages.insert(actions.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) })
        }
        // The core's list and the shard's change places: two storages, not one per input.
        #expect(storages.count <= 2)
    }

    /// Actions the caller kept keep their lines.
    @Test func keptActionsKeepTheirLines() {
        let harness = CoreHarness()
        let id = harness.player("bo")
        var actions: [ServerAction] = []
        harness.core.handle(.received(id, Array("PING first\n".utf8)), into: &actions)
        let kept = actions
        harness.core.handle(.received(id, Array("PING second\n".utf8)), into: &actions)
        let lines = { (actions: [ServerAction]) in
            actions.flatMap { action -> [String] in
                if case .send(_, let lines) = action { lines.lines } else { [] }
            }
        }
        #expect(lines(kept) == ["PONG first"])
        #expect(lines(actions) == ["PONG second"])
    }

    /// Bytes lent by a read (`handle(received:on:into:)`, the shard's way)
    /// give the same actions as the same bytes in an array.
    @Test func lentBytesGiveTheSameActionsAsAnArray() {
        let lent = CoreHarness()
        let given = CoreHarness()
        let request = Array("PING 1\nPING 2\nPIN".utf8)
        var lentActions: [ServerAction] = []
        var givenActions: [ServerAction] = []
        let cy = lent.player("cy")
        request.withUnsafeBytes { lent.core.handle(received: $0, on: cy, into: &lentActions) }
        given.core.handle(.received(given.player("cy"), request), into: &givenActions)
        #expect(lentActions == givenActions)
        #expect(lentActions.count == 2)
        // The partial line waits in the framer: its end completes it.
        Array("G 3\n".utf8).withUnsafeBytes { lent.core.handle(received: $0, on: cy, into: &lentActions) }
        let lines = lentActions.flatMap { action -> [String] in
            if case .send(_, let lines) = action { lines.lines } else { [] }
        }
        #expect(lines == ["PONG 3"])
    }

    @Test func theSameActionsAsHandle() {
        let harness = CoreHarness()
        let id = harness.player("bo")
        var actions: [ServerAction] = [.close(id)]
        harness.core.handle(.received(id, Array("PING token7\nPING\n".utf8)), into: &actions)
        let lines = actions.flatMap { action -> [String] in
            if case .send(_, let lines) = action { lines.lines } else { [] }
        }
        #expect(lines == ["PONG token7", "PONG"])
        #expect(!actions.contains { if case .close = $0 { true } else { false } })
    }
}
