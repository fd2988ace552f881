import Dispatch
import Testing
import TileRaceProtocol
import TileRaceServerTestSupport
import TileRaceTestSupport
import TileRaceTransport

@testable import TileRaceClient

/// A player who quits is gone at once for the others: the client says
/// `QUIT` and waits for the server's goodbye, so the server never holds the
/// seat as it does for a lost connection (30 s here, the default).
@Suite struct QuitEndToEndTests {
    /// ana speaks the protocol by hand, in room fri; she reads with a deadline.
    private final class Ana {
        let client: LineClient

        init(port: Int) throws {
            client = try LineClient(host: "127.0.0.1", port: port)
            _ = try read(until: "HELLO")
            try client.send("HELLO tilerace 1 ana")
            _ = try read(until: "OK HELLO")
            try client.send("CREATE fri")
            _ = try read(until: "OK CREATE")
        }

        /// The first line starting with `prefix`, within `milliseconds` in all.
        func read(until prefix: String, milliseconds: Int = 5000) throws -> String {
            let deadline = QuitEndToEndTests.now() + milliseconds
            while case let left = deadline - QuitEndToEndTests.now(), left > 0, let line = try client.readLine(timeoutMilliseconds: left) {
                if line.hasPrefix(prefix) { return line }
            }
            throw WaitFailure(description: "ana: no \(prefix) within \(milliseconds) ms")
        }
    }

    static func now() -> Int {
        Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }

    /// Well below the 30 s a lost connection's seat is held, with room for a busy machine.
    private static let promptlyMilliseconds = 3000

    @Test func quittingARaceTellsTheRoomAtOnce() throws {
        let host = try TestHost()
        let ana = try Ana(port: host.port)
        let bo = HeadlessClient("bo", endpoint: host.endpoint, nickname: "bo", room: "fri")
        try bo.waitUntil("in room fri") { $0.screen == .room && $0.room?.players.count == 2 }
        try ana.client.send("READY")
        bo.press(.character("r"))
        try bo.waitUntil("racing") { $0.session?.isRace == true }
        _ = try ana.read(until: "START room=fri")
        let pressed = QuitEndToEndTests.now()
        bo.press(.control("c"))
        let finish = try ana.read(until: "FINISH room=fri nick=bo", milliseconds: QuitEndToEndTests.promptlyMilliseconds)
        #expect(finish.contains("reason=left"))
        _ = try ana.read(until: "LEFT room=fri nick=bo", milliseconds: QuitEndToEndTests.promptlyMilliseconds)
        #expect(QuitEndToEndTests.now() - pressed < QuitEndToEndTests.promptlyMilliseconds)
        // bo's client heard the goodbye (the server closed the connection) before its wait ran out.
        try bo.waitUntil("gone") { _ in bo.quitEndedConnection != nil }
        #expect(bo.quitEndedConnection == true)
        #expect(bo.model.network.resuming == nil)
        #expect(bo.model.overlay == nil)
    }

    @Test func quittingFromTheMenuLeavesTheRoomAtOnce() throws {
        let host = try TestHost()
        let ana = try Ana(port: host.port)
        let bo = HeadlessClient("bo", endpoint: host.endpoint, nickname: "bo", room: "fri")
        try bo.waitUntil("in room fri") { $0.screen == .room && $0.room?.players.count == 2 }
        _ = try ana.read(until: "JOINED room=fri nick=bo")
        // Back at the menu the room is kept (a seat to come back to); `q` quits.
        bo.change { $0.screen = .menu }
        bo.press(.character("q"))
        _ = try ana.read(until: "LEFT room=fri nick=bo", milliseconds: QuitEndToEndTests.promptlyMilliseconds)
        try bo.waitUntil("gone") { _ in bo.quitEndedConnection != nil }
        #expect(bo.quitEndedConnection == true)
    }

    @Test func aServerThatNeverSaysGoodbyeIsWaitedForOnlyAMoment() throws {
        let peer = try #require(ScriptedPeer())
        let bo = HeadlessClient("bo", endpoint: ServerEndpoint(host: "127.0.0.1", port: peer.port), nickname: "bo")
        #expect(peer.accept())
        peer.send("HELLO tilerace 1 server=scripted")
        #expect(peer.readLine() == "HELLO tilerace 1 bo")
        peer.send("OK HELLO nick=bo session=0d6e2b9a4c8f1e3d5a7b9c0e2f4a6b8d")
        try bo.waitUntil("connected") { $0.connection.isConnected }
        let pressed = QuitEndToEndTests.now()
        bo.press(.control("c"))
        #expect(peer.readLine() == "QUIT")
        try bo.waitUntil("gone") { _ in bo.quitEndedConnection != nil }
        let waited = QuitEndToEndTests.now() - pressed
        #expect(bo.quitEndedConnection == false)
        #expect(waited >= EffectInterpreter.goodbyeWaitMilliseconds - 20)
        #expect(waited < 2000)
        #expect(bo.model.overlay == nil)
    }

    @Test func offlineQuittingDoesNotWait() throws {
        let (fd, port) = try #require(TestSockets.boundButNotListening())
        defer { FileDescriptor.close(fd) }
        let bo = HeadlessClient("bo", endpoint: ServerEndpoint(host: "127.0.0.1", port: port), nickname: "bo")
        try bo.waitUntil("refused") { if case .lost = $0.connection { true } else { false } }
        bo.press(.control("c"))
        #expect(bo.quitEndedConnection == true)
    }
}
