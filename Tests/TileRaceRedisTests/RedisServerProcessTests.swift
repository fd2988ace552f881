import Foundation
import Testing
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceRedis

/// `RedisServerProcess`, the tests' and the benchmark's own Redis: its life and its directory.
@Suite struct RedisServerProcessTests {
    @Test(.requiresRedis) func stoppingEndsTheServerAndRemovesItsDirectory() throws {
        let server = try RedisForTests.start()
        #expect(server.isRunning)
        #expect(server.address.host == "127.0.0.1" && server.address.database == 0)
        #expect(FileManager.default.fileExists(atPath: server.directory + "/appendonlydir"))
        server.stop()
        #expect(!server.isRunning)
        #expect(!FileManager.default.fileExists(atPath: server.directory))
        let redis = RedisConnection(address: server.address)
        defer { redis.close() }
        switch redis.sendAndWait(["PING"]) {
        case .failure(.unreachable), .failure(.cannotConnect): break
        default: Issue.record("a stopped server still answers")
        }
    }

    @Test(.requiresRedis) func aRestartKeepsThePortAndTheData() throws {
        let server = try RedisForTests.start()
        let port = server.address.port
        let redis = RedisConnection(address: server.address)
        defer { redis.close() }
        #expect(redis.sendAndWait(["RPUSH", "list", "a", "b"]) == .success(.integer(2)))
        try server.restart()
        #expect(server.address.port == port)
        #expect(RedisConnectionTests.eventually(redis, ["LRANGE", "list", "0", "-1"]) == .success(.array([.bulk([97]), .bulk([98])])))
    }

    @Test(.requiresRedis) func aPausedServerAnswersNothingUntilResumedAndStillStops() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address, timeoutMilliseconds: 1000)
        defer { redis.close() }
        #expect(redis.sendAndWait(["PING"]) == .success(.simple("PONG")))
        server.pause()
        #expect(redis.sendAndWait(["PING"]) == .failure(.timeout(milliseconds: 1000)))
        server.resume()
        #expect(RedisConnectionTests.eventually(redis, ["PING"]) == .success(.simple("PONG")))
        server.pause()
        server.stop()
        #expect(!server.isRunning)
    }

    @Test func theMessageWhenRedisIsMissing() {
        #expect(
            RedisServerProcess.notInstalled
                == "redis-server is not installed: apt-get install redis-server (Debian) or brew install redis (macOS)")
    }
}
