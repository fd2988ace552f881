import Dispatch
import TileRaceTransport

/// An asynchronous, pipelined connection to one Redis server, or to the primary
/// that sentinels name.
/// - Connecting: lazily, and again after a failure, backing off 0.25 s doubling to 4 s;
/// commands during the wait fail at once (`.cannotConnect`), so callers never hang.
/// `SELECT db` goes first when the database is not 0.
/// - Sentinels (`RedisEndpoint.sentinels`): every connect first asks them in turn for the
/// primary (the one that answered last first), then sends nothing before `ROLE` says
/// master. A sentinel's `+switch-master` drops the connection to the old primary at once.
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
        /// The sentinels are asked for the primary (attempt `number`); commands wait unsent.
        case discovering(number: Int)
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

    public let endpoint: RedisEndpoint
    /// The deadline of each command.
    public let timeoutMilliseconds: Int

    private let queue: DispatchQueue
    private var state = State.idle
    private var parser = RESPParser()
    /// Waiting requests in order: those written (oldest first), then unsent ones.
    private var requests = RedisRequestQueue()
    private var backoffMilliseconds = 0
    private var timerDeadline: UInt64?
    /// The server connected to, or last asked for.
    private var address: RedisAddress?
    /// With sentinels: the connected server's `ROLE` is awaited, so nothing else is sent yet.
    private var awaitsRole = false
    /// With sentinels: a connection to each, its index of the one that answered last,
    /// and the number of the last discovery.
    private let sentinels: [RedisConnection]
    private var preferredSentinel = 0
    private var discoveries = 0
    /// With sentinels: subscribed to `+switch-master` on the one that answered last, while it lasts.
    private var hints: RedisConnection?
    /// Told of each change of primary and each fail-over (one line each), on the connection's queue.
    private let note: @Sendable (String) -> Void
    /// The SHA1 of each script sent with `EVAL`, as `SCRIPT LOAD` answered.
    private var scriptHashes: [String: String] = [:]

    public convenience init(address: RedisAddress, timeoutMilliseconds: Int = 2000) {
        self.init(endpoint: .server(address), timeoutMilliseconds: timeoutMilliseconds)
    }

    /// `note` hears, in a line each, a new primary and a fail-over sentinels announce.
    public init(endpoint: RedisEndpoint, timeoutMilliseconds: Int = 2000, note: @escaping @Sendable (String) -> Void = { _ in }) {
        self.endpoint = endpoint
        self.timeoutMilliseconds = max(1, timeoutMilliseconds)
        self.note = note
        queue = DispatchQueue(label: "tilerace.redis.connection")
        switch endpoint {
        case .server(let address):
            self.address = address
            sentinels = []
        case .sentinels(let addresses, _):
            // A short deadline: a sentinel that does not answer is skipped for the next.
            sentinels = addresses.map { RedisConnection(address: $0, timeoutMilliseconds: min(1000, timeoutMilliseconds)) }
        }
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
            case .idle, .discovering, .waiting, .closed: break
            }
            state = .closed
            failAll(.closed)
        }
        for sentinel in sentinels { sentinel.close() }
        queue.sync { hints }?.close()
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
        submit(RedisRequest(bytes: bytes, replyCount: replyCount, deadline: deadline(), purpose: .caller(deliver: deliver)))
    }

    private func submit(_ request: RedisRequest) {
        dispatchPrecondition(condition: .onQueue(queue))
        if case .waiting(let until, let reason) = state {
            let now = RedisConnection.now()
            guard now >= until else {
                let left = (until - now + 999_999) / 1_000_000
                request.finish(.failure(unreachable(reason, retryMilliseconds: Int(left))))
                return
            }
            state = .idle
        }
        if case .closed = state {
            request.finish(.failure(.closed))
            return
        }
        var request = request
        let channel = writableChannel
        request.isSent = channel != nil
        requests.append(request)
        if let channel { write(request.bytes, on: channel) }
        armTimer(for: request.deadline)
        if case .idle = state { connect() }
    }

    /// `SUBSCRIBE channel`: `message` gets every reply from then on (the confirmation, then
    /// each message), and a failure when the connection is lost, which ends it.
    /// Nothing else may be sent on this connection.
    func subscribe(_ channel: String, on queue: DispatchQueue, message: @escaping @Sendable (Result<RESPValue, RedisError>) -> Void) {
        self.queue.async { [self] in
            let deliver: (Result<[RESPValue], RedisError>) -> Void = { result in queue.async { message(result.map { $0[0] }) } }
            submit(
                RedisRequest(
                    bytes: RESPEncoder.command(["SUBSCRIBE", channel]), replyCount: 1, deadline: .max,
                    purpose: .subscription(deliver: deliver)))
        }
    }

    private func write(_ bytes: [UInt8], on channel: SocketChannel) {
        // Over the limit the channel closes and reports it (`lost`).
        guard channel.enqueue(bytes: bytes[...]) else { return }
        channel.flush()
    }

    /// The channel commands are written to now: connected, and with sentinels, `ROLE` said master.
    private var writableChannel: SocketChannel? {
        guard case .connected(let channel) = state, !awaitsRole else { return nil }
        return channel
    }

    /// A failure to reach the server, or with sentinels, the primary (its reason says which).
    private func unreachable(_ reason: String, retryMilliseconds: Int?) -> RedisError {
        if case .server(let address) = endpoint { return .cannotConnect(address, reason: reason, retryMilliseconds: retryMilliseconds) }
        return .unreachable(reason)
    }

    private func deadline() -> UInt64 {
        RedisConnection.now() + UInt64(timeoutMilliseconds) * 1_000_000
    }

    private func failAll(_ error: RedisError) {
        for request in requests.removeAll() { request.finish(.failure(error)) }
    }

    // MARK: Connecting

    private func connect() {
        guard case .sentinels(_, let name) = endpoint else {
            if let address { connect(to: address) }
            return
        }
        discoveries += 1
        let number = discoveries
        state = .discovering(number: number)
        discover(name, attempt: 0, failures: [], unknown: []) { [self] primary, failure in
            guard case .discovering(number) = state else { return }
            guard let primary else { return connectFailed(failure) }
            if primary != address {
                note("primary of \(name) is \(primary.hostAndPort)" + (address.map { " (was \($0.hostAndPort))" } ?? ""))
            }
            address = primary
            listenForSwitches()
            connect(to: primary)
        }
    }

    /// Subscribes to the sentinel that answered, unless a subscription lasts: a switch of
    /// the primary then drops the connection to the old one at once. A hint only: every
    /// reconnect asks the sentinels anyway.
    private func listenForSwitches() {
        guard case .sentinels(let addresses, let name) = endpoint, hints == nil else { return }
        let hints = RedisConnection(address: addresses[preferredSentinel], timeoutMilliseconds: timeoutMilliseconds)
        self.hints = hints
        hints.subscribe("+switch-master", on: queue) { [weak self, weak hints] result in
            guard let self, let hints, self.hints === hints else { return }
            guard case .success(let reply) = result else {
                self.hints = nil
                return
            }
            // `message +switch-master "NAME OLD-HOST OLD-PORT NEW-HOST NEW-PORT"`
            guard let parts = reply.array, parts.count == 3, parts[0].string == "message",
                let words = parts[2].string?.split(separator: " "), words.count == 5, words[0] == name, let port = Int(words[4])
            else { return }
            switched(to: RedisAddress(host: String(words[3]), port: port))
        }
    }

    private func switched(to primary: RedisAddress) {
        note("sentinels switched \(endpoint) to \(primary.hostAndPort)")
        backoffMilliseconds = 0
        switch state {
        case .connected where address != primary:
            drop(failing: .unreachable("the primary moved to \(primary.hostAndPort)"))
        case .waiting:
            state = .idle
        default:
            break
        }
    }

    /// Asks the sentinels in turn, from the one that answered last, for the primary `name`.
    private func discover(
        _ name: String, attempt: Int, failures: [String], unknown: [String],
        found: @escaping @Sendable (_ primary: RedisAddress?, _ failure: String) -> Void
    ) {
        guard attempt < sentinels.count else {
            if unknown.isEmpty { return found(nil, "no sentinel reachable (\(failures.joined(separator: "; ")))") }
            let asked = "asked \(unknown.joined(separator: ", "))" + (failures.isEmpty ? "" : "; \(failures.joined(separator: "; "))")
            return found(nil, "no sentinel knows the primary \(name) (\(asked))")
        }
        let index = (preferredSentinel + attempt) % sentinels.count
        let sentinel = sentinels[index]
        let who = sentinel.address?.hostAndPort ?? "?"
        sentinel.send(["SENTINEL", "get-master-addr-by-name", name], on: queue) { [self] result in
            switch result {
            case .success(.array(let parts?)) where parts.count == 2 && parts[1].string.flatMap { Int($0) } != nil:
                preferredSentinel = index
                found(RedisAddress(host: parts[0].string ?? "", port: parts[1].string.flatMap { Int($0) } ?? 0), "")
            case .success(.array(nil)), .success(.bulk(nil)):
                discover(name, attempt: attempt + 1, failures: failures, unknown: unknown + [who], found: found)
            case .success(let other):
                let failure = "\(who): \(String(describing: other).prefix(80))"
                discover(name, attempt: attempt + 1, failures: failures + [failure], unknown: unknown, found: found)
            case .failure(.cannotConnect(_, let reason, _)):
                discover(name, attempt: attempt + 1, failures: failures + ["\(who): \(reason)"], unknown: unknown, found: found)
            case .failure(let error):
                discover(name, attempt: attempt + 1, failures: failures + ["\(who): \(error)"], unknown: unknown, found: found)
            }
        }
    }

    private func connect(to address: RedisAddress) {
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
        if !sentinels.isEmpty {
            // Nothing goes to a server that is no longer the primary.
            var role = RedisRequest(bytes: RESPEncoder.command(["ROLE"]), replyCount: 1, deadline: deadline(), purpose: .checkRole)
            role.isSent = true
            requests.prepend(role)
            armTimer(for: role.deadline)
            awaitsRole = true
            write(role.bytes, on: channel)
            return
        }
        backoffMilliseconds = 0
        if let database = address?.database, database != 0 {
            let select = RedisRequest(
                bytes: RESPEncoder.command(["SELECT", String(database)]), replyCount: 1, deadline: deadline(), purpose: .selectDatabase)
            requests.prepend(select)
            armTimer(for: select.deadline)
        }
        write(requests.markAllSent(), on: channel)
    }

    private func connectFailed(_ reason: String) {
        backoffMilliseconds = min(
            max(backoffMilliseconds * 2, RedisConnection.backoffRange.lowerBound), RedisConnection.backoffRange.upperBound)
        state = .waiting(until: RedisConnection.now() + UInt64(backoffMilliseconds) * 1_000_000, reason: reason)
        failAll(unreachable(reason, retryMilliseconds: backoffMilliseconds))
    }

    /// The next command reconnects at once.
    private func drop(failing error: RedisError) {
        if case .connected(let channel) = state { channel.closeNow() }
        state = .idle
        awaitsRole = false
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
        if case .subscription(let deliver) = requests.first?.purpose { return deliver(.success([value])) }
        guard requests.addReplyToFirst(value), let request = requests.removeFirst() else { return }
        switch request.purpose {
        case .caller(let deliver), .subscription(let deliver):
            deliver(.success(request.replies))
        case .selectDatabase:
            if case .error(let message) = value {
                let reason = "SELECT \(address?.database ?? 0) failed: \(message)"
                drop(failing: .server(reason))
                connectFailed(reason)
            }
        case .checkRole:
            guard value.array?.first?.string == "master", case .connected(let channel) = state else {
                let role = value.array?.first?.string ?? String(describing: value).prefix(80).description
                let reason = "\(address?.hostAndPort ?? "?") is not the primary (ROLE: \(role)); asking the sentinels again"
                note(reason)
                drop(failing: .unreachable(reason))
                connectFailed(reason)
                return
            }
            awaitsRole = false
            backoffMilliseconds = 0
            write(requests.markAllSent(), on: channel)
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
        drop(failing: .unreachable("connection to \(address.map { "\($0)" } ?? "\(endpoint)") lost: \(why)"))
    }

    // MARK: Deadlines

    /// Makes sure a check runs by `deadline`.
    private func armTimer(for deadline: UInt64) {
        if deadline == .max { return }
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
                failing: .unreachable(
                    "connection to \(address.map { "\($0)" } ?? "\(endpoint)") dropped: an earlier command got no reply within \(timeoutMilliseconds) ms"
                ))
        }
        for request in requests.removeExpired(at: now) {
            request.finish(.failure(unreachable("no answer within \(timeoutMilliseconds) ms", retryMilliseconds: nil)))
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
