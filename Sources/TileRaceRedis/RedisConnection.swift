import Dispatch
import TileRaceTransport

/// An asynchronous, pipelined connection to one Redis server.
/// - Connecting: lazily, and again after a failure, backing off 0.25 s doubling to 4 s;
/// commands during the wait fail at once (`.cannotConnect`), so callers never hang.
/// `SELECT db` goes first when the database is not 0.
/// - Deadlines: `timeoutMilliseconds` from the call. Unconnected in time: `.unreachable`.
/// Written and unanswered: `.timeout`, and the connection is dropped (later replies could
/// not be matched), failing the rest with `.unreachable`.
/// - `-ERR` replies are successes; the caller decides (`RESPValue.checked()`).
/// - `EVAL` goes by the script's hash (`EVALSHA`) once it is known, loading the
/// script again on `NOSCRIPT` (a restarted, flushed or newly promoted server).
/// State is touched only on its own serial queue, hence `@unchecked Sendable` with no locks.
public final class RedisConnection: @unchecked Sendable {
    private enum State {
        /// No socket: the next command connects.
        case idle
        /// An attempt is under way; commands wait for it unsent.
        case connecting(SocketConnector)
        /// Connected: commands are written at once.
        case connected(SocketChannel)
        /// Commands fail at once until `until` (uptime in nanoseconds).
        case waiting(until: UInt64, reason: String)
        /// Closed by its owner, for good.
        case closed
    }

    /// The shortest and the longest wait after a failed attempt.
    private static let backoffRange = 250...4000
    /// The most bytes that may wait to be written.
    private static let outputLimit = 256 << 20

    public let address: RedisAddress
    /// The deadline of each command.
    public let timeoutMilliseconds: Int

    private let queue: DispatchQueue
    private var state = State.idle
    private var parser = RESPParser()
    /// Waiting requests in order: those written (oldest first), then unsent ones.
    private var requests = RedisRequestQueue()
    private var backoffMilliseconds = 0
    private var timerDeadline: UInt64?
    /// The SHA1 of each script sent with `EVAL`, as `SCRIPT LOAD` answered.
    private var scriptHashes: [String: String] = [:]

    public init(address: RedisAddress, timeoutMilliseconds: Int = 2000) {
        self.address = address
        self.timeoutMilliseconds = max(1, timeoutMilliseconds)
        queue = DispatchQueue(label: "tilerace.redis.connection")
        Socket.ignoreBrokenPipeSignal()
    }

    deinit {
        // Nothing else can touch the state now; the channel and connector cancel their own sources.
        for request in requests.removeAll() { request.finish(.failure(.closed)) }
    }

    // MARK: Commands

    /// An empty command is not sent: it gets `.error("ERR empty command")`.
    public func send(
        _ arguments: [String], on queue: DispatchQueue, completion: @escaping @Sendable (Result<RESPValue, RedisError>) -> Void
    ) {
        guard !arguments.isEmpty else {
            queue.async { completion(.success(.error("ERR empty command"))) }
            return
        }
        if arguments[0] == "EVAL", arguments.count >= 3 { return evaluate(arguments, on: queue, completion: completion) }
        pipeline([arguments], on: queue) { completion($0.map { $0[0] }) }
    }

    /// `EVAL` by hash: the first time with `SCRIPT LOAD` to learn it, and
    /// again in full when the server answers `NOSCRIPT`.
    private func evaluate(
        _ arguments: [String], on queue: DispatchQueue, completion: @escaping @Sendable (Result<RESPValue, RedisError>) -> Void
    ) {
        let script = arguments[1]
        self.queue.async { [self] in
            guard let hash = scriptHashes[script] else {
                let load = ["SCRIPT", "LOAD", script]
                submit(RESPEncoder.command(load) + RESPEncoder.command(arguments), replyCount: 2) { [self] result in
                    if case .success(let replies) = result, let hash = replies[0].string { scriptHashes[script] = hash }
                    queue.async { completion(result.map { $0[1] }) }
                }
                return
            }
            let byHash = ["EVALSHA", hash] + arguments.dropFirst(2)
            submit(RESPEncoder.command(byHash), replyCount: 1) { [self] result in
                guard case .success(let replies) = result, case .error(let message) = replies[0], message.hasPrefix("NOSCRIPT") else {
                    return queue.async { completion(result.map { $0[0] }) }
                }
                submit(RESPEncoder.command(arguments), replyCount: 1) { result in queue.async { completion(result.map { $0[0] }) } }
            }
        }
    }

