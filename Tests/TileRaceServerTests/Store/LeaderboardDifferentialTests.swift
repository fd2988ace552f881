import Foundation
import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// The leaderboard's rules exist twice: in Swift (`Leaderboard`, behind the
/// journal's store) and in Lua (the Redis store's scripts). Both are kept
/// only behind this test: thousands of random cases
/// (`LeaderboardDifferentialCase`) go to both stores, which must give the
/// same answers, boards, claims and stored texts. A failing case prints its
/// seed and its steps; `LEADERBOARD_DIFFERENTIAL_SEED=<seed> swift test
/// --filter LeaderboardDifferentialTests` runs it alone, and
/// `LEADERBOARD_DIFFERENTIAL_CASES=<n>` runs more (or fewer) cases.
///
/// The cases run in batches of 500 on one connection to one `redis-server`,
/// each case's store under a key prefix of its own: each step of a batch is
/// one pipeline, so the test takes seconds.
@Suite struct LeaderboardDifferentialTests {
    /// The cases run by default (seeds 1 to this).
    static let defaultCaseCount = 2000
    /// The cases that run at once.
    static let batchSize = 500

    /// The seeds to run: the one named in the environment, or 1 to the count named there (default 2000).
    private static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["LEADERBOARD_DIFFERENTIAL_SEED"].flatMap({ UInt64($0) }) { return [seed] }
        let count = environment["LEADERBOARD_DIFFERENTIAL_CASES"].flatMap { Int($0) } ?? defaultCaseCount
        return (0..<UInt64(max(1, count))).map { $0 + 1 }
    }

    @Test(.requiresRedis) func bothStoresAnswerAndKeepExactlyTheSame() throws {
        // Nothing here needs syncing to disk. The deadline is for a whole
        // batch's pipeline (500 scripts), with room for a loaded machine.
        let redis = try RedisForTests.start(arguments: ["--appendonly", "no"])
        let connection = RedisConnection(address: redis.address, timeoutMilliseconds: 30_000)
        defer { connection.close() }
        let seeds = Self.seeds
        for start in stride(from: 0, to: seeds.count, by: Self.batchSize) {
            let batch = seeds[start..<min(start + Self.batchSize, seeds.count)].map(LeaderboardDifferentialCase.init)
            defer { for differential in batch { differential.close() } }
            if let report = try Self.run(batch, on: connection) {
                Issue.record(Comment(rawValue: report))
                return
            }
            _ = try connection.sendAndWait(["FLUSHDB"]).get().checked()
        }
    }

    /// Runs `cases` step by step, all at once: each case's next request goes
    /// to its journal store, and every case's command in one pipeline to
    /// Redis; at the end, every case's store is read back and compared.
    /// - Returns: the report of the first case (by seed) that differed, if any.
    private static func run(_ cases: [LeaderboardDifferentialCase], on connection: RedisConnection) throws -> String? {
        var cases = cases
        var reports: [UInt64: String] = [:]
        while true {
            var steps: [(index: Int, request: LeaderboardRequest, expected: LeaderboardAnswer)] = []
            for index in cases.indices where reports[cases[index].seed] == nil {
                guard let (request, expected) = cases[index].next() else { continue }
                steps.append((index, request, expected))
            }
            guard !steps.isEmpty else { break }
            let replies = try connection.pipelineAndWait(steps.map { cases[$0.index].redis.command(for: $0.request) }).get()
            // A rated race's and an approval's second step, as the service takes them: the ratings
            // read, rated, written; the held game read, placed.
            var updates: [Int: (command: [String], changes: [RatingChange])?] = [:]
            var approvals: [Int: [String]?] = [:]
            for (position, (step, reply)) in zip(steps, replies).enumerated() {
                let redis = cases[step.index].redis
                if case .rate(let race) = step.request {
                    updates.updateValue(try redis.ratingUpdate(of: race, stored: reply), forKey: position)
                }
                if case .review(_, true, _) = step.request {
                    approvals.updateValue(try redis.heldEntry(in: reply).map(redis.approval), forKey: position)
                }
            }
            let writes = (Set(updates.keys).union(approvals.keys)).sorted().compactMap { position in
                updates[position]??.command ?? approvals[position] ?? nil
            }
            var written = writes.isEmpty ? [] : try connection.pipelineAndWait(writes).get()[...]
            for (position, (step, reply)) in zip(steps, replies).enumerated() {
                let differential = cases[step.index]
                let report: String?
                if let update = updates[position] {
                    let answer: LeaderboardAnswer
                    if let update {
                        let reply = written.removeFirst()
                        answer = reply.string == "ok" ? .rated(update.changes) : .failed(ProtocolError(.internal, "\(reply)"), reason: nil)
                    } else {
                        answer = .rated([])
                    }
                    report = differential.check(expected: step.expected, answer: answer)
                } else if let approval = approvals[position] {
                    let answer =
                        approval == nil
                        ? .moderated(found: false) : differential.redis.answer(to: step.request, reply: written.removeFirst())
                    report = differential.check(expected: step.expected, answer: answer)
                } else {
                    report = differential.check(step.request, expected: step.expected, reply: reply)
                }
                if let report { reports[differential.seed] = report }
            }
        }
        let stored = try RedisLeaderboardDump.read(connection, stores: cases.map(\.redis.keys))
        for (differential, dump) in zip(cases, stored) where reports[differential.seed] == nil {
            if let report = differential.check(dump) { reports[differential.seed] = report }
        }
        return reports.min { $0.key < $1.key }?.value
    }

    /// The comparison itself finds a difference: a claim, an entry, a
    /// ranking and a record number that do not match are each reported.
    @Test func aDifferenceInWhatIsStoredIsReported() {
        var expected = Leaderboard(capacity: 3)
        let result = GameResult(score: 8, largestTile: 8, moves: 3, milliseconds: 900, size: 4, target: 2048, assists: 0, seed: "1")
        let claim = NicknameClaim(sequence: 1, nickname: "Ana", token: "t1", date: "2026-11-23")
        expected.apply(.claim(claim))
        let entry = BoardEntry(sequence: 2, nickname: "Ana", result: result, date: "2026-11-23", log: "LRUD")
        expected.apply(.entry(.allTime, entry))
        var stored = RedisLeaderboardDump(
            sequence: 2, claims: ["ana": LeaderboardRecord.claim(claim).text], boardsOf: ["ana": 1],
            ranking: [.allTime: ["ana"]], entries: [.allTime: ["ana": RedisLeaderboardValue.text(of: entry, on: .allTime)]],
            logs: [.allTime: ["ana": "LRUD"]], ratings: [:])
        #expect(LeaderboardDifferentialCase.differences(between: expected, and: stored).isEmpty)
        stored.sequence = 3
        stored.claims["ana"] = "claim seq=1 nick=Ana token=t2 date=2026-11-23"
        stored.ranking[.daily("2026-11-23")] = ["ana"]
        stored.logs[.allTime] = [:]
        let differences = LeaderboardDifferentialCase.differences(between: expected, and: stored)
        #expect(
            differences == [
                "last record number: 3 in Redis, 2 in the journal's store",
                "claim of ana: claim seq=1 nick=Ana token=t2 date=2026-11-23 in Redis, claim seq=1 nick=Ana token=t1 date=2026-11-23 in the journal's store",
                "all logs: [:] in Redis, [\"ana\": \"LRUD\"] in the journal's store",
                "daily:2026-11-23 ranks [\"ana\"] in Redis, [] in the journal's store",
            ])
    }
}
