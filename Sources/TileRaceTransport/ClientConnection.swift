import Dispatch
import TileRaceProtocol

/// A client's connection to a TileRace server: the pure `ClientConversation`
/// (framing, the greeting and version check, request/reply pairing with
/// multi-line replies, `PING`/`PONG`, `BYE`, `MOVE` batching, keep-alive)
/// run over a `SocketChannel` (a non-blocking socket with bounded output).
/// The terminal client's `ServerConnection`, the bots' `BotClient` and the
/// server bench's `LoadPlayer` all talk to servers through it, and add only
/// what is theirs on top (updates for the model, a bot's pace, the bench's
/// timing).
///
/// - Connecting: `connect` opens the socket off the queue (a slow name
///   lookup never blocks it) within the connect time limit; `start(socket:)`
///   takes over a socket already connected.
/// - Sending: `send` queues requests; they go out once the server greeted
///   us, at the end of the queue's turn or at once (`WritePolicy`). While
///   the socket is still taking earlier output, requests wait and their
///   `MOVE` entries are joined. Each line is recorded to pair with its reply.
/// - Receiving: every line is read by the conversation, and what it makes
///   of it goes to the handler: the greeting, each reply with its request
///   (an `OK` that cannot be read still answers its request, as an error),
///   events, unreadable lines. `PING` is answered here.
/// - Timers: the greeting, keep-alive and answer deadlines are checked every
///   `checkIntervalMilliseconds`.
/// - Ending: the first failure (the peer closed, a socket error, a silent or
///   foreign server, a peer that does not read) closes the socket and is
///   reported once, with the server's `BYE`. After `close`, nothing more is
///   reported. The descriptor is closed only by the channel's sources'
///   cancel handlers.
///
/// Owned by `queue`: every method must be called on it (checked), and the
/// handler runs on it, never after `close`. The handler may call back in
/// (to send, or to close).
package final class ClientConnection: @unchecked Sendable {
    /// Time limits of a connection, in milliseconds.
    package struct Timing: Hashable, Sendable {
        /// How long connecting may take.
        package var connectTimeoutMilliseconds: Int
        /// The conversation's limits: greeting, keep-alive, answer.
        package var conversation: ClientConversation.Timing
        /// How often the conversation's deadlines are checked (0: never by
        /// itself; the owner calls `checkTimers()`).
        package var checkIntervalMilliseconds: Int

        /// Creates timings.
        package init(
            connectTimeoutMilliseconds: Int = 5000, conversation: ClientConversation.Timing = .standard,
            checkIntervalMilliseconds: Int = 1000
        ) {
            self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
            self.conversation = conversation
            self.checkIntervalMilliseconds = checkIntervalMilliseconds
        }

        /// The timings for play.
        package static let standard = Timing()
    }

    /// When queued requests are written.
    package enum WritePolicy: Hashable, Sendable {
        /// After the current turn of the queue, so that requests sent in one
        /// turn (keys read together) go out in one write, their moves in one
        /// `MOVE` line.
        case endOfTurn
        /// At once, in the call that sends them.
        case immediately
    }

    /// What the connection tells its owner.
    package enum Event: Hashable, Sendable {
        /// The server greeted us (`HELLO tilerace 1`): requests go out now.
        case greeted(Greeting)
        /// The reply to `request`: `OK` with the item lines of a multi-line
        /// reply, or the `ERR` it got (an `OK` that could not be read
        /// counts as an `internal` error).
        case reply(ClientMessage, Result<OkReply, ProtocolError>, items: [ServerMessage])
        /// An event (`PING` is answered here and `BYE` kept for `ended`).
        case event(ServerEvent)
        /// An event of a verb the owner skips, not parsed (`skippedEvents`).
        case skippedEvent(String)
        /// The server's `PING` was answered with a `PONG`.
        case answeredPing
        /// A line that could not be read (it was dropped).
        case unreadable(String)
        /// The connection could not be made; the reason is a few words for people.
        case connectFailed(String)
        /// The connection ended, for this reason; `bye` is the text of the
        /// server's `BYE`, if it sent one.
        case ended(reason: String, bye: String?)
    }

    /// Opens a connected non-blocking socket to `host`:`port` within a time
    /// limit; blocks the calling thread (it runs off the queue).
    package typealias Connector =
        @Sendable (_ host: String, _ port: Int, _ timeoutMilliseconds: Int) throws(Socket.ConnectFailure) -> Int32

    /// The real connector: resolves the name and connects over TCP.
    package static let tcpConnector: Connector = { host, port, timeout throws(Socket.ConnectFailure) in
        try Socket.connect(host: host, port: port, timeoutMilliseconds: timeout, isNonBlocking: true)
    }

    /// The monotonic clock in milliseconds.
    package typealias Clock = @Sendable () -> Int

    /// The bytes a queued request is counted as before it becomes a line.
    private static let queuedRequestBytes = 16

    private enum State { case idle, connecting, open, closed }

    private let queue: DispatchQueue
    private let timing: Timing
    private let outputLimit: Int
    private let writePolicy: WritePolicy
    private let clock: Clock
    private let poller: ReadinessPoller?
    private let skippedEvents: [String]
    private var handler: ((Event) -> Void)?
    private var state = State.idle
    private var channel: SocketChannel?
    private var timer: (any DispatchSourceTimer)?
    private var conversation: ClientConversation
    private var outgoing: [ClientMessage] = []
    private var isFlushScheduled = false

    /// A connection on `queue`, not opened yet.
    /// - Parameters:
    ///   - outputLimit: the most bytes that may wait to be written before
    ///     the server counts as not reading (and the connection as lost).
    ///   - poller: reports input for this and other sockets of `queue`;
    ///     without one, the channel has a read source of its own.
    ///   - skippedEvents: the verbs of events the owner only counts: they
    ///     are not parsed, and come as `skippedEvent` (the bench's `PROGRESS`).
    package init(
        queue: DispatchQueue, timing: Timing = .standard, outputLimit: Int = 256 * 1024, writePolicy: WritePolicy = .endOfTurn,
        clock: @escaping Clock = MonotonicClock.milliseconds, poller: ReadinessPoller? = nil, skippedEvents: [String] = []
    ) {
        self.queue = queue
        self.timing = timing
        self.outputLimit = outputLimit
        self.writePolicy = writePolicy
        self.clock = clock
        self.poller = poller
        self.skippedEvents = skippedEvents
        conversation = ClientConversation(timing: timing.conversation, now: 0, skippedEvents: skippedEvents)
    }

    deinit {
        timer?.cancel()
    }

    /// Whether the connection is still being opened.
    package var isConnecting: Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        return state == .idle || state == .connecting
    }

    /// Whether the connection is open or being opened: it has neither
    /// failed nor been closed.
    package var isOpen: Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        return state != .closed
    }

    /// Whether the server greeted us.
    package var isGreeted: Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        return conversation.isGreeted
    }

    // MARK: Opening

    /// Connects to `host`:`port` (once); `handler` hears everything from now on.
    package func connect(
        host: String, port: Int, connector: @escaping Connector = ClientConnection.tcpConnector,
        _ handler: @escaping (Event) -> Void
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .idle else { return }
        state = .connecting
        self.handler = handler
        let timeout = timing.connectTimeoutMilliseconds
        DispatchQueue.global(qos: .userInitiated).async { [weak self, queue] in
            let result = Result { () throws(Socket.ConnectFailure) -> Int32 in try connector(host, port, timeout) }
            queue.async { [self] in
                guard let self else {
                    if case .success(let fd) = result { FileDescriptor.close(fd) }
                    return
                }
                self.connected(result)
            }
        }
    }

    /// Takes over `fd`, a non-blocking socket already connected (once);
    /// `handler` hears everything from now on.
    package func start(socket fd: Int32, _ handler: @escaping (Event) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .idle else {
            FileDescriptor.close(fd)
            return
        }
        self.handler = handler
        open(fd)
    }

    private func connected(_ result: Result<Int32, Socket.ConnectFailure>) {
        guard state == .connecting else {
            if case .success(let fd) = result { FileDescriptor.close(fd) }
            return
        }
        switch result {
        case .failure(let error):
            state = .closed
            let reason = error.reason(timeoutMilliseconds: timing.connectTimeoutMilliseconds)
            handler?(.connectFailed(reason))
            handler = nil
        case .success(let fd):
            open(fd)
        }
    }

    private func open(_ fd: Int32) {
        state = .open
        conversation = ClientConversation(timing: timing.conversation, now: clock(), skippedEvents: skippedEvents)
        let channel = SocketChannel(fd: fd, queue: queue, outputLimit: outputLimit, poller: poller)
        self.channel = channel
        channel.start(
            SocketChannel.Handlers(
                received: { [weak self] bytes in self?.received(Array(bytes)) },
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

    // MARK: Sending

    /// Queues a request; returns false (and queues nothing) when the
    /// connection is not open nor being opened.
    @discardableResult
    package func send(_ message: ClientMessage) -> Bool {
        send([message])
    }

    /// Queues requests, in order; returns false (and queues nothing) when
    /// the connection is not open nor being opened. More output waiting
    /// than the limit ends the connection (reported before this returns).
    @discardableResult
    package func send(_ messages: [ClientMessage]) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .connecting || state == .open else { return false }
        outgoing += messages
        let waiting = (channel?.pendingOutputBytes ?? 0) + outgoing.count * ClientConnection.queuedRequestBytes
        guard waiting <= outputLimit else {
            fail("the server is not reading (\(waiting / 1024) KiB waiting)")
            return true
        }
        switch writePolicy {
        case .endOfTurn: scheduleFlush()
        case .immediately: flush()
        }
        return true
    }

    private func scheduleFlush() {
        guard !isFlushScheduled else { return }
        isFlushScheduled = true
        queue.async { [weak self] in
            guard let self else { return }
            self.isFlushScheduled = false
            self.flush()
        }
    }

    /// Turns the queued requests into lines (unless the socket is still
    /// taking earlier ones: then they wait, and their entries are batched)
    /// and writes what the socket takes.
    private func flush() {
        guard state == .open, conversation.isGreeted, let channel, !channel.isWaitingToWrite, !outgoing.isEmpty else { return }
        let lines = conversation.lines(for: outgoing, now: clock())
        outgoing.removeAll(keepingCapacity: true)
        guard channel.enqueue(lines) else { return }
        channel.flush()
    }

    // MARK: Receiving

    private func received(_ bytes: [UInt8]) {
        guard state == .open else { return }
        perform(conversation.received(bytes))
    }

    /// Carries out what the conversation asks, in order, while open.
    private func perform(_ outputs: [ClientConversation.Output]) {
        for output in outputs {
            guard state == .open else { return }
            switch output {
            case .greeted(let greeting):
                handler?(.greeted(greeting))
                flush()
            case .reply(let request, let result, let items):
                handler?(.reply(request, result, items: items))
            case .event(let event):
                handler?(.event(event))
            case .skippedEvent(let verb):
                handler?(.skippedEvent(verb))
            case .unreadable(let line):
                handler?(.unreadable(line))
            case .send(let message):
                send(message)
                if case .pong = message { handler?(.answeredPing) }
            case .fail(let reason):
                fail(reason)
            }
        }
    }

    private func ended(_ reason: SocketChannel.EndReason) {
        switch reason {
        case .peerClosed: fail("the server closed the connection")
        case .readFailed(let code), .writeFailed(let code): fail(FileDescriptor.describe(code).lowercased())
        case .outputLimit(let waiting): fail("the server is not reading (\(waiting / 1024) KiB waiting)")
        }
    }

    // MARK: Timers and ending

    /// Checks the greeting, keep-alive and answer deadlines against the
    /// clock (the timer calls it every `checkIntervalMilliseconds`).
    package func checkTimers() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .open else { return }
        perform(conversation.checkTimers(now: clock()))
    }

    /// Closes the connection now, dropping unsent output; nothing more is reported.
    package func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        handler = nil
        guard state != .closed else { return }
        state = .closed
        tearDown()
    }

    /// Writes what is queued (once greeted), then closes, waiting up to
    /// `lingerMilliseconds` for the server to hang up (so it reads our last
    /// lines); nothing more is reported.
    package func closeAfterFlush(lingerMilliseconds: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        handler = nil
        guard state != .closed else { return }
        flush()
        state = .closed
        timer?.cancel()
        timer = nil
        channel?.closeAfterFlush(lingerMilliseconds: lingerMilliseconds)
        channel = nil
        outgoing = []
    }

    /// The connection ended: say why (with the server's `BYE`), once.
    private func fail(_ reason: String) {
        guard state != .closed else { return }
        state = .closed
        tearDown()
        handler?(.ended(reason: reason, bye: conversation.bye))
        handler = nil
    }

    private func tearDown() {
        timer?.cancel()
        timer = nil
        channel?.closeNow()
        channel = nil
        outgoing = []
    }
}
