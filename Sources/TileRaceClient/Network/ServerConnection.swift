import Dispatch
import TileRaceProtocol
import TileRaceServer

/// One connection to a TileRace server over the protocol codec: a
/// non-blocking TCP socket with dispatch read and write sources, the line
/// framer, a bounded output buffer and the reply matcher. It checks the
/// greeting, answers `PING` with `PONG`, sends `PING` when it has been quiet
/// for a while, batches `MOVE` entries that pile up while a write is pending,
/// and reports everything else as `ServerUpdate`s.
///
/// All its state is owned by `queue` (the client loop's): `start`, `send`
/// and `close` are called there, and so is `handler`. The socket is closed
/// only in its sources' cancel handlers.
final class ServerConnection: @unchecked Sendable {
    /// Time limits of a connection (tests shorten them).
    struct Timing: Sendable {
        /// How long connecting may take.
        var connectTimeoutMilliseconds = 5000
        /// How long the server has to greet us once connected.
        var greetingTimeout = 5.0
        /// Silence on our side after which a `PING` is sent (the server closes
        /// connections quiet for 120 s).
        var keepAlive = 30.0
        /// How long after a `PING` with nothing received the server is taken as gone.
        var answerTimeout = 30.0
        /// How often the timers above are checked.
        var checkInterval = 1.0

        /// The timings for play.
        static let standard = Timing()
    }

    /// The most bytes waiting to be written before the server counts as not
    /// reading (and the connection as lost).
    static let maximumPendingBytes = 256 * 1024
    /// The longest `MOVE` line a batch makes (the protocol allows 1024 bytes).
    static let maximumBatchLineBytes = 1000

    /// The server.
    let endpoint: ServerEndpoint
    private let queue: DispatchQueue
    private let timing: Timing
    private var handler: ((ServerUpdate) -> Void)?

    private enum State { case idle, connecting, open, closed }
    private var state = State.idle
    private var fd: Int32 = -1
    private var readSource: (any DispatchSourceRead)?
    private var writeSource: (any DispatchSourceWrite)?
    private var isWritePending = false
    private var timer: (any DispatchSourceTimer)?
    private var framer = LineFramer()
    private var matcher = ReplyMatcher()
    private var outgoing: [ClientMessage] = []
    private var output: [UInt8] = []
    private var outputStart = 0
    private var readBuffer = [UInt8](repeating: 0, count: 65536)
    private var isFlushScheduled = false
    private var isGreeted = false
    private var bye: String?
    private var openedAt = 0.0
    private var lastSentAt = 0.0
    private var lastReceivedAt = 0.0
    private var pingSentAt: Double?
    private var pingCount = 0

    /// A connection to `endpoint` whose news goes to `handler` on `queue`.
    init(endpoint: ServerEndpoint, queue: DispatchQueue, timing: Timing = .standard,
         handler: @escaping (ServerUpdate) -> Void) {
        self.endpoint = endpoint
        self.queue = queue
        self.timing = timing
        self.handler = handler
    }

    deinit {
        // Dropped without `close()`: its sources must still be cancelled
        // (a suspended source must not be released).
        if state == .open { tearDown() }
    }

    /// Connects (off the queue, so a slow name lookup never blocks the screen).
    func start() {
        guard state == .idle else { return }
        state = .connecting
        let endpoint = endpoint, timeout = timing.connectTimeoutMilliseconds
        DispatchQueue.global(qos: .userInitiated).async { [weak self, queue] in
            let result = Result { () throws(Socket.ConnectFailure) -> Int32 in
                try Socket.connect(host: endpoint.host, port: endpoint.port, timeoutMilliseconds: timeout, isNonBlocking: true)
            }
            queue.async { [self] in
                guard let self else {
                    if case .success(let fd) = result { Socket.close(fd) }
                    return
                }
                self.connected(result)
            }
        }
    }

    /// Queues a line for the server. Lines queued before the greeting wait
    /// for it; with no connection, `notSent` is reported (never from inside this call).
    func send(_ message: ClientMessage) {
        guard state == .connecting || state == .open else {
            queue.async { [weak self] in self?.handler?(.notSent(message, reason: "not connected")) }
            return
        }
        outgoing.append(message)
        scheduleFlush()
    }

    /// Closes the connection; nothing more is reported.
    func close() {
        handler = nil
        guard state != .closed else { return }
        state = .closed
        tearDown()
    }

    // MARK: Connecting

