import Foundation
import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceRedisProcess
import TileRaceServerTestSupport
import TileRaceTestSupport

@testable import TileRaceServer

/// A sprint played against a real server on 127.0.0.1, on each store: it
/// enters the sprint boards with the server's time, `TOP board=sprint` shows
/// it, and `RECORD` of it is timed and replays to the entry.
@Suite struct SprintEndToEndTests {
    enum Store: String, CaseIterable, CustomTestStringConvertible {
        case journal, redis
        var testDescription: String { rawValue }
    }

    @Test(arguments: RedisForTests.stores(redis: Store.redis))
    func aSprintReachedInPracticeEntersTheSprintBoardWithTheServersTime(_ store: Store) throws {
        let directory = TemporaryDirectory()
        var redis: RedisServerProcess?
        let server: TestServer
        switch store {
        case .journal:
            server = try TestServer(dataDirectory: directory.path)
        case .redis:
            let started = try RedisForTests.start()
            redis = started
            server = try TestServer(redis: started.address)
        }
        defer {
            server.stop()
            redis?.stop()
        }
        let ana = try server.client("ana")
        // The server picks the seed; on the rare one where the bot falls short of 2048, start another.
        var seed = ""
        var found: [Direction]?
        for _ in 0..<8 where found == nil {
            seed = try #require(try ana.ask("PRACTICE").field("seed"))
            found = SprintMoves.toReach2048(seedText: seed)
            if found == nil { _ = try ana.ask("RESIGN") }
        }
        let moves = try #require(found, "the bot reaches 2048 on one of 8 seeds")
        let started = Date()
        var seq = 1
        for batch in SprintMoves.batches(moves) {
            let reply = try ana.ask("MOVE \(seq) \(batch)")
            #expect(reply.hasPrefix("OK MOVE"), "\(reply)")
            seq += batch.count
        }
        let measured = Int(Date().timeIntervalSince(started) * 1000) + 1
        _ = try ana.ask("RESIGN")
        let submitted = try ana.ask("SUBMIT ana")
        guard case .ok(.submit(let receipt)) = try ServerMessage.parse(submitted) else {
            Issue.record("not OK SUBMIT: \(submitted)")
            return
        }
        let sprint = try #require(receipt.sprintTime, "not a sprint: \(submitted)")
        #expect(sprint <= measured)
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
        // RECORD of the sprint entry is timed: the entry that made 2048 is at the sprint time.
        let record = try ana.request("RECORD ana board=sprint")
        #expect(record.last?.hasPrefix("OK RECORD nick=ana seed=\(seed) ") == true, "\(record)")
        let log = try GameLog(parsing: RecordChunks.join(record.dropLast().map { String($0.dropFirst(4)) }))
        #expect(log.isTimed)
        #expect(log.times?[moves.count - 1] == sprint)
        #expect(log.entries.prefix(moves.count) == ArraySlice(moves.map(GameLog.Entry.move)))
        let replay = try Replay.run(seedText: seed, log: log.description)
        let top = try ana.request("TOP board=sprint")
        guard case .entry(let entry) = try ServerMessage.parse(top[0]) else { return }
        #expect(entry.result.differences(from: replay.game).isEmpty)
        #expect(replay.game.board.largestValue >= 2048)
    }
}
