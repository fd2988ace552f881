import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Connection rules in the state machine: greeting, idle, rate limits, join
/// codes, the connection limit, and a leaderboard that cannot be saved.
struct CoreConnectionTests {
    @Test func greetsThenPingsAQuietConnectionThenClosesASilentOne() {
        let harness = CoreHarness()
        let id = harness.connect()
        #expect(
            harness.take(id) == [
                "HELLO tilerace 1 server=tilerace-test line=1024 idle=120 features=resync,ratings,queue,strength,via,reports,arena"
            ])
        #expect(harness.ask(id, "HELLO tilerace 1").map { $0.prefix(17) } == ["OK HELLO session="])
        harness.advance(44_000)
        #expect(harness.take(id).isEmpty)
        harness.advance(1000)
        #expect(harness.take(id) == ["PING"])
        harness.advance(30_000)
        #expect(harness.take(id).isEmpty)  // one PING per silence
        harness.send(id, "PONG")
        #expect(harness.take(id).isEmpty)  // PONG is not a request
        harness.advance(119_000)
        #expect(harness.take(id) == ["PING"])
        #expect(!harness.isClosed(id))
        harness.advance(1000)
        #expect(harness.take(id) == ["BYE idle"])
        #expect(harness.isClosed(id))
    }

    @Test func floodingIsRefusedThenDisconnected() {
        let harness = CoreHarness()
        let id = harness.player("ana")
        harness.sendBytes(id, Array(String(repeating: "PING\n", count: 450).utf8))
        let lines = harness.take(id)
        #expect(lines.filter { $0 == "PONG" }.count == 399)  // HELLO took the 400th token
        #expect(lines.filter { $0.errorCode == "flood" }.count == 51)
        #expect(!harness.isClosed(id))
        harness.advance(100)  // 20 more tokens
        harness.sendBytes(id, Array(String(repeating: "PING\n", count: 120).utf8))
        let more = harness.take(id)
        #expect(more.filter { $0 == "PONG" }.count == 20)
        #expect(more.filter { $0.errorCode == "flood" }.count == 100)
        #expect(more.last == "BYE too many requests")
        #expect(harness.isClosed(id))
    }

    @Test func wrongJoinCodesAreLimitedAndIndistinguishableFromMissingRooms() {
        let harness = CoreHarness()
        let host = harness.player("host")
        #expect(harness.ask(host, "CREATE secret code=s3cr3t").first?.hasSuffix("private=yes players=1 watchers=0") == true)
        let guesser = harness.player("guesser")
        #expect(
            harness.ask(guesser, "ROOMS") == [
                "ROOM room=daily state=waiting size=4 target=2048 assists=no limit=0 private=no players=0 watchers=0",
                "OK ROOMS count=1",
            ])
        let missing = harness.ask(guesser, "JOIN nowhere")
        let noCode = harness.ask(guesser, "JOIN secret")
        #expect(missing == ["ERR room-unavailable no room nowhere is open to you (it does not exist, or it needs a join code)"])
        #expect(noCode == missing.map { $0.replacingOccurrences(of: "nowhere", with: "secret") })
        // Wrong codes and codes for missing rooms count alike: five a minute.
        for room in ["secret", "nowhere", "secret", "nowhere", "secret"] {
            #expect(harness.ask(guesser, "WATCH \(room) code=guess").first?.errorCode == "room-unavailable")
        }
        let sixth = harness.ask(guesser, "JOIN secret code=s3cr3t")
        #expect(sixth == ["ERR flood too many wrong join codes from your address; try again in 60 s"])
        harness.advance(60_000)
        #expect(harness.take(guesser) == ["PING"])
        #expect(harness.ask(guesser, "JOIN secret code=s3cr3t").first?.hasPrefix("OK JOIN room=secret") == true)
        _ = harness.ask(guesser, "LEAVE")
        // After 20 refused attempts the connection is closed.
        var lines: [String] = []
        for _ in 0..<14 { lines += harness.ask(guesser, "JOIN secret code=wrong") }
        #expect(lines.filter { $0.errorCode == "flood" }.count == 9)
        #expect(lines.last == "BYE too many wrong join codes")
        #expect(harness.isClosed(guesser))
    }

    @Test func connectionsBeyondTheLimitAreTurnedAway() {
        var limits = ServerLimits.standard
        limits.maximumConnections = 2
        let harness = CoreHarness(limits: limits)
        let first = harness.connect()
        _ = harness.connect()
        let third = harness.connect()
        #expect(
            harness.take(third) == [
                "ERR server-full the server has its maximum of 2 connections; try again later", "BYE server full",
            ])
        #expect(harness.isClosed(third))
        harness.disconnect(first)
        let fourth = harness.connect()
        #expect(harness.take(fourth).first?.hasPrefix("HELLO tilerace 1") == true)
    }

    @Test func aLeaderboardThatCannotBeSavedGivesInternalAndKeepsTheGame() {
        let store = FailingStore(isFailing: true)
        let harness = CoreHarness(store: store)
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42")
        _ = harness.ask(ana, "RESIGN")
        #expect(
            harness.ask(ana, "SUBMIT ana") == [
                "ERR internal the leaderboard could not be saved; your game was not recorded, try again"
            ])
        #expect(
            harness.logs.contains { $0.contains("leaderboard not saved: cannot write /data/leaderboard.journal: No space left on device") })
        store.isFailing = false
        #expect(harness.ask(ana, "SUBMIT ana").first?.hasPrefix("OK SUBMIT nick=ana board=all score=0 rank=1") == true)
        #expect(harness.ask(ana, "SUBMIT ana").first?.errorCode == "nothing-to-submit")
    }

    @Test func aConnectionMustSayHelloInTime() {
        let harness = CoreHarness()
        let id = harness.connect()
        _ = harness.take(id)
        harness.send(id, "PING")  // a whole line, but not HELLO
        harness.advance(ServerLimits.standard.helloMilliseconds - 1)
        #expect(!harness.isClosed(id))
        harness.advance(ServerLimits.standard.sweepMilliseconds)
        #expect(harness.take(id) == ["PONG", "BYE no HELLO in time"])
        #expect(harness.isClosed(id))
        #expect(harness.logs.contains { $0.hasSuffix("closed: no HELLO within 30 s") })
    }

    @Test func bytesTrickledWithoutALineEndDoNotKeepAConnection() {
        let harness = CoreHarness()
        let id = harness.player("ana")
        // Slowloris: one byte every few seconds, never a line end.
        for _ in 0..<3 {
            harness.sendBytes(id, Array("T".utf8))
            harness.advance(3_000)
        }
        #expect(!harness.isClosed(id))
        harness.advance(ServerLimits.standard.lineMilliseconds - 9_000 + ServerLimits.standard.sweepMilliseconds)
        #expect(harness.take(id) == ["BYE line not finished in time"])
        #expect(harness.isClosed(id))
    }

    @Test func aPartialLineIsNotActivity() {
        let harness = CoreHarness()
        let id = harness.player("ana")
        harness.advance(ServerLimits.standard.pingMilliseconds - 1_000)
        harness.sendBytes(id, Array("PI".utf8))
        // The bytes came, but no whole line: the silence goes on, and the PING comes on time.
        harness.advance(1_000)
        #expect(harness.take(id) == ["PING"])
        harness.sendBytes(id, Array("NG\n".utf8))
        #expect(harness.take(id) == ["PONG"])
    }

    @Test func requirementsAreCheckedInOrderBeforeArguments() {
        let harness = CoreHarness()
        let id = harness.connect()
        _ = harness.take(id)
        #expect(harness.ask(id, "ROOMS extra") == ["ERR hello-first send HELLO tilerace 1 [nick] first"])
        #expect(harness.ask(id, "frob") == ["ERR unknown-verb unknown request 'frob'; send HELP for the list"])
        #expect(harness.ask(id, "hello tilerace 1").map { $0.prefix(17) } == ["OK HELLO session="])
        #expect(harness.ask(id, "CREATE r size=99") == ["ERR no-nick set a nickname first: NICK <nick>"])
        #expect(harness.ask(id, "nick ana") == ["OK NICK nick=ana"])
        #expect(harness.ask(id, "CREATE r size=99").first?.errorCode == "bad-option")
        #expect(harness.ask(id, "   ") == [])
        #expect(harness.ask(id, "") == [])
    }
}

/// A leaderboard store whose disk is full while `isFailing`.
final class FailingStore: LeaderboardPersisting {
    private let inner = LeaderboardStore.inMemory()
    var isFailing: Bool

    init(isFailing: Bool = false) {
        self.isFailing = isFailing
    }

    var leaderboard: Leaderboard { inner.leaderboard }
    var warnings: [String] { [] }

    func commit(_ records: [LeaderboardRecord]) throws(StoreError) -> [String] {
        if isFailing {
            throw .io(operation: "write", path: "/data/leaderboard.journal", reason: "No space left on device")
        }
        return try inner.commit(records)
    }

    func close() {}
}