    /// One write; replies come back together. An empty command fails the pipeline with `.server`.
    public func pipeline(
        _ commands: [[String]], on queue: DispatchQueue, completion: @escaping @Sendable (Result<[RESPValue], RedisError>) -> Void
    ) {
        if let empty = commands.firstIndex(where: \.isEmpty) {
            queue.async { completion(.failure(.server("ERR empty command (number \(empty + 1) of the pipeline)"))) }
            return
        }
        guard !commands.isEmpty else {
            queue.async { completion(.success([])) }
            return
        }
        let bytes = commands.flatMap(RESPEncoder.command)
        self.queue.async { [self] in
            submit(bytes, replyCount: commands.count) { result in queue.async { completion(result) } }
        }
    }

    /// For tools and tests; never on the connection's own queue.
    public func sendAndWait(_ arguments: [String]) -> Result<RESPValue, RedisError> {
        wait { send(arguments, on: $0, completion: $1) }
    }

    /// Blocking form of `pipeline`, for command-line tools and tests.
    public func pipelineAndWait(_ commands: [[String]]) -> Result<[RESPValue], RedisError> {
        wait { pipeline(commands, on: $0, completion: $1) }
    }

    /// Later commands fail with `.closed` too.
    public func close() {
        dispatchPrecondition(condition: .notOnQueue(queue))
        queue.sync {
            switch state {
            case .connecting(let connector): connector.cancel()
            case .connected(let channel): channel.closeNow()
            case .idle, .waiting, .closed: break
            }
            state = .closed
            failAll(.closed)
        }
    }

    private func wait<Value: Sendable>(
        _ start: (DispatchQueue, @escaping @Sendable (Result<Value, RedisError>) -> Void) -> Void
    ) -> Result<Value, RedisError> {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let box = ResultBox<Value>()
        start(DispatchQueue.global()) { result in
            box.result = result
            box.done.signal()
        }
        // Every command has a deadline; this one only guards against a bug.
        let limit = DispatchTime.now() + .milliseconds(2 * timeoutMilliseconds + 5000)
        guard box.done.wait(timeout: limit) == .success, let result = box.result else {
            return .failure(.timeout(milliseconds: timeoutMilliseconds))
        }
        return result
    }

    // MARK: Requests (on the queue)

    private func submit(_ bytes: [UInt8], replyCount: Int, deliver: @escaping (Result<[RESPValue], RedisError>) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        if case .waiting(let until, let reason) = state {
            let now = RedisConnection.now()
            guard now >= until else {
                let left = (until - now + 999_999) / 1_000_000
                deliver(.failure(.cannotConnect(address, reason: reason, retryMilliseconds: Int(left))))
                return
            }
            state = .idle
        }
        if case .closed = state {
            deliver(.failure(.closed))
            return
        }
        var request = RedisRequest(bytes: bytes, replyCount: replyCount, deadline: deadline(), purpose: .caller(deliver: deliver))
        if case .connected = state { request.isSent = true }
        requests.append(request)
        if case .connected(let channel) = state { write(bytes, on: channel) }
        armTimer(for: request.deadline)
        if case .idle = state { connect() }
    }

    private func write(_ bytes: [UInt8], on channel: SocketChannel) {
        // Over the limit the channel closes and reports it (`lost`).
        guard channel.enqueue(bytes: bytes[...]) else { return }
        channel.flush()
    }

    private func deadline() -> UInt64 {
        RedisConnection.now() + UInt64(timeoutMilliseconds) * 1_000_000
    }

    private func failAll(_ error: RedisError) {
        for request in requests.removeAll() { request.finish(.failure(error)) }
    }

    // MARK: Connecting

    private func connect() {
        let connector = SocketConnector(
            host: address.host, port: address.port, timeoutMilliseconds: timeoutMilliseconds, queue: queue)
        state = .connecting(connector)
        connector.start { [weak self, weak connector] result in
            guard let self, let connector, case .connecting(let current) = state, current === connector else {
                if case .success(let fd) = result { FileDescriptor.close(fd) }
                return
            }
            switch result {
            case .success(let fd): connected(fd)
            case .failure(.timedOut): connectFailed("no answer within \(timeoutMilliseconds) ms")
            case .failure(let failure): connectFailed(failure.reason)
            }
        }
    }

