import Dispatch
import Foundation
import Testing
import TileRaceProtocol
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// Servers on a store that sentinels name (`--store redis-sentinel://...`):
/// they find the primary, follow a fail-over, and acknowledge only what a
/// replica holds too, so a kill -9 of the primary loses nothing acknowledged.
/// One at a time: each starts up to six redis-servers.
@Suite(.serialized) struct SentinelTests {
    @Test(.requiresRedis) func aChangeIsAcknowledgedOnlyOnceAReplicaHoldsIt() throws {
        let cluster = try SentinelCluster(replicas: 1, sentinels: 1)
        let sentinel = cluster.sentinels[0].address
        // Errors say which: nobody answers, or nobody knows the name.
        let closed = RedisAddress(host: "127.0.0.1", port: 1)
        #expect {
            _ = try TestServer(store: .sentinels([closed], name: SentinelCluster.name))
        } throws: { "\($0)".contains("no sentinel reachable (127.0.0.1:1: connection refused)") }
        #expect {
            _ = try TestServer(store: .sentinels([closed, sentinel], name: "elsewhere"))
        } throws: { "\($0)".contains("no sentinel knows the primary elsewhere (asked \(sentinel.hostAndPort); 127.0.0.1:1:") }

        let server = try TestServer(store: cluster.endpoint)
        #expect(server.logs.lines.contains { $0.contains("primary of tilerace is \(cluster.primary.address.hostAndPort)") })
        let ana = try server.client("ana")
        #expect(try SubmissionLoad.submit(ana, as: "ana", seed: 1).token != nil)
        // A replica that does not confirm: the change is not acknowledged.
        cluster.replicas[0].pause()
        #expect(try SubmissionLoad.submit(ana, as: "bo", seed: 2).reply.hasPrefix("ERR unavailable "))
        cluster.replicas[0].resume()
        #expect(try SubmissionLoad.submit(ana, as: "carl", seed: 3).token != nil)

        // No replica at all: refused at start, unless relaxed.
        cluster.replicas[0].kill()
        #expect {
            _ = try TestServer(store: cluster.endpoint)
        } throws: { "\($0)".contains("has no replica connected to its primary") && "\($0)".contains("--store-durability relaxed") }
        let relaxed = try TestServer(store: cluster.endpoint, relaxedDurability: true)
        #expect(relaxed.logs.lines.contains { $0.contains("a fail-over can lose them") })
    }

    /// Clients of two servers submit fresh nicknames without pause; the
    /// primary is killed (-9) midway. Every acknowledged claim is on the new
    /// primary, and both servers serve one leaderboard from it.
    @Test(.requiresRedis) func aKilledPrimaryLosesNothingAcknowledgedAndBothServersFollow() throws {
        let cluster = try SentinelCluster()
        let servers = [try TestServer(store: cluster.endpoint), try TestServer(store: cluster.endpoint)]
        let load = SubmissionLoad(servers: servers, clientsPerServer: 2)
        try awaitCondition("20 acknowledged submissions", seconds: 10) { load.acknowledged.count >= 20 }
        let old = cluster.primary.address
        let killed = Date()
        cluster.primary.kill()
        try awaitCondition("5 acknowledgements after the kill", seconds: 20) {
            load.acknowledged.filter { $0.time > killed }.count >= 5
        }
        load.stop()
        let acknowledged = load.acknowledged
        // For the record (docs/hosting.md): the first submission sent after the kill that was acknowledged.
        let first = acknowledged.filter { $0.sent > killed }.map(\.time).min() ?? killed
        print(
            "fail-over: \(acknowledged.count) acknowledged; served again \(Int(first.timeIntervalSince(killed) * 1000)) ms after the kill")

        let primary = try cluster.awaitFailover(from: old)
        let redis = RedisConnection(address: primary)
        defer { redis.close() }
        let keys = RedisLeaderboardKeys.standard
        var lost: [String] = []
        for submission in acknowledged {
            let claim = redis.sendAndWait(["HGET", keys.claims, Names.nicknameKey(submission.nickname)])
            if claim.map({ $0.string?.contains("token=\(submission.token) ") ?? false }) != .success(true) {
                lost.append(submission.nickname)
            }
        }
        #expect(lost.isEmpty, "\(lost.count) of \(acknowledged.count) acknowledged submissions lost: \(lost)")
        for server in servers {
            #expect(
                server.logs.awaitLine(containing: "primary of tilerace is \(primary.hostAndPort) (was \(old.hostAndPort))", seconds: 10))
            #expect(server.logs.awaitLine(containing: "reachable again", seconds: 10))
            // The hint: the sentinel it asked announced the switch.
            #expect(server.logs.awaitLine(containing: "sentinels switched \(cluster.endpoint) to \(primary.hostAndPort)", seconds: 10))
        }
        let pages = try servers.map { try $0.client().request("TOP") }
        #expect(pages[0] == pages[1] && pages[0].count > 1, "\(pages)")
    }
}

/// Clients that each submit a finished game under a fresh nickname, over and
/// over on their own threads, until stopped; the acknowledged ones are kept.
final class SubmissionLoad: @unchecked Sendable {
    struct Submission {
        var nickname: String
        var token: String
        var sent: Date
        var time: Date
    }

    private let lock = NSLock()
    private var kept: [Submission] = []
    private var isStopped = false
    private let done = DispatchGroup()

    var acknowledged: [Submission] { lock.withLock { kept } }

    /// A finished practice game, submitted under `nickname`: the claim's token, or nil when refused.
    static func submit(_ client: TestClient, as nickname: String, seed: Int) throws -> (token: String?, reply: String) {
        _ = try client.ask("PRACTICE seed=\(seed)")
        _ = try client.ask("RESIGN")
        let reply = try client.ask("SUBMIT \(nickname)")
        return (reply.hasPrefix("OK SUBMIT") ? reply.field("token") : nil, reply)
    }

    init(servers: [TestServer], clientsPerServer: Int) {
        for (serverIndex, server) in servers.enumerated() {
            for clientIndex in 0..<clientsPerServer {
                let prefix = "s\(serverIndex)c\(clientIndex)n"
                let port = server.port
                DispatchQueue.global().async(group: done) { [self] in
                    guard let client = try? TestClient(port: port, nickname: prefix) else { return }
                    for number in 1... {
                        guard !lock.withLock({ isStopped }) else { return }
                        let nickname = prefix + String(number)
                        let sent = Date()
                        guard let (token, _) = try? SubmissionLoad.submit(client, as: nickname, seed: number) else { return }
                        guard let token else {
                            // Refused (the store is away): a person would wait a moment too, and not be cut off for flooding.
                            usleep(20_000)
                            continue
                        }
                        lock.withLock { kept.append(Submission(nickname: nickname, token: token, sent: sent, time: Date())) }
                    }
                }
            }
        }
    }

    /// Waits (at most 10 s) for each client's last request.
    func stop() {
        lock.withLock { isStopped = true }
        _ = done.wait(timeout: .now() + 10)
    }
}
