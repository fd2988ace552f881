import Foundation
import TileRaceRedis
import TileRaceRedisProcess

// A release build of the whole package (CI's) builds this target too, where
// the toolchain offers no Testing module: only the test runs need it.
#if canImport(Testing)
    import Testing
#endif

/// The `redis-server` a test starts for itself. On a machine without one a
/// Redis test is reported as skipped, with why, never as passed having done
/// nothing; under `TILERACE_REQUIRE_REDIS=1` (CI) it fails instead, so a
/// machine that lost its `redis-server` cannot pass unseen.
public enum RedisForTests {
    /// The environment variable under which a missing `redis-server` fails the tests.
    public static let requireVariable = "TILERACE_REQUIRE_REDIS"

    /// What a test that needs Redis does.
    public enum Decision: Equatable, Sendable {
        case run
        case skip
        case fail
    }

    /// A Redis test failed because `redis-server` is missing but required.
    public struct Missing: Error, CustomStringConvertible {
        public init() {}
        public var description: String { RedisForTests.requiredMessage }
    }

    public static let requiredMessage =
        "redis-server not found, and TILERACE_REQUIRE_REDIS=1 requires it: apt-get install redis-server (Debian) or brew install redis (macOS)"

    /// Why a Redis test was skipped: Swift Testing prints it after the test's name.
    public static let skippedText =
        "redis-server not found; apt-get install redis-server (Debian) or brew install redis (macOS) to run it"

    /// `TILERACE_REQUIRE_REDIS` set to anything but empty or `0` requires it.
    public static func decision(installed: Bool, environment: [String: String]) -> Decision {
        if installed { return .run }
        let required = environment[requireVariable].map { !$0.isEmpty && $0 != "0" } ?? false
        return required ? .fail : .skip
    }

    static var currentDecision: Decision {
        decision(installed: RedisServerProcess.isInstalled, environment: ProcessInfo.processInfo.environment)
    }

    /// The stores a test runs on, one case each: the Redis one only where it
    /// can run, so that no Redis case counts as passed having run nothing
    /// (`theRedisCasesOfPerStoreTestsRunWhereRedisDoes` shows as skipped then).
    public static func stores<Store: CaseIterable & Equatable>(redis: Store) -> [Store] {
        Store.allCases.filter { $0 != redis || currentDecision != .skip }
    }

    /// Starts a `redis-server` of the test's own (see `RedisServerProcess`).
    /// Where none is installed and none required it cancels the running test.
    /// - Throws: `Missing` when `redis-server` is missing but required, or
    ///   `RedisServerProcess.Failure` when it does not start.
    public static func start(arguments: [String] = []) throws -> RedisServerProcess {
        try whereInstalled { try RedisServerProcess(arguments: arguments) }
    }

    /// Starts a sentinel of the test's own (`RedisServerProcess(sentinelOf:primary:quorum:)`), as `start` does.
    public static func startSentinel(of name: String, primary: RedisAddress, quorum: Int) throws -> RedisServerProcess {
        try whereInstalled { try RedisServerProcess(sentinelOf: name, primary: primary, quorum: quorum) }
    }

    private static func whereInstalled(_ start: () throws -> RedisServerProcess) throws -> RedisServerProcess {
        switch currentDecision {
        case .run: return try start()
        case .fail: throw Missing()
        case .skip:
            #if canImport(Testing)
                try Test.cancel(Comment(rawValue: skippedText))
            #else
                throw Missing()
            #endif
        }
    }
}

#if canImport(Testing)
    extension Trait where Self == ConditionTrait {
        /// For a test that needs `redis-server`: skipped (and said so) on a
        /// machine without one, so it cannot pass having tested nothing; still
        /// run under `TILERACE_REQUIRE_REDIS=1`, where `RedisForTests.start`
        /// then fails it.
        public static var requiresRedis: Self {
            .enabled(if: RedisForTests.currentDecision != .skip, Comment(rawValue: RedisForTests.skippedText))
        }
    }
#endif
