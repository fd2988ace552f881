import Foundation
import Testing
import TileRaceRedisProcess
import TileRaceTestSupport

/// How the tests find `redis-server`, and what they do without one: show as
/// skipped, or fail under `TILERACE_REQUIRE_REDIS`.
@Suite struct RedisForTestsTests {
    @Test func theVariableNamesTheRedisServerAndAMissingOneMeansNoneIsInstalled() {
        #expect(RedisServerProcess.findExecutable(environment: ["TILERACE_REDIS_SERVER": "/nonexistent"]) == nil)
        #expect(RedisServerProcess.findExecutable(environment: ["TILERACE_REDIS_SERVER": "/bin/sh", "PATH": ""]) == "/bin/sh")
    }

    enum Store: CaseIterable { case file, redis }

    @Test(.requiresRedis) func theRedisCasesOfPerStoreTestsRunWhereRedisDoes() {
        #expect(RedisForTests.stores(redis: Store.redis) == [.file, .redis])
    }

    @Test func aMachineWithRedisRunsTheTests() {
        #expect(RedisForTests.decision(installed: true, environment: [:]) == .run)
        #expect(RedisForTests.decision(installed: true, environment: ["TILERACE_REQUIRE_REDIS": "1"]) == .run)
    }

    @Test func aMachineWithoutRedisSkipsUnlessRedisIsRequired() {
        #expect(RedisForTests.decision(installed: false, environment: [:]) == .skip)
        #expect(RedisForTests.decision(installed: false, environment: ["TILERACE_REQUIRE_REDIS": "0"]) == .skip)
        #expect(RedisForTests.decision(installed: false, environment: ["TILERACE_REQUIRE_REDIS": ""]) == .skip)
        #expect(RedisForTests.decision(installed: false, environment: ["TILERACE_REQUIRE_REDIS": "1"]) == .fail)
    }

    @Test func theLinesThatSaySo() {
        #expect(
            RedisForTests.skippedText
                == "redis-server not found; apt-get install redis-server (Debian) or brew install redis (macOS) to run it")
        #expect(
            "\(RedisForTests.Missing())"
                == "redis-server not found, and TILERACE_REQUIRE_REDIS=1 requires it: "
                + "apt-get install redis-server (Debian) or brew install redis (macOS)")
    }

    /// A test that started `redis-server` itself would fail on a machine
    /// without one: every test goes through `RedisForTests.start`.
    @Test func noTestStartsRedisServerProcessDirectly() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
        let swiftFiles = files.filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/RedisForTests.swift") }
        #expect(swiftFiles.count > 50)
        let start = "RedisServerProcess" + "("  // not written whole, or this file would match
        let direct = try swiftFiles.filter { file in
            try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8).contains(start)
        }
        #expect(direct == [], "start redis-server with RedisForTests.start() instead, so it is skipped where missing")
    }
}