    private func connected(_ result: Result<Int32, Socket.ConnectFailure>) {
        guard state == .connecting else {
            if case .success(let fd) = result { Socket.close(fd) }
            return
        }
        let fd: Int32
        switch result {
        case .failure(let error):
            state = .closed
            handler?(.connectFailed(error.reason))
            return
        case .success(let descriptor):
            fd = descriptor
        }
        self.fd = fd
        state = .open
        let now = ServerConnection.now()
        openedAt = now
        lastSentAt = now
        lastReceivedAt = now

        let closer = DescriptorCloser(fd: fd, sources: 2)
        let read = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        read.setEventHandler { [weak self] in self?.readAvailable() }
        read.setCancelHandler { closer.sourceCancelled() }
        let write = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        write.setEventHandler { [weak self] in self?.writable() }
        write.setCancelHandler { closer.sourceCancelled() }
        readSource = read
        writeSource = write
        read.resume()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.check() }
        timer.schedule(deadline: .now() + timing.checkInterval, repeating: timing.checkInterval, leeway: .milliseconds(50))
        timer.resume()
        self.timer = timer
    }

    // MARK: Reading

    private func readAvailable() {
        guard state == .open else { return }
        var ended: String?
        reading: for _ in 0..<16 {
            let result = readBuffer.withUnsafeMutableBytes { Socket.receive(fd, into: $0) }
            switch result {
            case .bytes(let count):
                framer.append(readBuffer[0..<count])
                lastReceivedAt = ServerConnection.now()
                pingSentAt = nil
            case .wouldBlock:
                break reading
            case .endOfStream:
                ended = "the server closed the connection"
                break reading
            case .failed(let code):
                ended = Socket.describe(code).lowercased()
                break reading
            }
        }
        readLines()
        if let ended { fail(ended) }
    }

    private func readLines() {
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
            let result: Result<OkReply, ProtocolError> = switch reply {
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

    /// Turns the queued messages into bytes (unless a write is pending: then
    /// they wait, and their entries are batched) and writes what the socket takes.
    private func flush() {
        guard state == .open, isGreeted, !isWritePending else { return }
        if !outgoing.isEmpty {
            for message in ServerConnection.batched(outgoing) {
                matcher.sent(message)
                output.append(contentsOf: message.line.utf8)
                output.append(UInt8(ascii: "\n"))
            }
            outgoing.removeAll(keepingCapacity: true)
        }
        writeOutput()
    }

    private func writable() {
        guard state == .open else { return }
        writeOutput()
        if !isWritePending { flush() }
    }

    private func writeOutput() {
        while outputStart < output.count {
            let result = output.withUnsafeBytes { Socket.send(fd, UnsafeRawBufferPointer(rebasing: $0[outputStart...])) }
            switch result {
            case .sent(let count):
                outputStart += count
                lastSentAt = ServerConnection.now()
            case .wouldBlock:
                let waiting = output.count - outputStart + outgoing.count * 16
                guard waiting <= ServerConnection.maximumPendingBytes else {
                    fail("the server is not reading (\(waiting / 1024) KiB waiting)")
                    return
                }
                if !isWritePending {
                    isWritePending = true
                    writeSource?.resume()
                }
                return
            case .failed(let code):
                fail(Socket.describe(code).lowercased())
                return
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= 65536)
        outputStart = 0
        if isWritePending {
            isWritePending = false
            writeSource?.suspend()
        }
    }

    /// Messages with consecutive `MOVE` lines joined into one, as long as the
    /// line stays short enough.
    static func batched(_ messages: [ClientMessage]) -> [ClientMessage] {
        var result: [ClientMessage] = []
        for message in messages {
            if case .move(let seq, let entries) = message, case .move(let firstSeq, let earlier)? = result.last,
               seq == firstSeq + earlier.count,
               ClientMessage.move(seq: firstSeq, entries: earlier + entries).line.utf8.count <= maximumBatchLineBytes {
                result[result.count - 1] = .move(seq: firstSeq, entries: earlier + entries)
            } else {
                result.append(message)
            }
        }
        return result
    }

    // MARK: Keep-alive and ending

    private func check() {
        guard state == .open else { return }
        let now = ServerConnection.now()
        if !isGreeted {
            if now - openedAt >= timing.greetingTimeout {
                fail("no greeting within \(Int(timing.greetingTimeout)) s: is it a TileRace server?")
            }
            return
        }
        if let pingSentAt {
            if now - pingSentAt >= timing.answerTimeout {
                fail("no answer from the server for \(Int(timing.answerTimeout)) s")
            }
        } else if now - lastSentAt >= timing.keepAlive {
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
        readSource?.cancel()
        if let writeSource {
            // A suspended source never runs its cancel handler.
            if !isWritePending { writeSource.resume() }
            writeSource.cancel()
        }
        isWritePending = false
        readSource = nil
        writeSource = nil
        outgoing = []
    }

    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }
}

/// Closes a socket once every dispatch source using it has been cancelled.
/// Owned by the connection's queue, where the cancel handlers run.
private final class DescriptorCloser: @unchecked Sendable {
    private let fd: Int32
    private var remaining: Int

    init(fd: Int32, sources: Int) {
        self.fd = fd
        remaining = sources
    }

    func sourceCancelled() {
        remaining -= 1
        if remaining == 0 { Socket.close(fd) }
    }
}
