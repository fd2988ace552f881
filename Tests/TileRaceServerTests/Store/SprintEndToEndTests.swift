import Foundation
import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceRedisProcess
import TileRaceServerTestSupport
import TileRaceTestSupport

@testable import TileRaceServer

/// A sprint played against a real server on 127.0.0.1, on each store. At a
/// person's pace it enters the sprint boards at once with the server's time,
/// `TOP board=sprint` shows it, and `RECORD` of it is timed and replays to the
/// entry. Sent at a program's speed it is held for review (docs/fair-play.md):
/// the player is told, no board shows it, the operator's `REVIEW` lists it
/// after a restart, and once approved it is on the boards, after another.
@Suite struct SprintEndToEndTests {
    enum Store: String, CaseIterable, CustomTestStringConvertible {
        case journal, redis
        var testDescription: String { rawValue }
    }

    static let secret = "operator-secret-of-the-sprint-tests"

    /// A server on `store`, started again by `restart` on the same data.
    final class Servers {
        let store: Store
        let directory = TemporaryDirectory()
        var redis: RedisServerProcess?
        let clock: any ServerClock
        private(set) var server: TestServer

        init(_ store: Store, clock: any ServerClock = SystemClock()) throws {
            self.store = store
            self.clock = clock
            if store == .redis { redis = try RedisForTests.start() }
            server = try Self.start(store, directory: directory.path, redis: redis, clock: clock)
        }

        private static func start(_ store: Store, directory: String, redis: RedisServerProcess?, clock: any ServerClock) throws
            -> TestServer
        {
            switch store {
            case .journal: try TestServer(dataDirectory: directory, clock: clock, operatorSecret: SprintEndToEndTests.secret)
            case .redis: try TestServer(clock: clock, redis: redis?.address, operatorSecret: SprintEndToEndTests.secret)
            }
        }

        func restart() throws {
            server.stop()
            server = try Self.start(store, directory: directory.path, redis: redis, clock: clock)
        }

        deinit {
            server.stop()
            redis?.stop()
        }
    }

