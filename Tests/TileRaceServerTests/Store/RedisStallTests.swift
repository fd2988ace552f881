import Dispatch
import Foundation
import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// A stalled Redis (SIGSTOP: connections are accepted, nothing is answered):
/// the store goes down after one request's deadline, answers `ERR
/// unavailable` at once while down, holds up nothing behind those answers,
/// and comes back by itself once Redis answers again.
///
/// No wall-clock ceilings: each answer is awaited with a deadline (a few
/// times the store's), and "at once, without asking Redis" is checked by
/// what reached Redis: a stalled Redis still takes the commands sent to it
/// and runs them once it goes on, so `INFO commandstats` counts every
/// request that was not answered without it.
@Suite struct RedisStallTests {
    private static let top = LeaderboardRequest.top(LeaderboardQuery(), today: "2026-11-23")

    /// How many scripts (one per leaderboard request) Redis has run, by `EVAL` or `EVALSHA`.
    private static func evalCalls(_ address: RedisAddress) -> Int {
        let connection = RedisConnection(address: address)
        defer { connection.close() }
        guard case .success(.bulk(let bytes?)) = connection.sendAndWait(["INFO", "commandstats"]) else { return -1 }
        var calls = 0
        for prefix in ["cmdstat_eval:calls=", "cmdstat_evalsha:calls="] {
            for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix(prefix) {
                calls += Int(line.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
            }
        }
        return calls
    }

    private static func isUnavailable(_ answer: LeaderboardAnswer) -> Bool {
        guard case .failed(let error, nil) = answer else { return false }
        return error.code == .unavailable
    }

    private static func ask(_ service: RedisLeaderboardService, _ request: LeaderboardRequest) -> LeaderboardAnswer {
        let box = AnswerBox()
        service.perform(request) { box.put($0) }
        return box.take()
    }

    @Test(.requiresRedis) func aStalledStoreFailsAtOnceWhileDownAndComesBackByItself() throws {
        let redis = try RedisForTests.start()
        let logs = LogCapture()
        let service = try RedisLeaderboardService(
            address: .server(redis.address), log: logs.log, timeoutMilliseconds: 1000)
        defer { service.close() }
        guard case .page = Self.ask(service, Self.top) else {
            Issue.record("no page before the stall")
            return
        }
        let evalsBefore = Self.evalCalls(redis.address)
        redis.pause()
        // The first request waits for its deadline (1 s; `ask` waits at most
        // 5 s) and takes the store down.
        #expect(Self.isUnavailable(Self.ask(service, Self.top)))
        // Down: each request is answered at once, without waiting on Redis.
        for index in 0..<20 {
            let answer = Self.ask(service, Self.top)
            #expect(Self.isUnavailable(answer), "request \(index + 1): \(answer)")
        }
        redis.resume()
        #expect(logs.awaitLine(containing: "reachable again", seconds: 10))
        guard case .page = Self.ask(service, Self.top) else {
            Issue.record("no page once the store is back")
            return
        }
        // Redis saw the stalled request (maybe) and the last one, none of the 20.
        let evals = Self.evalCalls(redis.address) - evalsBefore
        #expect((1...2).contains(evals), "\(evals) requests reached Redis")
        #expect(logs.lines.filter { $0.contains("unreachable") }.count == 1, "\(logs.lines)")
        #expect(logs.lines.filter { $0.contains("reachable again") }.count == 1, "\(logs.lines)")
    }

    @Test(.requiresRedis) func requestsBehindAnUnavailableAnswerAreNotHeld() throws {
        let redis = try RedisForTests.start()
        // The room directory publishes once, at the start (its EVALs are not counted below).
        let server = try TestServer(redis: redis.address, directoryIntervalMilliseconds: 3_600_000)
        let ana = try server.client("ana")
        #expect(try ana.ask("TOP").hasPrefix("OK TOP"))
        let evalsBefore = Self.evalCalls(redis.address)
        redis.pause()
        // The first one waits for the store's deadline (2 s; a reply is awaited at most 5 s).
        #expect(try ana.ask("TOP").hasPrefix("ERR unavailable "))
        // Then 20 TOPs and a PING in one write: all answered at once (without Redis), in order.
        try ana.sendBytes(Array((String(repeating: "TOP\n", count: 20) + "PING\n").utf8))
        for index in 0..<20 {
            let reply = try ana.reply(to: "TOP")
            #expect(reply.count == 1 && reply[0].hasPrefix("ERR unavailable "), "TOP \(index + 1): \(reply)")
        }
        #expect(try ana.reply(to: "PING") == ["PONG"])
        redis.resume()
        #expect(server.logs.awaitLine(containing: "reachable again", seconds: 10))
        #expect(try ana.ask("TOP").hasPrefix("OK TOP"))
        let evals = Self.evalCalls(redis.address) - evalsBefore
        #expect((1...2).contains(evals), "\(evals) requests reached Redis")
        #expect(server.logs.lines.filter { $0.contains("unreachable") }.count == 1, "\(server.logs.lines)")
    }
}
