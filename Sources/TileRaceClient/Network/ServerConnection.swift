import Dispatch
import TileRaceProtocol
import TileRaceTransport

/// One connection to a TileRace server over the protocol codec: the
/// transport's `LineChannel` (non-blocking socket, bounded output), the line
/// framer and the reply matcher. It checks the greeting, answers `PING` with
/// `PONG`, sends `PING` when it has been quiet for a while, batches `MOVE`
/// entries that pile up while a write is pending, and reports everything else
/// as `ServerUpdate`s.
///
/// All its state is owned by `queue` (the client loop's): `start`, `send`
/// and `close` are called there (checked), and so is `handler`.
final class ServerConnection: @unchecked Sendable {
    /// Time limits of a connection, in milliseconds (tests shorten them).
    struct Timing: Sendable {
        /// How long connecting may take.
        var connectTimeoutMilliseconds = 5000
        /// How long the server has to greet us once connected.
        var greetingTimeoutMilliseconds = 5000
        /// Silence on our side after which a `PING` is sent (the server closes
        /// connections quiet for 120 s).
        var keepAliveMilliseconds = 30_000
        /// How long after a `PING` with nothing received the server is taken as gone.
        var answerTimeoutMilliseconds = 30_000
        /// How often the timers above are checked (0: never by itself; tests
        /// call `checkTimers()`).
        var checkIntervalMilliseconds = 1000

        /// The timings for play.
        static let standard = Timing()
    }

    /// Opens a connected non-blocking socket to an endpoint within a time
    /// limit; blocks the calling thread (it runs off the loop's queue).
    typealias Connector = @Sendable (ServerEndpoint, _ timeoutMilliseconds: Int) throws(Socket.ConnectFailure) -> Int32

    /// The real connector: resolves the name and connects over TCP.
    static let tcpConnector: Connector = { endpoint, timeout throws(Socket.ConnectFailure) in
        try Socket.connect(host: endpoint.host, port: endpoint.port, timeoutMilliseconds: timeout, isNonBlocking: true)
    }

    /// The monotonic clock in milliseconds.
    typealias Clock = @Sendable () -> Int

    /// The most bytes waiting to be written before the server counts as not
    /// reading (and the connection as lost).
    static let maximumPendingBytes = 256 * 1024
    /// The longest `MOVE` line a batch makes (the protocol allows 1024 bytes).
    static let maximumBatchLineBytes = 1000

    /// The server.
    let endpoint: ServerEndpoint
    private let queue: DispatchQueue
    private let timing: Timing
    private let connector: Connector
    private let clock: Clock
    private var handler: ((ServerUpdate) -> Void)?

    private enum State { case idle, connecting, open, closed }
    private var state = State.idle
    private var channel: LineChannel?
    private var timer: (any DispatchSourceTimer)?
    private var framer = LineFramer()
    private var matcher = ReplyMatcher()
    private var outgoing: [ClientMessage] = []
    private var isFlushScheduled = false
    private var isGreeted = false
    private var bye: String?
    private var openedAt = 0
    private var lastSentAt = 0
    private var pingSentAt: Int?
    private var pingCount = 0

    /// A connection to `endpoint` whose news goes to `handler` on `queue`.
    init(
        endpoint: ServerEndpoint, queue: DispatchQueue, timing: Timing = .standard,
        connector: @escaping Connector = ServerConnection.tcpConnector,
        clock: @escaping Clock = ServerConnection.monotonicMilliseconds,
        handler: @escaping (ServerUpdate) -> Void
    ) {
        self.endpoint = endpoint
        self.queue = queue
        self.timing = timing
        self.connector = connector
        self.clock = clock
        self.handler = handler
    }

    deinit {
        timer?.cancel()
    }

