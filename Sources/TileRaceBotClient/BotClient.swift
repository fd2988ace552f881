import Dispatch
import TileRaceBot
import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

/// One bot playing on a server: an ordinary protocol client over the
/// transport's `LineChannel`, driven by a `BotPlayer`. It connects, frames
/// the lines, pairs replies with requests, runs the search off its queue,
/// wakes the player when a move is due, and closes when the player is done.
///
/// All its mutable state (the player, the channel, the framer, the matcher,
/// the timer) is owned by `queue`, a serial queue of its own: every handler
/// runs there. `start` and `stop` may be called from any thread; the
/// callbacks run on `queue`.
public final class BotClient: @unchecked Sendable {
    /// Opens a connected non-blocking socket to `host`:`port`; blocks the
    /// calling thread (it runs off the bot's queue).
    public typealias Connector = @Sendable (_ host: String, _ port: Int) -> Result<Int32, ConnectError>

    /// Why connecting failed, in one line.
    public struct ConnectError: Error, Hashable, Sendable {
        /// The reason for people.
        public var reason: String

        /// Creates an error.
        public init(_ reason: String) {
            self.reason = reason
        }
    }

    /// How long connecting may take, in milliseconds.
    public static let connectTimeoutMilliseconds = 5000
    /// How long a stopped bot waits for the server's goodbye before closing anyway.
    public static let goodbyeTimeoutMilliseconds = 2000
    /// The most bytes waiting to be written before the server counts as not reading.
    static let maximumPendingBytes = 256 * 1024

    /// The real connector: TCP, with `connectTimeoutMilliseconds`.
    public static let tcpConnector: Connector = { host, port in
        do throws(Socket.ConnectFailure) {
            return .success(
                try Socket.connect(host: host, port: port, timeoutMilliseconds: connectTimeoutMilliseconds, isNonBlocking: true))
        } catch {
            return .failure(ConnectError(error.reason(timeoutMilliseconds: connectTimeoutMilliseconds)))
        }
    }

    /// The bot's settings.
    public let settings: BotSettings
    private let queue: DispatchQueue
    private let connector: Connector
    private let onReport: @Sendable (BotReport) -> Void
    private let onEnd: @Sendable (BotEnding) -> Void
    private var player: BotPlayer
    private var channel: LineChannel?
    private var framer = LineFramer()
    private var matcher = ReplyMatcher()
    private var isGreeted = false
    private var isStarted = false
    private var hasEnded = false
    private var timer: (any DispatchSourceTimer)?
    private var inputs: [BotInput] = []
    private var isProcessing = false

    /// A bot that will play with `settings`; `onReport` hears what happens,
    /// `onEnd` once why it stopped (both on the bot's queue).
    public init(
        settings: BotSettings, connector: @escaping Connector = BotClient.tcpConnector,
        onReport: @escaping @Sendable (BotReport) -> Void = { _ in },
        onEnd: @escaping @Sendable (BotEnding) -> Void = { _ in }
    ) {
        self.settings = settings
        self.connector = connector
        self.onReport = onReport
        self.onEnd = onEnd
        player = BotPlayer(settings: settings)
        queue = DispatchQueue(label: "tilerace.bot")
    }

