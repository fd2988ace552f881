import Dispatch
import Foundation
import TileRaceRedisProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `redis-server` a test starts for itself, or none on a machine without
/// one. Then the test is skipped (it returns at once) and, when the test
/// process exits, one line says how many were: "12 Redis tests skipped:
/// redis-server not found; ...". Under `TILERACE_REQUIRE_REDIS=1` (CI) a
/// missing `redis-server` fails each such test instead, so nothing is skipped
/// unseen.
public enum RedisForTests {
    /// The environment variable under which a missing `redis-server` fails the tests.
    public static let requireVariable = "TILERACE_REQUIRE_REDIS"

    /// What a test that needs Redis does.
    public enum Decision: Equatable, Sendable {
        /// Start a `redis-server` and run.
        case run
        /// Skip: there is no `redis-server`, and none is required.
        case skip
        /// Fail: there is no `redis-server`, and `TILERACE_REQUIRE_REDIS` requires one.
        case fail
    }

    /// Why a test that needs Redis failed before it began.
    public struct Missing: Error, CustomStringConvertible {
        /// The failure (its text is `requiredMessage`).
        public init() {}

        /// One line for people.
        public var description: String { RedisForTests.requiredMessage }
    }

    /// The failure of each Redis test where `redis-server` is missing but required.
    public static let requiredMessage =
        "redis-server not found, and TILERACE_REQUIRE_REDIS=1 requires it: apt-get install redis-server (Debian) or brew install redis (macOS)"

    /// The decision for a machine where `redis-server` is `installed` or not,
    /// under `environment` (`TILERACE_REQUIRE_REDIS` set to anything but
    /// empty or `0` requires it).
    public static func decision(installed: Bool, environment: [String: String]) -> Decision {
        if installed { return .run }
        let required = environment[requireVariable].map { !$0.isEmpty && $0 != "0" } ?? false
        return required ? .fail : .skip
    }

    /// The one line printed at the end of a run that skipped `count` tests.
    public static func skippedLine(count: Int) -> String {
        "\(count) Redis test\(count == 1 ? "" : "s") skipped: redis-server not found; "
            + "apt-get install redis-server (Debian) or brew install redis (macOS) to run them"
    }

    /// Starts a `redis-server` of the test's own (see `RedisServerProcess`),
    /// or returns nil when the test is to be skipped: the caller returns.
    /// - Throws: `Missing` when `redis-server` is missing but required, or
    ///   `RedisServerProcess.Failure` when it does not start.
    public static func start(arguments: [String] = []) throws -> RedisServerProcess? {
        switch decision(installed: RedisServerProcess.isInstalled, environment: ProcessInfo.processInfo.environment) {
        case .run:
            return try RedisServerProcess(arguments: arguments)
        case .fail:
            throw Missing()
        case .skip:
            SkippedRedisTests.shared.add()
            return nil
        }
    }
}

/// How many tests skipped for want of `redis-server`, said in one line when
/// the process exits. Its count is owned by its serial queue.
private final class SkippedRedisTests: @unchecked Sendable {
    static let shared = SkippedRedisTests()
    private let queue = DispatchQueue(label: "tilerace.tests.redis-skips")
    private var count = 0

    func add() {
        queue.sync {
            if count == 0 {
                atexit { SkippedRedisTests.shared.report() }
            }
            count += 1
        }
    }

    private func report() {
        let line = RedisForTests.skippedLine(count: queue.sync { count }) + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