    /// Whether the connection is still being opened.
    var isConnecting: Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        return state == .idle || state == .connecting
    }

    /// Whether the connection is open or being opened: it has neither
    /// failed nor been closed.
    var isOpen: Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        return state != .closed
    }

    /// Connects (off the queue, so a slow name lookup never blocks the screen).
    func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .idle else { return }
        state = .connecting
        let endpoint = endpoint
        let timeout = timing.connectTimeoutMilliseconds
        let connector = connector
        DispatchQueue.global(qos: .userInitiated).async { [weak self, queue] in
            let result = Result { () throws(Socket.ConnectFailure) -> Int32 in try connector(endpoint, timeout) }
            queue.async { [self] in
                guard let self else {
                    if case .success(let fd) = result { FileDescriptor.close(fd) }
                    return
                }
                self.connected(result)
            }
        }
    }

    /// Queues a line for the server. Lines queued before the greeting wait
    /// for it; with no connection, `notSent` is reported (never from inside this call).
    func send(_ message: ClientMessage) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .connecting || state == .open else {
            queue.async { [weak self] in self?.handler?(.notSent(message, reason: "not connected")) }
            return
        }
        outgoing.append(message)
        let waiting = (channel?.pendingOutputBytes ?? 0) + outgoing.count * 16
        guard waiting <= ServerConnection.maximumPendingBytes else {
            fail("the server is not reading (\(waiting / 1024) KiB waiting)")
            return
        }
        scheduleFlush()
    }

    /// Closes the connection; nothing more is reported.
    func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        handler = nil
        guard state != .closed else { return }
        state = .closed
        tearDown()
    }

    // MARK: Connecting

    private func connected(_ result: Result<Int32, Socket.ConnectFailure>) {
        guard state == .connecting else {
            if case .success(let fd) = result { FileDescriptor.close(fd) }
            return
        }
        let fd: Int32
        switch result {
        case .failure(let error):
            state = .closed
            handler?(.connectFailed(error.reason(timeoutMilliseconds: timing.connectTimeoutMilliseconds)))
            return
        case .success(let descriptor):
            fd = descriptor
        }
        state = .open
        let now = clock()
        openedAt = now
        lastSentAt = now

        let channel = LineChannel(fd: fd, queue: queue, outputLimit: ServerConnection.maximumPendingBytes)
        self.channel = channel
        channel.start(
            LineChannel.Handlers(
                received: { [weak self] bytes in self?.received(bytes) },
                ended: { [weak self] reason in self?.ended(reason) },
                drained: { [weak self] in self?.flush() }))
        guard timing.checkIntervalMilliseconds > 0 else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.checkTimers() }
        let interval = DispatchTimeInterval.milliseconds(timing.checkIntervalMilliseconds)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
        timer.resume()
        self.timer = timer
    }

    // MARK: Reading

    private func received(_ bytes: [UInt8]) {
        guard state == .open else { return }
        framer.append(bytes)
        pingSentAt = nil
        while state == .open {
            let line: String?
            do {
                line = try framer.nextLine()
            } catch {
                deliver(.unreadable("(\(error.message))"))
                continue
            }
            guard let line else { return }
            if !line.isEmpty { handle(line) }
        }
    }

    private func ended(_ reason: LineChannel.EndReason) {
        switch reason {
        case .peerClosed: fail("the server closed the connection")
        case .readFailed(let code), .writeFailed(let code): fail(FileDescriptor.describe(code).lowercased())
        case .outputLimit(let waiting): fail("the server is not reading (\(waiting / 1024) KiB waiting)")
        }
    }

    private func handle(_ line: String) {
        guard isGreeted else {
            if case .event(.hello(let greeting))? = try? ServerMessage.parse(line), greeting.version == ClientMessage.protocolVersion {
                isGreeted = true
                deliver(.greeted(greeting))
                scheduleFlush()
            } else {
                fail("this is not a TileRace server (it said \"\(TextFilter.printableASCII(String(line.prefix(40))))\")")
            }
            return
        }
        var message: ServerMessage
        do {
            message = try ServerMessage.parse(line)
        } catch {
            // An unreadable OK still answers the oldest request: keep the pairing right.
            guard line.hasPrefix("OK ") || line == "OK" else {
                deliver(.unreadable(line))
                return
            }
            message = .error(ProtocolError(.internal, "unreadable reply: \(error.message)"))
        }
        switch message {
        case .event(.ping(let token)):
            send(.pong(token))
        case .event(.bye(let text)):
            bye = text
        case .event(let event):
            deliver(.event(event))
        default:
            let delivery: ReplyMatcher.Delivery?
            do {
                delivery = try matcher.received(message)
            } catch {
                deliver(.unreadable(line))
                return
            }
            guard case .reply(let request, let reply, let items)? = delivery else { return }
            if case .ping = request { return }  // our keep-alive
            let result: Result<OkReply, ProtocolError> =
                switch reply {
                case .ok(let ok): .success(ok)
                case .error(let error): .failure(error)
                default: .failure(ProtocolError(.internal, "unexpected reply \(reply.line.prefix(40))"))
                }
            deliver(.reply(request, result, items: items))
        }
    }

    // MARK: Writing

    private func scheduleFlush() {
        guard !isFlushScheduled else { return }
        isFlushScheduled = true
        // After the current turn of the queue: keys read together go out as one MOVE.
        queue.async { [weak self] in
            guard let self else { return }
            self.isFlushScheduled = false
            self.flush()
        }
    }

    /// Turns the queued messages into lines (unless the socket is still
    /// taking earlier ones: then they wait, and their entries are batched)
    /// and writes what the socket takes.
    private func flush() {
        guard state == .open, isGreeted, let channel, !channel.isWaitingToWrite else { return }
        guard !outgoing.isEmpty else { return }
        var lines: [String] = []
        for message in ServerConnection.batched(outgoing) {
            matcher.sent(message)
            lines.append(message.line)
        }
        outgoing.removeAll(keepingCapacity: true)
        guard channel.enqueue(lines) else { return }
        lastSentAt = clock()
        channel.flush()
    }

    /// Messages with consecutive `MOVE` lines joined into one, as long as the
    /// line stays short enough.
    static func batched(_ messages: [ClientMessage]) -> [ClientMessage] {
        var result: [ClientMessage] = []
        for message in messages {
            if case .move(let seq, let entries) = message, case .move(let firstSeq, let earlier)? = result.last,
                seq == firstSeq + earlier.count,
                ClientMessage.move(seq: firstSeq, entries: earlier + entries).line.utf8.count <= maximumBatchLineBytes
            {
                result[result.count - 1] = .move(seq: firstSeq, entries: earlier + entries)
            } else {
                result.append(message)
            }
        }
        return result
    }

    // MARK: Keep-alive and ending

    /// Checks the greeting, keep-alive and answer deadlines against the clock
    /// (the timer calls it every `checkIntervalMilliseconds`).
    func checkTimers() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .open else { return }
        let now = clock()
        if !isGreeted {
            if now - openedAt >= timing.greetingTimeoutMilliseconds {
                // Connected (a connect that never completes is `connectFailed`,
                // and this timer starts only once it has), but silent.
                fail(
                    "it connected but sent no greeting within \(Socket.duration(milliseconds: timing.greetingTimeoutMilliseconds)): "
                        + "is it a TileRace server?")
            }
            return
        }
        if let pingSentAt {
            if now - pingSentAt >= timing.answerTimeoutMilliseconds {
                fail("no answer from the server for \(timing.answerTimeoutMilliseconds / 1000) s")
            }
        } else if now - lastSentAt >= timing.keepAliveMilliseconds {
            pingCount += 1
            pingSentAt = now
            send(.ping("keepalive\(pingCount)"))
        }
    }

    private func deliver(_ update: ServerUpdate) {
        handler?(update)
    }

    /// The connection ended: say why (with the server's BYE), once. Later
    /// requests are answered `notSent`.
    private func fail(_ reason: String) {
        guard state != .closed else { return }
        state = .closed
        tearDown()
        handler?(.disconnected(reason: reason, bye: bye))
    }

    private func tearDown() {
        timer?.cancel()
        timer = nil
        channel?.closeNow()
        channel = nil
        outgoing = []
    }

    /// Milliseconds of the monotonic clock.
    static let monotonicMilliseconds: Clock = { Int(DispatchTime.now().uptimeNanoseconds / 1_000_000) }
}