    /// Connects and starts playing (once).
    public func start() {
        queue.async { [self] in
            guard !isStarted else { return }
            isStarted = true
            let connector = connector
            let settings = settings
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let result = connector(settings.host, settings.port)
                queue.async { [self] in connected(result) }
            }
        }
    }

    /// Leaves the room, says goodbye and closes (at most
    /// `goodbyeTimeoutMilliseconds` later); `onEnd` follows.
    public func stop() {
        queue.async { [self] in
            process(.stop)
            guard !hasEnded else { return }
            queue.asyncAfter(deadline: .now() + .milliseconds(BotClient.goodbyeTimeoutMilliseconds)) { [self] in
                finish(.stopped)
            }
        }
    }

    /// Runs `body` on the bot's queue with its player (tests look inside, or
    /// change the game to provoke a `RESYNC`).
    func withPlayer(_ body: @escaping @Sendable (inout BotPlayer) -> Void) {
        queue.async { [self] in body(&player) }
    }

    // MARK: Connecting

    private func connected(_ result: Result<Int32, ConnectError>) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch result {
        case .failure(let error):
            process(.disconnected("cannot reach \(settings.host):\(settings.port): \(error.reason)"))
        case .success(let fd):
            guard !hasEnded else {
                FileDescriptor.close(fd)
                return
            }
            let channel = LineChannel(fd: fd, queue: queue, outputLimit: BotClient.maximumPendingBytes)
            self.channel = channel
            channel.start(
                LineChannel.Handlers(
                    received: { [weak self] bytes in self?.received(bytes) },
                    ended: { [weak self] reason in self?.ended(reason) }))
        }
    }

    // MARK: Reading

    private func received(_ bytes: [UInt8]) {
        framer.append(bytes)
        while !hasEnded {
            let line: String?
            do {
                line = try framer.nextLine()
            } catch {
                continue  // A line too long or not UTF-8: dropped.
            }
            guard let line else { return }
            if !line.isEmpty { handle(line) }
        }
    }

    private func handle(_ line: String) {
        guard isGreeted else {
            if case .event(.hello(let greeting))? = try? ServerMessage.parse(line), greeting.version == ClientMessage.protocolVersion {
                isGreeted = true
                process(.greeted)
            } else {
                process(.disconnected("not a TileRace server (it said \"\(TextFilter.printableASCII(String(line.prefix(40))))\")"))
            }
            return
        }
        guard let message = try? ServerMessage.parse(line), let delivery = try? matcher.received(message) else { return }
        switch delivery {
        case .event(let event):
            process(.event(event))
        case .reply(let request, let reply, _):
            switch reply {
            case .ok(let ok): process(.reply(request, .success(ok)))
            case .error(let error): process(.reply(request, .failure(error)))
            default: break
            }
        }
    }

    private func ended(_ reason: LineChannel.EndReason) {
        let text =
            switch reason {
            case .peerClosed: "the server closed the connection"
            case .readFailed(let code), .writeFailed(let code): FileDescriptor.describe(code).lowercased()
            case .outputLimit(let waiting): "the server is not reading (\(waiting / 1024) KiB waiting)"
            }
        process(.disconnected(text))
    }

    // MARK: The player

    /// Feeds the player; inputs that arrive while its actions are carried
    /// out (a channel that ends while writing) wait their turn.
    private func process(_ input: BotInput) {
        dispatchPrecondition(condition: .onQueue(queue))
        inputs.append(input)
        guard !isProcessing else { return }
        isProcessing = true
        defer { isProcessing = false }
        while !inputs.isEmpty, !hasEnded {
            let next = inputs.removeFirst()
            for action in player.handle(next, now: BotClient.monotonicNow()) {
                perform(action)
            }
        }
    }

    private func perform(_ action: BotAction) {
        switch action {
        case .send(let message):
            guard let channel, !hasEnded else { return }
            matcher.sent(message)
            if channel.enqueue([message.line]) { channel.flush() }
        case .chooseMove(let board, let generation):
            let bot = settings.bot
            DispatchQueue.global(qos: .userInitiated).async { [weak self] in
                let direction = bot.bestMove(on: board)
                guard let self else { return }
                queue.async { self.process(.moveChosen(direction, generation: generation)) }
            }
        case .wake(let at):
            schedule(at: at)
        case .report(let report):
            onReport(report)
        case .close(let ending):
            finish(ending)
        }
    }

    private func schedule(at: Int) {
        let delay = max(0, at - BotClient.monotonicNow())
        let timer = self.timer ?? makeTimer()
        timer.schedule(deadline: .now() + .milliseconds(delay), leeway: .milliseconds(1))
    }

    private func makeTimer() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.process(.tick) }
        timer.resume()
        self.timer = timer
        return timer
    }

    /// Closes the connection and tells the owner why, once.
    private func finish(_ ending: BotEnding) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !hasEnded else { return }
        hasEnded = true
        timer?.cancel()
        timer = nil
        channel?.closeAfterFlush(lingerMilliseconds: 200)
        channel = nil
        onEnd(ending)
    }

    /// Milliseconds of the monotonic clock.
    static func monotonicNow() -> Int {
        Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }
}
