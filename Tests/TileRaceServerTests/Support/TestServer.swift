import Foundation
import TileRaceRedis

@testable import TileRaceServer

/// Collects a server's log lines.
final class LogCapture: @unchecked Sendable {
    private let condition = NSCondition()
    private var collected: [String] = []

    var lines: [String] { condition.withLock { collected } }

    func append(_ line: String) {
        condition.withLock {
            collected.append(line)
            condition.broadcast()
        }
    }

    /// Waits until a line contains `text`, for at most `seconds`; whether one does.
    func awaitLine(containing text: String, seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return condition.withLock {
            while !collected.contains(where: { $0.contains(text) }) {
                guard condition.wait(until: deadline) else { return collected.contains { $0.contains(text) } }
            }
            return true
        }
    }

    var log: ServerLog {
        ServerLog(level: .debug) { [self] line in self.append(line) }
    }
}

extension ServerLimits {
    /// The standard limits with a short countdown, so races start at once in tests.
    static var fast: ServerLimits {
        var limits = ServerLimits.standard
        limits.countdownMilliseconds = 30
        return limits
    }
}

/// A real server on 127.0.0.1 with an ephemeral port, for one test.
final class TestServer {
    let server: RaceServer
    let port: Int
    let logs = LogCapture()

    init(
        limits: ServerLimits = .fast, dataDirectory: String? = nil, random: RandomSource = .system,
        clock: any ServerClock = SystemClock(), makeStore: (@Sendable () -> any LeaderboardPersisting)? = nil,
        redis: RedisAddress? = nil, store: RedisEndpoint? = nil, relaxedDurability: Bool = false, directoryIntervalMilliseconds: Int = 100,
        shards: Int? = nil, logFormat: ServerLog.Format = .text, operatorSecret: String? = nil, advertisedAddress: String? = nil
    ) throws {
        var configuration = RaceServer.Configuration()
        configuration.bindAddress = "127.0.0.1"
        configuration.port = 0
        configuration.limits = limits
        configuration.dataDirectory = dataDirectory
        configuration.clock = clock
        configuration.makeStore = makeStore
        configuration.random = random
        configuration.log = logs.log
        configuration.log.format = logFormat
        if let shards { configuration.shards = shards }
        configuration.redisStore = store ?? redis.map(RedisEndpoint.server)
        configuration.acceptsRelaxedStoreDurability = relaxedDurability
        configuration.directoryIntervalMilliseconds = directoryIntervalMilliseconds
        configuration.operatorSecret = operatorSecret
        configuration.advertisedAddress = advertisedAddress
        configuration.banRefreshMilliseconds = directoryIntervalMilliseconds
        server = RaceServer(configuration: configuration)
        port = try server.start()
    }

    /// A client that said `HELLO` (with a nickname when given).
    func client(_ nickname: String? = nil, receiveBufferBytes: Int? = nil) throws -> TestClient {
        try TestClient(port: port, nickname: nickname, receiveBufferBytes: receiveBufferBytes)
    }

    /// A client that has not read the greeting nor said `HELLO`.
    func rawClient() throws -> TestClient {
        try TestClient(port: port, nickname: nil, greet: false)
    }

    func stop() {
        server.stop()
    }

    deinit {
        server.stop()
    }
}
