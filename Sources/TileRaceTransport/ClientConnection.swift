import Dispatch
import TileRaceProtocol

/// `ClientConversation` over a `SocketChannel`, for the client, the bots and the bench.
/// Requests go out once greeted, per `WritePolicy`; while the socket is busy they wait,
/// their `MOVE`s joined. The first failure closes the socket and is reported once, with
/// the server's `BYE`; nothing is reported after `close`.
/// Owned by `queue` (checked); the handler runs on it and may call back in.
package final class ClientConnection: @unchecked Sendable {
    package struct Timing: Hashable, Sendable {
        package var connectTimeoutMilliseconds: Int
        /// The greeting, keep-alive and answer limits.
        package var conversation: ClientConversation.Timing
        /// 0: never by itself; the owner calls `checkTimers()`.
        package var checkIntervalMilliseconds: Int

        package init(
            connectTimeoutMilliseconds: Int = 5000, conversation: ClientConversation.Timing = .standard,
            checkIntervalMilliseconds: Int = 1000
        ) {
            self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
            self.conversation = conversation
            self.checkIntervalMilliseconds = checkIntervalMilliseconds
        }

        package static let standard = Timing()
    }

    package enum WritePolicy: Hashable, Sendable {
        /// Requests of one turn (keys read together) go in one write, moves in one `MOVE`.
        case endOfTurn
        case immediately
    }

    package enum Event: Hashable, Sendable {
        /// Requests go out from now.
        case greeted(Greeting)
        /// An unreadable `OK` counts as an `internal` error.
        case reply(ClientMessage, Result<OkReply, ProtocolError>, items: [ServerMessage])
        /// Not `PING` (answered here) nor `BYE` (kept for `ended`).
        case event(ServerEvent)
        /// The verb of an event the owner skips (`skippedEvents`), unparsed.
        case skippedEvent(String)
        case answeredPing
        /// A line that could not be read, dropped.
        case unreadable(String)
        /// The reason, in a few words for people.
        case connectFailed(String)
        /// `bye` is the text of the server's `BYE`, if it sent one.
        case ended(reason: String, bye: String?)
    }

    /// Blocks the calling thread, which is not the queue's.
    package typealias Connector =
        @Sendable (_ host: String, _ port: Int, _ timeoutMilliseconds: Int) throws(Socket.ConnectFailure) -> Int32

    package static let tcpConnector: Connector = { host, port, timeout throws(Socket.ConnectFailure) in
        try Socket.connect(host: host, port: port, timeoutMilliseconds: timeout, isNonBlocking: true)
    }

    /// Milliseconds, monotonic.
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

    /// - Parameters:
    /// - outputLimit: bytes that may wait before the server counts as not reading.
    /// - poller: reports input for `queue`'s sockets (else the channel has a read source).
    /// - skippedEvents: verbs of events the owner only counts, not parsed.
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

    package var isConnecting: Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        return state == .idle || state == .connecting
    }

    /// Open or being opened: neither failed nor closed.
    package var isOpen: Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        return state != .closed
    }

    package var isGreeted: Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        return conversation.isGreeted
    }

    // MARK: Opening

    /// Connects (once), off the queue; `handler` hears everything from now on.
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

    /// Takes over `fd`, a connected non-blocking socket (once).
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

    @discardableResult
    package func send(_ message: ClientMessage) -> Bool {
        send([message])
    }

    /// False, queuing nothing, unless `isOpen`. Output past the limit ends the connection
    /// (reported before this returns).
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

    /// Unless the socket still takes earlier output (then they wait, batched).
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

    /// Checks the conversation's deadlines (every `checkIntervalMilliseconds`).
    package func checkTimers() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard state == .open else { return }
        perform(conversation.checkTimers(now: clock()))
    }

    /// Closes now, dropping unsent output; nothing more is reported.
    package func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        handler = nil
        guard state != .closed else { return }
        state = .closed
        tearDown()
    }

    /// Waits up to `lingerMilliseconds` for the server to hang up; nothing more is reported.
    package func closeAfterFlush(lingerMilliseconds: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        handler = nil
        guard state != .closed else { return }
        flush()
        state = .closed
        tearDown(lingerMilliseconds: lingerMilliseconds)
    }

    private func fail(_ reason: String) {
        guard state != .closed else { return }
        state = .closed
        tearDown()
        handler?(.ended(reason: reason, bye: conversation.bye))
        handler = nil
    }

    /// Closes the channel: at once, or after flushing and lingering.
    private func tearDown(lingerMilliseconds: Int? = nil) {
        timer?.cancel()
        timer = nil
        if let lingerMilliseconds {
            channel?.closeAfterFlush(lingerMilliseconds: lingerMilliseconds)
        } else {
            channel?.closeNow()
        }
        channel = nil
        outgoing = []
    }
}
