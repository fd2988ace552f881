import Dispatch
import Testing
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceTransport

/// `ClientConnection` against a scripted server on 127.0.0.1: the greeting,
/// pairing replies with requests (an unreadable `OK` included), multi-line
/// replies, batching, `PING`, `BYE` and closing.
@Suite struct ClientConnectionTests {
    /// A connection on its own queue, recording every event; `wait` blocks
    /// (with a deadline) until one matches.
    final class Rig: @unchecked Sendable {
        let queue = DispatchQueue(label: "tilerace.tests.client-connection")
        let connection: ClientConnection
        // Owned by `queue`.
        private var recorded: [ClientConnection.Event] = []
        private let arrived = DispatchSemaphore(value: 0)

        init(writePolicy: ClientConnection.WritePolicy = .endOfTurn) {
            connection = ClientConnection(queue: queue, writePolicy: writePolicy)
        }

        /// Connects to `port` on 127.0.0.1 with the connection's own connector.
        func connect(port: Int) {
            queue.sync { connection.connect(host: "127.0.0.1", port: port) { [weak self] event in self?.record(event) } }
        }

        /// Connects a socket here, then hands it to the connection.
        func start(port: Int) throws {
            let fd = try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5000, isNonBlocking: true)
            queue.sync { connection.start(socket: fd) { [weak self] event in self?.record(event) } }
        }

        private func record(_ event: ClientConnection.Event) {
            recorded.append(event)
            arrived.signal()
        }

        var events: [ClientConnection.Event] { queue.sync { recorded } }

        /// Sends requests in one turn of the queue.
        func send(_ messages: ClientMessage...) {
            queue.sync { _ = connection.send(messages) }
        }

        func close() {
            queue.sync { connection.close() }
        }

        /// Waits until `count` events arrived (5 s at most); returns them all.
        func wait(for count: Int) -> [ClientConnection.Event] {
            let deadline = DispatchTime.now() + .seconds(5)
            while events.count < count {
                guard arrived.wait(timeout: deadline) == .success else { break }
            }
            return events
        }
    }

    /// A scripted server that accepted `rig`'s connection and greeted it.
    private func greeted(_ rig: Rig, adopting: Bool = false) throws -> ScriptedPeer {
        let peer = try #require(ScriptedPeer())
        if adopting { try rig.start(port: peer.port) } else { rig.connect(port: peer.port) }
        #expect(peer.accept())
        peer.send("HELLO tilerace 1 server=scripted")
        #expect(rig.wait(for: 1).first == .greeted(Greeting(version: 1, server: "scripted")))
        return peer
    }

    @Test func anUnreadableOKAnswersItsRequestAndLaterRepliesReachTheirs() throws {
        let rig = Rig()
        let peer = try greeted(rig, adopting: true)
        rig.send(.ready(true), .rooms, .who)
        #expect(peer.readLine() == "READY yes")
        #expect(peer.readLine() == "ROOMS")
        #expect(peer.readLine() == "WHO")
        let room = "ROOM room=daily state=waiting size=4 target=2048 assists=no limit=0 private=no players=0 watchers=0"
        peer.send("OK READY ready=perhaps", room, "OK ROOMS count=1", "ERR not-in-room join a room first")
        let events = rig.wait(for: 4).dropFirst()
        #expect(events.count == 3)
        guard events.count == 3 else { return }
        let replies = Array(events)
        guard case .reply(.ready(true, nil), .failure(let unreadable), let none) = replies[0] else {
            Issue.record("expected READY's reply first, got \(replies[0])")
            return
        }
        #expect(unreadable.code == .internal)
        #expect(unreadable.message.hasPrefix("unreadable reply: "))
        #expect(none.isEmpty)
        #expect(replies[1] == .reply(.rooms, .success(.rooms(count: 1)), items: [try ServerMessage.parse(room)]))
        #expect(replies[2] == .reply(.who, .failure(ProtocolError(.notInRoom, "join a room first")), items: []))
    }

    @Test func requestsWaitForTheGreetingAndOneTurnsMovesGoOutAsOneLine() throws {
        let peer = try #require(ScriptedPeer())
        let rig = Rig()
        rig.connect(port: peer.port)
        rig.send(.move(seq: 1, entries: [.move(.left)]), .move(seq: 2, entries: [.move(.up)]))
        #expect(peer.accept())
        #expect(peer.readLine(milliseconds: 200) == nil)
        peer.send("HELLO tilerace 1")
        #expect(peer.readLine() == "MOVE 1 LU")
    }

    @Test func sentAtOnceEachRequestIsItsOwnLine() throws {
        let rig = Rig(writePolicy: .immediately)
        let peer = try greeted(rig)
        rig.send(.move(seq: 1, entries: [.move(.left)]))
        #expect(peer.readLine() == "MOVE 1 L")
        rig.send(.move(seq: 2, entries: [.move(.up)]))
        #expect(peer.readLine() == "MOVE 2 U")
    }

    @Test func pingsAreAnsweredAndTheEndComesWithTheServersBye() throws {
        let rig = Rig()
        let peer = try greeted(rig)
        peer.send("PING t7")
        #expect(peer.readLine() == "PONG t7")
        peer.send("BYE going away")
        peer.hangUp()
        #expect(
            Array(rig.wait(for: 3).dropFirst()) == [.answeredPing, .ended(reason: "the server closed the connection", bye: "going away")])
        // Nothing more is sent on an ended connection.
        #expect(rig.queue.sync { !rig.connection.send(.rooms) })
    }

    @Test func nobodyListeningIsAConnectFailure() throws {
        let closed = try #require(TestSockets.boundButNotListening())
        let rig = Rig()
        rig.connect(port: closed.port)
        #expect(rig.wait(for: 1) == [.connectFailed("connection refused")])
    }

    @Test func closingStopsEveryReport() throws {
        let rig = Rig()
        let peer = try greeted(rig)
        rig.send(.rooms)
        #expect(peer.readLine() == "ROOMS")
        rig.close()
        peer.send("OK ROOMS count=0", "BYE bye")
        peer.hangUp()
        // Whatever the socket still reported would have run before this barrier.
        rig.queue.sync {}
        #expect(rig.events.count == 1)
    }
}