    private func connected(_ fd: Int32) {
        let channel = SocketChannel(fd: fd, queue: queue, outputLimit: RedisConnection.outputLimit)
        state = .connected(channel)
        parser = RESPParser()
        backoffMilliseconds = 0
        channel.start(
            SocketChannel.Handlers(
                received: { [weak self, weak channel] bytes in
                    guard let self, let channel else { return }
                    received(bytes, on: channel)
                },
                ended: { [weak self, weak channel] reason in
                    guard let self, let channel else { return }
                    lost(reason, on: channel)
                }))
        if address.database != 0 {
            let select = RedisRequest(
                bytes: RESPEncoder.command(["SELECT", String(address.database)]), replyCount: 1, deadline: deadline(),
                purpose: .selectDatabase)
            requests.prepend(select)
            armTimer(for: select.deadline)
        }
        write(requests.markAllSent(), on: channel)
    }

    private func connectFailed(_ reason: String) {
        backoffMilliseconds = min(
            max(backoffMilliseconds * 2, RedisConnection.backoffRange.lowerBound), RedisConnection.backoffRange.upperBound)
        state = .waiting(until: RedisConnection.now() + UInt64(backoffMilliseconds) * 1_000_000, reason: reason)
        failAll(.cannotConnect(address, reason: reason, retryMilliseconds: backoffMilliseconds))
    }

    /// The next command reconnects at once.
    private func drop(failing error: RedisError) {
        if case .connected(let channel) = state { channel.closeNow() }
        state = .idle
        parser = RESPParser()
        failAll(error)
    }

    // MARK: Replies

    private func received(_ bytes: UnsafeRawBufferPointer, on channel: SocketChannel) {
        guard case .connected(let current) = state, current === channel else { return }
        parser.append(bytes)
        while case .connected(let current) = state, current === channel {
            let value: RESPValue?
            do throws(RedisError) {
                value = try parser.next()
            } catch {
                drop(failing: error)
                return
            }
            guard let value else { return }
            reply(value)
        }
    }

    private func reply(_ value: RESPValue) {
        guard requests.first?.isSent == true else {
            drop(failing: .protocolViolation("a reply that no command asked for"))
            return
        }
        guard requests.addReplyToFirst(value), let request = requests.removeFirst() else { return }
        switch request.purpose {
        case .caller(let deliver):
            deliver(.success(request.replies))
        case .selectDatabase:
            if case .error(let message) = value {
                let reason = "SELECT \(address.database) failed: \(message)"
                drop(failing: .server(reason))
                connectFailed(reason)
            }
        }
    }

    private func lost(_ reason: SocketChannel.EndReason, on channel: SocketChannel) {
        guard case .connected(let current) = state, current === channel else { return }
        let why =
            switch reason {
            case .peerClosed: "closed by the server"
            case .readFailed(let code): "read failed: \(FileDescriptor.describe(code).lowercased())"
            case .writeFailed(let code): "write failed: \(FileDescriptor.describe(code).lowercased())"
            case .outputLimit(let bytes): "\(bytes) bytes waited to be written"
            }
        drop(failing: .unreachable("connection to \(address) lost: \(why)"))
    }

    // MARK: Deadlines

    /// Makes sure a check runs by `deadline`.
    private func armTimer(for deadline: UInt64) {
        if let timerDeadline, timerDeadline <= deadline { return }
        timerDeadline = deadline
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline)) { [weak self] in
            self?.checkDeadlines()
        }
    }

    /// The oldest sent request holds up the rest, so its timeout drops the connection.
    private func checkDeadlines() {
        timerDeadline = nil
        let now = RedisConnection.now()
        if requests.hasSentRequest(expiredAt: now), let oldest = requests.removeFirst() {
            // Sent requests come first: the oldest holds up the rest.
            oldest.finish(.failure(.timeout(milliseconds: timeoutMilliseconds)))
            drop(
                failing: .unreachable("connection to \(address) dropped: an earlier command got no reply within \(timeoutMilliseconds) ms"))
        }
        for request in requests.removeExpired(at: now) {
            request.finish(.failure(.cannotConnect(address, reason: "no answer within \(timeoutMilliseconds) ms", retryMilliseconds: nil)))
        }
        if let next = requests.earliestDeadline { armTimer(for: next) }
    }

    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}

/// Written before `done` is signalled and read after the wait: the semaphore orders them.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var result: Result<Value, RedisError>?
    let done = DispatchSemaphore(value: 0)
}
