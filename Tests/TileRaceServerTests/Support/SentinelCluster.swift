import Foundation
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

/// A primary, its replicas and the sentinels that watch it, each a
/// `redis-server` of the test's own on loopback, ready when made: every
/// sentinel knows every replica and the other sentinels.
final class SentinelCluster {
    static let name = "tilerace"

    let primary: RedisServerProcess
    let replicas: [RedisServerProcess]
    let sentinels: [RedisServerProcess]

    /// What `--store` names.
    var endpoint: RedisEndpoint { .sentinels(sentinels.map(\.address), name: Self.name) }

    /// Skipped or failed as `RedisForTests.start` says where no redis-server is installed.
    init(replicas replicaCount: Int = 2, sentinels sentinelCount: Int = 3) throws {
        // A second copy, not each machine's disk, is what keeps a change (`WAIT`).
        let everySecond = ["--appendfsync", "everysec", "--repl-diskless-sync-delay", "0"]
        let primary = try RedisForTests.start(arguments: everySecond)
        let of = everySecond + ["--replicaof", primary.address.host, String(primary.address.port)]
        let replicas = try (0..<replicaCount).map { _ in try RedisForTests.start(arguments: of) }
        let quorum = sentinelCount / 2 + 1
        let sentinels = try (0..<sentinelCount).map { _ in
            try RedisForTests.startSentinel(of: Self.name, primary: primary.address, quorum: quorum)
        }
        self.primary = primary
        self.replicas = replicas
        self.sentinels = sentinels
        // Sentinels find each other through the primary, every 2 s at worst.
        try awaitCondition("the sentinels to know the replicas and each other", seconds: 10) {
            sentinels.allSatisfy { sentinel in
                let connection = RedisConnection(address: sentinel.address)
                defer { connection.close() }
                let known = connection.pipelineAndWait([
                    ["SENTINEL", "replicas", Self.name], ["SENTINEL", "sentinels", Self.name],
                ])
                guard case .success(let lists) = known else { return false }
                return lists[0].array?.count == replicaCount && lists[1].array?.count == sentinelCount - 1
            }
        }
        try awaitCondition("the replicas to hold what the primary holds", seconds: 10) {
            let connection = RedisConnection(address: primary.address)
            defer { connection.close() }
            return connection.sendAndWait(["WAIT", String(replicaCount), "500"]) == .success(.integer(replicaCount))
        }
    }

    /// The primary the first sentinel that answers names.
    func currentPrimary() -> RedisAddress? {
        for sentinel in sentinels where sentinel.isRunning {
            let connection = RedisConnection(address: sentinel.address, timeoutMilliseconds: 500)
            defer { connection.close() }
            if case .success(.array(let parts?)) = connection.sendAndWait(["SENTINEL", "get-master-addr-by-name", Self.name]),
                parts.count == 2, let host = parts[0].string, let port = parts[1].string.flatMap({ Int($0) })
            {
                return RedisAddress(host: host, port: port)
            }
        }
        return nil
    }

    /// Waits until the sentinels name another primary than `old` and it says it is the primary.
    func awaitFailover(from old: RedisAddress, seconds: Double = 15) throws -> RedisAddress {
        var found: RedisAddress?
        try awaitCondition("a fail-over from \(old)", seconds: seconds) {
            guard let now = currentPrimary(), now != old else { return false }
            let connection = RedisConnection(address: now)
            defer { connection.close() }
            guard case .success(.array(let role?)) = connection.sendAndWait(["ROLE"]), role.first?.string == "master" else { return false }
            found = now
            return true
        }
        return found ?? old
    }
}

/// Checks `condition` every 50 ms until it holds, for at most `seconds`.
func awaitCondition(_ what: String, seconds: Double, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { throw TestFailure(description: "waited \(seconds) s for \(what)") }
        usleep(50_000)
    }
}
