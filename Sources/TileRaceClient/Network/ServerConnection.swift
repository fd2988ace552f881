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

        /// The limits the conversation keeps.
        var conversation: ClientConversation.Timing {
            ClientConversation.Timing(
                greetingTimeoutMilliseconds: greetingTimeoutMilliseconds, keepAliveMilliseconds: keepAliveMilliseconds,
                answerTimeoutMilliseconds: answerTimeoutMilliseconds)
        }

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
    private var conversation: ClientConversation
    private var outgoing: [ClientMessage] = []
    private var isFlushScheduled = false

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
        conversation = ClientConversation(timing: timing.conversation, now: 0)
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
        conversation = ClientConversation(timing: timing.conversation, now: clock())

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
        perform(conversation.received(bytes))
    }

    /// Carries out what the conversation asks, in order.
    private func perform(_ outputs: [ClientConversation.Output]) {
        for output in outputs {
            guard state == .open else { return }
            switch output {
            case .greeted(let greeting):
                deliver(.greeted(greeting))
                scheduleFlush()
            case .reply(let request, let result, let items):
                deliver(.reply(request, result, items: items))
            case .event(let event):
                deliver(.event(event))
            case .unreadable(let line):
                deliver(.unreadable(line))
            case .send(let message):
                send(message)
            case .fail(let reason):
                fail(reason)
            }
        }
    }

    private func ended(_ reason: LineChannel.EndReason) {
        switch reason {
        case .peerClosed: fail("the server closed the connection")
        case .readFailed(let code), .writeFailed(let code): fail(FileDescriptor.describe(code).lowercased())
        case .outputLimit(let waiting): fail("the server is not reading (\(waiting / 1024) KiB waiting)")
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
        guard state == .open, conversation.isGreeted, let channel, !channel.isWaitingToWrite else { return }
        guard !outgoing.isEmpty else { return }
        let lines = conversation.lines(for: outgoing, now: clock())
        outgoing.removeAll(keepingCapacity: true)
        guard channel.enqueue(lines) else { return }
        channel.flush()
    }

    // MARK: Keep-alive and ending

    /// Checks the greeting, keep-alive and answer deadlines against the clock
    /// (the timer calls it every `checkIntervalMilliseconds`).
    func checkTimers() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .open else { return }
        perform(conversation.checkTimers(now: clock()))
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
        handler?(.disconnected(reason: reason, bye: conversation.bye))
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
