import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// A leaderboard service of either store, fresh and empty, for the tests
/// that every store must pass alike: the journal's in memory, or Redis in a
/// real `redis-server` of its own.
final class ServiceUnderTest {
    /// Which store.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case file, redis
        var testDescription: String { rawValue }
    }

    let service: any LeaderboardService
    /// The Redis server, for the Redis store.
    let redis: RedisServerProcess?

    /// A fresh service of `kind` (where Redis is missing, the Redis case is
    /// skipped: see `RedisForTests.start`).
    init(_ kind: Kind) throws {
        switch kind {
        case .file:
            redis = nil
            service = FileLeaderboardService(store: LeaderboardStore.inMemory())
        case .redis:
            let redis = try RedisForTests.start()
            self.redis = redis
            service = try RedisLeaderboardService(address: .server(redis.address), log: .silent)
        }
    }

    deinit {
        service.close()
        redis?.stop()
    }

    /// The service's answer (at most a few seconds).
    func ask(_ request: LeaderboardRequest) -> LeaderboardAnswer {
        let box = AnswerBox()
        service.perform(request) { box.put($0) }
        return box.take()
    }

    /// Claims `nickname` with a small game submitted on `today`: the token
    /// (`t` + the nickname), or nil if the submission was refused.
    func claim(_ nickname: String, today: String) -> String? {
        let submission = LeaderboardSubmission(
            result: GameResult(score: 8, largestTile: 8, moves: 3, milliseconds: 900, size: 4, target: 2048, assists: 0, seed: "7"),
            log: nil, date: today, dailyDate: nil, nickname: nickname, token: nil, newToken: "t\(nickname)", isInUseByAnother: false)
        guard case .submitted(let receipt, _) = ask(.submit(submission)) else { return nil }
        return receipt.token
    }
}
