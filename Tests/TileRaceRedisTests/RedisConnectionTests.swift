import Dispatch
import Foundation
import Testing
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceRedis

/// `RedisConnection` against a real `redis-server` (each test its own), and
/// against fake servers for what a real one never does.
@Suite struct RedisConnectionTests {
    /// Sends `arguments` until it succeeds, for at most `seconds`: for a
    /// server coming back, which nothing announces.
    static func eventually(_ connection: RedisConnection, _ arguments: [String], seconds: Double = 10) -> Result<RESPValue, RedisError> {
        let deadline = Date().addingTimeInterval(seconds)
        var result = connection.sendAndWait(arguments)
        while case .failure = result, Date() < deadline {
            usleep(25_000)
            result = connection.sendAndWait(arguments)
        }
        return result
    }

    @Test(.requiresRedis) func setAndGet() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address)
        defer { redis.close() }
        #expect(redis.sendAndWait(["SET", "greeting", "hello\r\nworld"]) == .success(.simple("OK")))
        #expect(redis.sendAndWait(["GET", "greeting"]) == .success(.bulk(Array("hello\r\nworld".utf8))))
        #expect(redis.sendAndWait(["GET", "missing"]) == .success(.bulk(nil)))
        #expect(redis.sendAndWait(["SET", "empty", ""]) == .success(.simple("OK")))
        #expect(redis.sendAndWait(["GET", "empty"]) == .success(.bulk([])))
    }

    @Test(.requiresRedis) func aPipelineOfAThousandIncrementsComesBackInOrder() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address)
        defer { redis.close() }
        let replies = try redis.pipelineAndWait(Array(repeating: ["INCR", "counter"], count: 1000)).get()
        #expect(replies == (1...1000).map { RESPValue.integer($0) })
        #expect(redis.pipelineAndWait([]) == .success([]))
    }

    @Test(.requiresRedis) func commandsFromManyCallersEachGetTheirOwnReply() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address)
        defer { redis.close() }
        let callers = DispatchQueue(label: "tilerace.tests.redis.callers")
        let group = DispatchGroup()
        let replies = Replies()
        for index in 0..<300 {
            group.enter()
            redis.send(["ECHO", "message \(index)"], on: callers) { result in
                dispatchPrecondition(condition: .onQueue(callers))
                replies.values[index] = try? result.get()
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 5) == .success)
        callers.sync {
            #expect(replies.values.count == 300)
            #expect(replies.values.allSatisfy { $0.value == .bulk(Array("message \($0.key)".utf8)) })
        }
    }

    @Test(.requiresRedis) func aLuaScriptRuns() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address)
        defer { redis.close() }
        let script = "redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2]); return {redis.call('ZCARD', KEYS[1]), ARGV[2]}"
        #expect(
            redis.sendAndWait(["EVAL", script, "1", "board", "2048", "ana"])
                == .success(.array([.integer(1), .bulk(Array("ana".utf8))])))
        #expect(redis.sendAndWait(["ZSCORE", "board", "ana"]).map(\.integer) == .success(2048))
    }

    @Test(.requiresRedis) func aScriptGoesByItsHashAndSurvivesAScriptFlush() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address)
        defer { redis.close() }
        let script = "return redis.call('INCR', KEYS[1])"
        for expected in 1...3 { #expect(redis.sendAndWait(["EVAL", script, "1", "counter"]) == .success(.integer(expected))) }
        #expect(redis.sendAndWait(["SCRIPT", "FLUSH"]) == .success(.simple("OK")))
        for expected in 4...5 { #expect(redis.sendAndWait(["EVAL", script, "1", "counter"]) == .success(.integer(expected))) }
        // The body went twice: the first time and after the flush; else by hash.
        let stats = try #require(redis.sendAndWait(["INFO", "commandstats"]).get().string)
        #expect(stats.contains("cmdstat_eval:calls=2,"))
        #expect(stats.contains("cmdstat_evalsha:calls=4,") || stats.contains("cmdstat_evalsha:calls=3,"))
    }

    @Test(.requiresRedis) func anErrorReplyIsDeliveredAsAValue() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address)
        defer { redis.close() }
        let reply = try redis.sendAndWait(["NOSUCHCOMMAND", "x"]).get()
        guard case .error(let message) = reply else {
            Issue.record("expected an error reply, got \(reply)")
            return
        }
        #expect(message.hasPrefix("ERR unknown command"))
        #expect(throws: RedisError.server(message)) { try reply.checked() }
        // In a pipeline the error takes its place among the replies.
        let replies = try redis.pipelineAndWait([["SET", "text", "abc"], ["INCR", "text"], ["GET", "text"]]).get()
        #expect(replies.count == 3)
        #expect(replies[1] == .error("ERR value is not an integer or out of range"))
        #expect(replies[2].string == "abc")
        #expect(redis.sendAndWait([]) == .success(.error("ERR empty command")))
        #expect(redis.sendAndWait(["PING"]) == .success(.simple("PONG")))
    }

    @Test(.requiresRedis) func aCommandPastItsDeadlineTimesOutAndTheNextOneReconnects() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address, timeoutMilliseconds: 200)
        defer { redis.close() }
        // A connect can take longer than 200 ms on a loaded machine (CI's Thread
        // Sanitizer run): the deadline under test is the BLPOP's, so connect first.
        let firstID = try #require(try Self.eventually(redis, ["CLIENT", "ID"], seconds: 5).get().integer)
        // BLPOP on an empty list without a timeout holds this connection for
        // good: only the deadline ends it. The PING behind it is pending on
        // the same connection.
        let group = DispatchGroup()
        let replies = Replies()
        let callers = DispatchQueue(label: "tilerace.tests.redis.timeout")
        for (index, command) in [["BLPOP", "nothing", "0"], ["PING"]].enumerated() {
            group.enter()
            redis.send(command, on: callers) { result in
                replies.results[index] = result
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 5) == .success)
        callers.sync {
            #expect(replies.results[0] == .failure(.timeout(milliseconds: 200)))
            #expect(
                replies.results[1]
                    == .failure(
                        .unreachable("connection to \(server.address) dropped: an earlier command got no reply within 200 ms")))
        }
        let secondID = try #require(try Self.eventually(redis, ["CLIENT", "ID"], seconds: 5).get().integer)
        #expect(secondID != firstID)
    }

    @Test(.requiresRedis) func aKilledServerFailsCommandsFastAndARestartedOneIsFoundAgain() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: server.address, timeoutMilliseconds: 2000)
        defer { redis.close() }
        #expect(redis.sendAndWait(["SET", "kept", "yes"]) == .success(.simple("OK")))
        server.kill()
        // Each fails at once, on the lost connection or the refused connect:
        // none waits for the 2 s deadline (that would read "within 2000 ms").
        for _ in 0..<5 {
            let result = redis.sendAndWait(["PING"])
            guard case .failure(let error) = result else {
                Issue.record("expected .unreachable or .cannotConnect, got \(result)")
                return
            }
            switch error {
            case .unreachable(let reason):
                #expect(reason.contains(" lost: "), "\(reason)")
            case .cannotConnect(_, let reason, _):
                #expect(reason.contains("connection refused"), "\(reason)")
            default:
                Issue.record("expected .unreachable or .cannotConnect, got \(error)")
                return
            }
        }
        // Nobody listens now: the connection waits before trying again, and says so.
        let waiting = redis.sendAndWait(["PING"])
        guard case .failure(.cannotConnect(let address, let reason, let retry)) = waiting else {
            Issue.record("expected .cannotConnect, got \(waiting)")
            return
        }
        #expect(address == server.address && reason == "connection refused" && retry != nil)
        try server.restart()
        #expect(RedisConnectionTests.eventually(redis, ["PING"]) == .success(.simple("PONG")))
        // The append-only file brought the key back.
        #expect(redis.sendAndWait(["GET", "kept"]) == .success(.bulk(Array("yes".utf8))))
    }

    @Test(.requiresRedis) func aDatabaseIsSelectedAfterEachConnect() throws {
        let server = try RedisForTests.start()
        var address = server.address
        address.database = 2
        let second = RedisConnection(address: address)
        let first = RedisConnection(address: server.address)
        defer {
            first.close()
            second.close()
        }
        #expect(second.sendAndWait(["SET", "where", "two"]) == .success(.simple("OK")))
        #expect(first.sendAndWait(["GET", "where"]) == .success(.bulk(nil)))
        #expect(second.sendAndWait(["GET", "where"]) == .success(.bulk(Array("two".utf8))))
        // Again on a new connection, after the server dropped this one.
        #expect(first.sendAndWait(["CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"]).map(\.integer) == .success(1))
        #expect(RedisConnectionTests.eventually(second, ["GET", "where"]) == .success(.bulk(Array("two".utf8))))
    }

    @Test(.requiresRedis) func aDatabaseThatDoesNotExistFailsTheCommands() throws {
        let server = try RedisForTests.start()
        var address = server.address
        address.database = 99
        let redis = RedisConnection(address: address)
        defer { redis.close() }
        #expect(redis.sendAndWait(["PING"]) == .failure(.server("SELECT 99 failed: ERR DB index is out of range")))
        guard case .failure(.cannotConnect(_, let reason, let retry)) = redis.sendAndWait(["PING"]) else {
            Issue.record("expected .cannotConnect while waiting to retry")
            return
        }
        #expect(reason == "SELECT 99 failed: ERR DB index is out of range" && retry != nil)
    }

    @Test(.requiresRedis) func aHostNameConnects() throws {
        let server = try RedisForTests.start()
        let redis = RedisConnection(address: RedisAddress(host: "localhost", port: server.address.port))
        defer { redis.close() }
        #expect(redis.sendAndWait(["PING"]) == .success(.simple("PONG")))
    }

    @Test func nobodyListeningIsUnreachableWithABackoff() throws {
        let socket = try #require(TestSockets.boundButNotListening())
        defer { close(socket.fd) }
        let address = RedisAddress(host: "127.0.0.1", port: socket.port)
        let redis = RedisConnection(address: address)
        defer { redis.close() }
        #expect(
            redis.sendAndWait(["PING"]) == .failure(.cannotConnect(address, reason: "connection refused", retryMilliseconds: 250)))
        guard case .failure(.cannotConnect(_, let reason, let waited)) = redis.sendAndWait(["PING"]) else {
            Issue.record("expected .cannotConnect")
            return
        }
        #expect(reason == "connection refused")
        // Within the back-off it is not tried again (what is left of the wait); a slow machine past it tries
        // again and waits twice as long.
        #expect((1...250).contains(waited ?? -1) || waited == 500)
    }

    @Test func aConnectWithoutAnswerIsUnreachable() throws {
        // A listener whose queue of unaccepted connections is full drops
        // further SYNs: connecting there gets no answer at all.
        let listener = socket(AF_INET, TestSockets.streamType, 0)
        defer { close(listener) }
        let port = try #require(TestSockets.bindToLoopback(listener))
        #expect(listen(listener, 0) == 0)
        var fillers: [Int32] = []
        defer { for fd in fillers { close(fd) } }
        for _ in 0..<4 {
            let fd = socket(AF_INET, TestSockets.streamType, 0)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port)).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            fillers.append(fd)
        }
        let address = RedisAddress(host: "127.0.0.1", port: port)
        let redis = RedisConnection(address: address, timeoutMilliseconds: 300)
        defer { redis.close() }
        // The connect's own deadline ends it (the message says so), not the
        // wait of `sendAndWait`, which guards against a bug only.
        let result = redis.sendAndWait(["PING"])
        #expect(
            result == .failure(.cannotConnect(address, reason: "no answer within 300 ms", retryMilliseconds: 250))
                || result == .failure(.cannotConnect(address, reason: "no answer within 300 ms", retryMilliseconds: nil)))
    }

    @Test func droppingTheConnectionFailsWhatIsPending() throws {
        let peer = try #require(ScriptedPeer())
        var redis: RedisConnection? = RedisConnection(address: RedisAddress(host: "127.0.0.1", port: peer.port))
        let done = DispatchSemaphore(value: 0)
        let replies = Replies()
        redis?.send(["PING"], on: .global()) { result in
            replies.results[0] = result
            done.signal()
        }
        #expect(peer.accept())
        #expect([peer.readLine(), peer.readLine(), peer.readLine()] == ["*1", "$4", "PING"])
        redis = nil
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(replies.results[0] == .failure(.closed))
        #expect(peer.readLine(milliseconds: 5000) == nil)
    }

    @Test func anUnknownHostIsUnreachable() {
        let redis = RedisConnection(address: RedisAddress(host: "no-such-host.invalid"), timeoutMilliseconds: 3000)
        defer { redis.close() }
        #expect(
            redis.sendAndWait(["PING"])
                == .failure(
                    .cannotConnect(
                        RedisAddress(host: "no-such-host.invalid"), reason: "unknown host no-such-host.invalid", retryMilliseconds: 250)
                ))
    }

    @Test func aMalformedReplyIsAProtocolViolation() throws {
        let fake = try #require(FakeServer(sending: "+OK\r\n!oops\r\n"))
        let redis = RedisConnection(address: RedisAddress(host: "127.0.0.1", port: fake.port))
        defer { redis.close() }
        #expect(
            redis.pipelineAndWait([["PING"], ["PING"]])
                == .failure(.protocolViolation("unknown type byte '!': expected one of + - : $ *")))
    }

    /// A connection to `peer` with a `PING` that the peer has read and not
    /// answered; `done` is signalled once its result is in `replies.results[0]`.
    private func pendingPing(to peer: ScriptedPeer) -> (RedisConnection, Replies, DispatchSemaphore) {
        let redis = RedisConnection(address: RedisAddress(host: "127.0.0.1", port: peer.port))
        let done = DispatchSemaphore(value: 0)
        let replies = Replies()
        redis.send(["PING"], on: .global()) { result in
            replies.results[0] = result
            done.signal()
        }
        #expect(peer.accept())
        #expect([peer.readLine(), peer.readLine(), peer.readLine()] == ["*1", "$4", "PING"])
        return (redis, replies, done)
    }

    @Test func aServerThatHangsUpMakesItUnreachable() throws {
        let peer = try #require(ScriptedPeer())
        let (redis, replies, done) = pendingPing(to: peer)
        defer { redis.close() }
        peer.hangUp()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(replies.results[0] == .failure(.unreachable("connection to redis://127.0.0.1:\(peer.port) lost: closed by the server")))
    }

    @Test func closingFailsWhatIsPendingAndWhatComesLater() throws {
        let peer = try #require(ScriptedPeer())
        let (redis, replies, done) = pendingPing(to: peer)
        redis.close()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(replies.results[0] == .failure(.closed))
        #expect(redis.sendAndWait(["PING"]) == .failure(.closed))
        // The socket was closed: the peer reads the end of the stream.
        #expect(peer.readLine(milliseconds: 5000) == nil)
    }
}

/// What callbacks report, written on one queue (or before a semaphore is
/// signalled) and read after.
private final class Replies: @unchecked Sendable {
    var values: [Int: RESPValue] = [:]
    var results: [Int: Result<RESPValue, RedisError>] = [:]
}
