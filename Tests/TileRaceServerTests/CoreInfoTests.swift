import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceServer

/// `INFO`: version, uptime, players, rooms, races, moves per second and the
/// store, for the whole server, naming no address.
struct CoreInfoTests {
    private func info(_ line: String) throws -> ServerInfo {
        guard case .ok(.info(let info)) = try ServerMessage.parse(line) else {
            Issue.record("not an OK INFO: \(line)")
            return ServerInfo(
                version: "", uptimeSeconds: 0, players: 0, rooms: 0, races: 0, tenthsOfMovesPerSecond: 0, store: .memory,
                isStoreUp: false)
        }
        return info
    }

    /// The reply to `INFO` from `id` (events around it skipped).
    private func ask(_ harness: CoreHarness, _ id: ConnectionID) throws -> ServerInfo {
        try info(try #require(harness.ask(id, "INFO").first { $0.hasPrefix("OK ") || $0.hasPrefix("ERR ") }))
    }

    @Test func aFreshServerSaysItsVersionAndThatItIsIdle() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(
            harness.ask(ana, "INFO") == [
                "OK INFO version=\(TileRaceVersion.current) uptime=0 players=1 rooms=1 races=0 moves-per-second=0.0 store=memory store-up=yes"
            ])
    }

    @Test func onlyAGreetedClientMayAsk() {
        let harness = CoreHarness()
        let stranger = harness.connect()
        _ = harness.take(stranger)
        #expect(harness.ask(stranger, "INFO") == ["ERR hello-first send HELLO tilerace 1 [nick] first"])
        _ = harness.ask(stranger, "HELLO tilerace 1")
        #expect(harness.ask(stranger, "INFO now") == ["ERR bad-arguments usage: INFO takes no arguments"])
    }

    @Test func itCountsPlayersRoomsRacesMovesAndUptime() throws {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        let eve = harness.player("eve")
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.ask(eve, "WATCH r")
        _ = harness.ask(ana, "READY")
        _ = harness.ask(bo, "READY")
        harness.advance(3000)
        for id in [ana, bo, eve] { _ = harness.take(id) }
        var player = try Autoplayer(seed: "1")
        var sequence = 1
        // 30 moves in one line, then 30 one a second: 60 in the last minute.
        let batch = (0..<30).map { _ in String(player.next()!.letter) }.joined()
        _ = harness.ask(ana, "MOVE \(sequence) \(batch)")
        sequence += 30
        for _ in 0..<30 {
            harness.advance(1000)
            _ = harness.ask(ana, "MOVE \(sequence) \(player.next()!.letter)")
            sequence += 1
        }
        let busy = try ask(harness, eve)
        #expect(busy.uptimeSeconds == 33)
        #expect((busy.players, busy.rooms, busy.races) == (3, 2, 1))
        #expect(busy.movesPerSecondText == "1.0")
        // A minute later, the first 30 moves have left the window.
        harness.advance(30_500)
        #expect(try ask(harness, eve).movesPerSecondText == "0.5")
        harness.advance(31_000)
        _ = harness.ask(bo, "QUIT")
        let quiet = try ask(harness, eve)
        #expect(quiet.movesPerSecondText == "0.0")
        #expect(quiet.players == 2)
    }

    @Test func itNamesNoAddress() {
        let harness = CoreHarness()
        let ana = harness.connect(from: "10.1.2.3")
        harness.send(ana, "HELLO tilerace 1 ana")
        _ = harness.take(ana)
        let reply = harness.ask(ana, "INFO").joined()
        #expect(reply.hasPrefix("OK INFO "))
        #expect(!reply.contains("10.1.2.3") && !reply.contains("127.0.0.1") && !reply.contains("ana"))
    }

    @Test func aStoreThatDoesNotAnswerIsDown() throws {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        harness.holdsLeaderboard = true
        harness.send(ana, "INFO")
        #expect(harness.take(ana).isEmpty)
        let asked = try #require(harness.heldRequests.first)
        #expect(asked.request == .status)
        let failure = LeaderboardAnswer.failed(ProtocolError(.unavailable, "down"), reason: nil)
        harness.answer(asked.id, with: failure)
        let lines = harness.take(ana)
        #expect(try info(try #require(lines.first)).isStoreUp == false)
    }

    /// A data directory whose last write failed (a full disk) is down until a write succeeds.
    @Test func aFileStoreIsDownWhileItsWritesFail() throws {
        let store = FailingStore(isFailing: true)
        let harness = CoreHarness(store: store)
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42")
        _ = harness.ask(ana, "RESIGN")
        #expect(try ask(harness, ana).isStoreUp)
        #expect(harness.ask(ana, "SUBMIT ana").first?.errorCode == "internal")
        #expect(try ask(harness, ana).isStoreUp == false)
        store.isFailing = false
        #expect(harness.ask(ana, "SUBMIT ana").first?.hasPrefix("OK SUBMIT") == true)
        #expect(try ask(harness, ana).isStoreUp)
    }

    @Test func withShardsTheFiguresAreTheWholeServers() throws {
        let harness = ShardsHarness(shards: 3)
        let ana = harness.player("ana", on: 0)
        let bo = harness.player("bo", on: 1)
        let cy = harness.player("cy", on: 2)
        harness.send(ana, "CREATE one")
        harness.send(bo, "CREATE two")
        harness.send(cy, "PRACTICE seed=7")
        var player = try Autoplayer(seed: "7")
        _ = harness.take(cy)
        harness.send(cy, "MOVE 1 \((0..<6).map { _ in String(player.next()!.letter) }.joined())")
        #expect(harness.take(cy).first?.hasPrefix("OK MOVE seq=6 ") == true)
        for id in [ana, bo] { _ = harness.take(id) }
        // A shard adds its moves to the shared count once a second, and before
        // it answers INFO: cy's shard first, then the others see them too.
        for id in [cy, ana, bo] {
            harness.send(id, "INFO")
            let reply = try info(try #require(harness.take(id).first))
            #expect((reply.players, reply.rooms, reply.races) == (3, 3, 0))
            #expect(reply.movesPerSecondText == "0.1")
        }
    }
}
