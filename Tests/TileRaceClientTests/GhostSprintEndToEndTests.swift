import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceRedisProcess
import TileRaceServerTestSupport
import TileRaceTestSupport
import TileRaceTransport

@testable import TileRaceClient

/// The ghost of a sprint, against a real server on 127.0.0.1, on each store:
/// ana's practice reaches 2048 on the server's seed, sent at a program's
/// speed, so it is held for review (docs/fair-play.md) until the operator
/// approves it onto the sprint board; bo races it with `tilerace play --ghost ana --board sprint`, on its
/// seed, and its ghost reaches 2048 exactly at ana's sprint time.
@Suite struct GhostSprintEndToEndTests {
    enum Store: String, CaseIterable, CustomTestStringConvertible {
        case journal, redis
        var testDescription: String { rawValue }
    }

    /// Sends a request and reads up to its reply (`OK`/`ERR`), past any event.
    private func ask(_ line: String, on client: LineClient) throws -> String {
        try client.send(line)
        while let reply = try client.readLine() {
            if reply.hasPrefix("OK ") || reply.hasPrefix("ERR ") { return reply }
        }
        throw LineClient.Failure(message: "the connection closed before the reply to \(line)")
    }

    @Test(arguments: RedisForTests.stores(redis: Store.redis))
    func aSprintsGhostReachesTheTargetAtTheSprintTime(_ store: Store) throws {
        var redis: RedisServerProcess?
        if store == .redis {
            let started = try RedisForTests.start()
            redis = started
        }
        defer { redis?.stop() }
        let host = try TestHost { configuration in
            if let redis { configuration.redisStore = .server(redis.address) }
            configuration.operatorSecret = "sprint-ghost-secret"
        }

        // ana's sprint, over the wire, on the seed the server chose.
        let ana = try LineClient(host: "127.0.0.1", port: host.port)
        _ = try ana.readLine()
        #expect(try ask("HELLO tilerace 1 ana", on: ana).hasPrefix("OK HELLO"))
        var seed = ""
        var found: [Direction]?
        for _ in 0..<8 where found == nil {
            guard case .ok(.practice(let options)) = try ServerMessage.parse(try ask("PRACTICE", on: ana)) else {
                Issue.record("PRACTICE was refused")
                return
            }
            seed = try #require(options.seed)
            found = SprintMoves.toReach2048(seedText: seed)
            if found == nil { _ = try ask("RESIGN", on: ana) }
        }
        let moves = try #require(found, "the bot reaches 2048 on one of 8 seeds")
        var seq = 1
        for batch in SprintMoves.batches(moves) {
            #expect(try ask("MOVE \(seq) \(batch)", on: ana).hasPrefix("OK MOVE"))
            seq += batch.count
        }
        _ = try ask("RESIGN", on: ana)
        guard case .ok(.submit(let receipt)) = try ServerMessage.parse(try ask("SUBMIT ana", on: ana)) else {
            Issue.record("SUBMIT was refused")
            return
        }
        let sprint = try #require(receipt.sprintTime, "ana's game is a sprint")
        #expect(receipt.held == "rate")
        #expect(try ask("AUTH sprint-ghost-secret", on: ana) == "OK AUTH operator=yes")
        try ana.send("REVIEW")
        let held = try #require(try ana.readLine())
        guard case .held(let item) = try ServerMessage.parse(held) else {
            Issue.record("not a HELD item: \(held)")
            return
        }
        #expect(try ana.readLine() == "OK REVIEW count=1")
        #expect(try ask("APPROVE \(item.id)", on: ana) == "OK APPROVE id=\(item.id)")

        // bo: tilerace play --ghost ana --board sprint.
        let bo = HeadlessClient("bo", endpoint: host.endpoint, nickname: "bo") {
            $0.ghost = RecordQuery(nickname: "ana", board: .sprint)
        }
        try bo.waitUntil("the ghost race") { $0.screen == .game && $0.session?.ghost?.name == "ana" }
        let ghost = try #require(bo.model.session?.ghost)
        #expect(bo.model.session?.game.seed.text == seed)
        #expect(ghost.target == 2048)
        #expect(ghost.isTimed)
        #expect(ghost.targetTime == sprint, "the ghost makes 2048 at the sprint time")
        // bo plays; the server plays it too, as a ghost race (PRACTICE ... ghost=yes goes with the first move).
        bo.play(limit: 3) { _ in false }
        try bo.waitUntil("the server's copy") { $0.session?.isServerCopyConfirmed == true }
        try bo.waitUntil("the ghost moves") { ($0.session?.ghost?.position ?? 0) > 0 }
    }
}
