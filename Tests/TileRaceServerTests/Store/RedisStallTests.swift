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
@Suite struct RedisStallTests {
    private static let top = LeaderboardRequest.top(LeaderboardQuery(), today: "2026-11-23")

    /// Milliseconds since `start`.
    private static func elapsed(since start: DispatchTime) -> Int {
        Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
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

    @Test func aStalledStoreFailsAtOnceWhileDownAndComesBackByItself() throws {
        guard let redis = try RedisForTests.start() else { return }
        let logs = LogCapture()
        let service = try RedisLeaderboardService(
            address: redis.address, durability: .strict, log: logs.log, timeoutMilliseconds: 1000)
        defer { service.close() }
        guard case .page = Self.ask(service, Self.top) else {
            Issue.record("no page before the stall")
            return
        }
        redis.pause()
        // The first request waits for its deadline (1 s) and takes the store down.
        let start = DispatchTime.now()
        #expect(Self.isUnavailable(Self.ask(service, Self.top)))
        #expect(Self.elapsed(since: start) < 3000)
        // Down: each request is answered at once, without waiting on Redis.
        let burst = DispatchTime.now()
        for index in 0..<20 {
            let answer = Self.ask(service, Self.top)
            #expect(Self.isUnavailable(answer), "request \(index + 1): \(answer)")
        }
        #expect(Self.elapsed(since: burst) < 1000)
        redis.resume()
        #expect(logs.awaitLine(containing: "reachable again", seconds: 10))
        guard case .page = Self.ask(service, Self.top) else {
            Issue.record("no page once the store is back")
            return
        }
        #expect(logs.lines.filter { $0.contains("unreachable") }.count == 1, "\(logs.lines)")
        #expect(logs.lines.filter { $0.contains("reachable again") }.count == 1, "\(logs.lines)")
    }

    @Test func requestsBehindAnUnavailableAnswerAreNotHeld() throws {
        guard let redis = try RedisForTests.start() else { return }
        let server = try TestServer(redis: redis.address)
        let ana = try server.client("ana")
        #expect(try ana.ask("TOP").hasPrefix("OK TOP"))
        redis.pause()
        // The first one waits for the store's deadline (2 s).
        let start = DispatchTime.now()
        #expect(try ana.ask("TOP").hasPrefix("ERR unavailable "))
        #expect(Self.elapsed(since: start) < 4000)
        // Then 20 TOPs and a PING in one write: all answered at once, in order.
        let burst = DispatchTime.now()
        try ana.sendBytes(Array((String(repeating: "TOP\n", count: 20) + "PING\n").utf8))
        for index in 0..<20 {
            let reply = try ana.reply(to: "TOP")
            #expect(reply.count == 1 && reply[0].hasPrefix("ERR unavailable "), "TOP \(index + 1): \(reply)")
        }
        #expect(try ana.reply(to: "PING") == ["PONG"])
        #expect(Self.elapsed(since: burst) < 1000)
        redis.resume()
        #expect(server.logs.awaitLine(containing: "reachable again", seconds: 10))
        #expect(try ana.ask("TOP").hasPrefix("OK TOP"))
        #expect(server.logs.lines.filter { $0.contains("unreachable") }.count == 1, "\(server.logs.lines)")
    }
}