    /// A practice on a seed the server chose where the bot reaches 2048, and its moves.
    private func practiceToSprint(_ ana: TestClient) throws -> (seed: String, moves: [Direction]) {
        // On the rare seed where the bot falls short of 2048, start another.
        var seed = ""
        var found: [Direction]?
        for _ in 0..<8 where found == nil {
            seed = try #require(try ana.ask("PRACTICE").field("seed"))
            found = SprintMoves.toReach2048(seedText: seed)
            if found == nil { _ = try ana.ask("RESIGN") }
        }
        return (seed, try #require(found, "the bot reaches 2048 on one of 8 seeds"))
    }

    private func submit(_ ana: TestClient) throws -> SubmitReceipt? {
        _ = try ana.ask("RESIGN")
        let submitted = try ana.ask("SUBMIT ana")
        guard case .ok(.submit(let receipt)) = try ServerMessage.parse(submitted) else {
            Issue.record("not OK SUBMIT: \(submitted)")
            return nil
        }
        return receipt
    }

    @Test(arguments: RedisForTests.stores(redis: Store.redis))
    func aSprintAtAPersonsPaceEntersTheSprintBoardAtOnceWithTheServersTime(_ store: Store) throws {
        let clock = ManualClock()
        let servers = try Servers(store, clock: clock)
        let ana = try servers.server.client("ana")
        let (seed, moves) = try practiceToSprint(ana)
        // One move a line, 180 to 420 ms apart by the server's clock: about four a second.
        var elapsed = 0
        for (index, move) in moves.enumerated() {
            if index > 0 {
                let gap = [180, 260, 420][index % 3]
                clock.advance(gap)
                elapsed += gap
            }
            let reply = try ana.ask("MOVE \(index + 1) \(move.letter)")
            #expect(reply.hasPrefix("OK MOVE"), "\(reply)")
        }
        let receipt = try #require(try submit(ana))
        let sprint = try #require(receipt.sprintTime, "not a sprint: \(receipt)")
        #expect(receipt.held == nil)
        #expect(sprint == elapsed)
        #expect(receipt.sprintRank == 1 && receipt.sprintBest == sprint && receipt.sprintImproved == true)
        // TOP board=sprint and board=sprint-daily show it, at the same time.
        for board in ["sprint", "sprint-daily"] {
            let top = try ana.request("TOP board=\(board)")
            #expect(top.count == 2, "\(top)")
            guard case .entry(let entry) = try ServerMessage.parse(top[0]) else {
                Issue.record("not an ENTRY: \(top)")
                return
            }
            #expect(entry.sprintTime == sprint && entry.nickname == "ana" && entry.seed == seed && entry.rank == 1)
        }
        try expectTimedRecord(ana, seed: seed, moves: moves, sprint: sprint)
    }

    @Test(arguments: RedisForTests.stores(redis: Store.redis))
    func aSprintSentAtAProgramsSpeedIsHeldUntilTheOperatorApprovesIt(_ store: Store) throws {
        let servers = try Servers(store)
        let ana = try servers.server.client("ana")
        let (seed, moves) = try practiceToSprint(ana)
        let started = Date()
        var seq = 1
        for batch in SprintMoves.batches(moves) {
            let reply = try ana.ask("MOVE \(seq) \(batch)")
            #expect(reply.hasPrefix("OK MOVE"), "\(reply)")
            seq += batch.count
        }
        let measured = Int(Date().timeIntervalSince(started) * 1000) + 1
        let receipt = try #require(try submit(ana))
        let sprint = try #require(receipt.sprintTime, "not a sprint: \(receipt)")
        #expect(sprint <= measured)
        #expect(receipt.held == "rate")
        #expect(receipt.rank == nil && receipt.improved == false && receipt.sprintRank == nil && receipt.sprintImproved == false)
        for board in ["all", "sprint", "sprint-daily"] {
            #expect(try ana.request("TOP board=\(board)").last?.contains(" total=0 ") == true, "\(board)")
        }

        // After a restart its player sees it held as its own, nobody else does, and the operator finds it and approves it.
        try servers.restart()
        let own = try servers.server.client("ana").request("REVIEW")
        #expect(own.count == 2 && own[0].hasPrefix("HELD ") && own[0].contains(" nick=ana rule=rate "), "\(own)")
        #expect(try servers.server.client("cyd").request("REVIEW") == ["OK REVIEW count=0"])
        let admin = try servers.server.client("admin")
        #expect(try admin.ask("AUTH \(Self.secret)") == "OK AUTH operator=yes")
        let review = try admin.request("REVIEW")
        #expect(review.count == 2, "\(review)")
        guard case .held(let held) = try ServerMessage.parse(review[0]) else {
            Issue.record("not a HELD item: \(review)")
            return
        }
        #expect(held.nickname == "ana" && held.rule == "rate" && held.sprintTime == sprint && held.result.seed == seed)
        #expect(review.last == "OK REVIEW count=1")
        #expect(try admin.ask("APPROVE \(held.id)") == "OK APPROVE id=\(held.id)")
        #expect(try admin.ask("APPROVE \(held.id)").hasPrefix("ERR no-record "))

        // Approved, it is on the boards, and stays there after another restart.
        try servers.restart()
        let bo = try servers.server.client("bo")
        #expect(try bo.request("AUTH wrong").last?.hasPrefix("ERR bad-secret") == true)
        for board in ["sprint", "sprint-daily"] {
            let top = try bo.request("TOP board=\(board)")
            #expect(top.count == 2, "\(top)")
            guard case .entry(let entry) = try ServerMessage.parse(top[0]) else { return }
            #expect(entry.sprintTime == sprint && entry.nickname == "ana" && entry.seed == seed && entry.rank == 1)
        }
        let admin2 = try servers.server.client("admin")
        #expect(try admin2.ask("AUTH \(Self.secret)") == "OK AUTH operator=yes")
        #expect(try admin2.request("REVIEW") == ["OK REVIEW count=0"])
        try expectTimedRecord(bo, seed: seed, moves: moves, sprint: sprint)
    }

    /// RECORD of the sprint entry is timed: the entry that made 2048 is at the sprint time, and it replays to the entry.
    private func expectTimedRecord(_ client: TestClient, seed: String, moves: [Direction], sprint: Int) throws {
        let record = try client.request("RECORD ana board=sprint")
        #expect(record.last?.hasPrefix("OK RECORD nick=ana seed=\(seed) ") == true, "\(record)")
        let log = try GameLog(parsing: RecordChunks.join(record.dropLast().map { String($0.dropFirst(4)) }))
        #expect(log.isTimed)
        #expect(log.times?[moves.count - 1] == sprint)
        #expect(log.entries.prefix(moves.count) == ArraySlice(moves.map(GameLog.Entry.move)))
        let replay = try Replay.run(seedText: seed, log: log.description)
        let top = try client.request("TOP board=sprint")
        guard case .entry(let entry) = try ServerMessage.parse(top[0]) else { return }
        #expect(entry.result.differences(from: replay.game).isEmpty)
        #expect(replay.game.board.largestValue >= 2048)
    }
}
