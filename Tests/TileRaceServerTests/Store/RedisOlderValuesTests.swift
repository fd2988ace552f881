import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// A Redis store written by servers before claims and entries were stored as
/// the journal's records (`token date nickname`, and `sequence nickname date
/// score max moves milliseconds size target assists seed`) still serves:
/// its boards, records and claims read as before, and what changes is
/// written as records.
@Suite struct RedisOlderValuesTests {
    private static let keys = RedisLeaderboardKeys.standard
    private static let anaToken = "0123456789abcdef0123456789abcdef"

    /// What an older server left: Ana (claimed, on the board with a log),
    /// Old (claimed before claims had dates, on the board), and Gone
    /// (claimed long ago, on no board), 4 records in all.
    private static let fixture: [[String]] = [
        ["SET", keys.sequence, "4"],
        ["HSET", keys.claims, "ana", "\(anaToken) 2026-11-20 Ana"],
        ["HSET", keys.claims, "old", "fedcba9876543210fedcba9876543210 - Old"],
        ["HSET", keys.claims, "gone", "00000000000000000000000000000009 2026-09-01 Gone"],
        ["HSET", keys.boardsOf, "ana", "1", "old", "1"],
        ["ZADD", keys.board(.allTime), String((300 << 30) + (1 << 30) - 1 - 2), "ana", String((100 << 30) + (1 << 30) - 1 - 4), "old"],
        ["HSET", keys.entries(.allTime), "ana", "2 Ana 2026-11-20 300 64 30 9000 4 2048 0 7"],
        ["HSET", keys.entries(.allTime), "old", "4 Old 2026-10-01 100 32 20 8000 4 2048 1 12"],
        ["HSET", keys.logs(.allTime), "ana", "LRUD"],
    ]

    private static func result(_ score: Int, _ largest: Int, _ moves: Int, _ time: Int, assists: Int = 0, seed: String) -> GameResult {
        GameResult(
            score: score, largestTile: largest, moves: moves, milliseconds: time, size: 4, target: 2048, assists: assists, seed: seed)
    }

    private static func submission(_ nickname: String, _ score: Int, token: String? = nil, newToken: String) -> LeaderboardSubmission {
        LeaderboardSubmission(
            result: result(score, 64, 40, 9500, seed: "8"), log: nil, date: "2026-11-23", dailyDate: nil, nickname: nickname,
            token: token, newToken: newToken, isInUseByAnother: false)
    }

    @Test(.requiresRedis) func aStoreOfOlderValuesServesAndIsRewrittenAsRecords() throws {
        let redis = try RedisForTests.start()
        let control = RedisConnection(address: redis.address)
        defer { control.close() }
        for reply in try control.pipelineAndWait(Self.fixture).get() { _ = try reply.checked() }
        let service = try RedisLeaderboardService(address: .server(redis.address), log: .silent)
        defer { service.close() }
        let ask = { (request: LeaderboardRequest) -> LeaderboardAnswer in
            let box = AnswerBox()
            service.perform(request) { box.put($0) }
            return box.take()
        }
        let ana = Self.result(300, 64, 30, 9000, seed: "7")
        let old = Self.result(100, 32, 20, 8000, assists: 1, seed: "12")
        #expect(
            ask(.top(LeaderboardQuery(), today: "2026-11-23"))
                == .page(
                    [
                        LeaderboardEntry(rank: 1, nickname: "Ana", result: ana, date: "2026-11-20"),
                        LeaderboardEntry(rank: 2, nickname: "Old", result: old, date: "2026-10-01"),
                    ], TopSummary(board: .all, date: nil, total: 2, offset: 0, count: 2)))
        #expect(
            ask(.record(RecordQuery(nickname: "ANA"), today: "2026-11-23"))
                == .record(BoardEntry(sequence: 2, nickname: "Ana", result: ana, date: "2026-11-20", log: "LRUD")))
        // The claims hold: Ana's by its token, Old's for ever (no date); Gone's expired.
        #expect(ask(.submit(Self.submission("ana", 500, newToken: "n1"))) == .refused(LeaderboardRules.badToken("Ana", tokenGiven: false)))
        #expect(ask(.submit(Self.submission("old", 500, newToken: "n2"))) == .refused(LeaderboardRules.badToken("Old", tokenGiven: false)))
        #expect(
            ask(.submit(Self.submission("gone", 50, newToken: "n3")))
                == .submitted(
                    SubmitReceipt(nickname: "gone", board: .all, score: 50, rank: 3, best: 50, improved: true, token: "n3"), warnings: []))
        #expect(
            ask(.submit(Self.submission("ana", 500, token: Self.anaToken, newToken: "n4")))
                == .submitted(
                    SubmitReceipt(nickname: "Ana", board: .all, score: 500, rank: 1, best: 500, improved: true, token: nil), warnings: []))
        // What changed is records now; Old's entry is still the older form, and still read.
        let stored = try RedisLeaderboardDump.read(control)
        #expect(stored.sequence == 8)
        #expect(stored.claims["gone"] == "claim seq=5 nick=gone token=n3 date=2026-11-23")
        #expect(stored.claims["ana"] == "claim seq=7 nick=Ana token=\(Self.anaToken) date=2026-11-23")
        #expect(stored.claims["old"] == "fedcba9876543210fedcba9876543210 - Old")
        #expect(
            stored.entries[.allTime]?["ana"]
                == "entry seq=8 board=all nick=Ana score=500 max=64 moves=40 time=9500 size=4 target=2048 assists=0 seed=8 date=2026-11-23")
        #expect(stored.entries[.allTime]?["old"] == "4 Old 2026-10-01 100 32 20 8000 4 2048 1 12")
        #expect(stored.logs[.allTime] == [:])
        guard case .page(let page, _) = ask(.top(LeaderboardQuery(), today: "2026-11-23")) else {
            Issue.record("no page")
            return
        }
        #expect(page.map(\.nickname) == ["Ana", "Old", "gone"])
        #expect(page.map(\.result.score) == [500, 100, 50])
    }

    @Test func anUnreadableEntryIsReportedWithItsText() throws {
        #expect(
            throws: ProtocolError(.internal, "unreadable leaderboard entry in Redis (neither an entry record nor the older form): '2 Ana'")
        ) {
            try RedisLeaderboardValue.entry("2 Ana", on: .allTime)
        }
        #expect(
            throws: ProtocolError(
                .internal, "unreadable leaderboard entry in Redis (not an entry of all): 'entry seq=1 board=daily:2026-11-23 nick=...'")
        ) {
            try RedisLeaderboardValue.entry(
                "entry seq=1 board=daily:2026-11-23 nick=a score=1 max=2 moves=1 time=1 size=4 target=2048 assists=0 seed=1 date=2026-11-23",
                on: .allTime)
        }
    }
}
