import Dispatch
import TileRaceBot
import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

/// A `BotPlayer` over `ClientConnection`: searches off its queue, wakes the player at its
/// pace, closes when done. All mutable state is owned by `queue`; `start` and `stop` may
/// be called from any thread.
public final class BotClient: @unchecked Sendable {
    public static let connectTimeoutMilliseconds = 5000
    /// How long a stopped bot waits for the server's goodbye before closing anyway.
    public static let goodbyeTimeoutMilliseconds = 2000
    /// The most bytes waiting to be written before the server counts as not reading.
    static let maximumPendingBytes = 256 * 1024

    public let settings: BotSettings
    private let queue: DispatchQueue
    private let onReport: @Sendable (BotReport) -> Void
    private let onEnd: @Sendable (BotEnding) -> Void
    private var player: BotPlayer
    private let connection: ClientConnection
    private var isStarted = false
    private var hasEnded = false
    private var timer: (any DispatchSourceTimer)?
    private var inputs: [BotInput] = []
    private var isProcessing = false

    /// Both callbacks run on the bot's queue.
    public init(
        settings: BotSettings, onReport: @escaping @Sendable (BotReport) -> Void = { _ in },
        onEnd: @escaping @Sendable (BotEnding) -> Void = { _ in }
    ) {
        self.settings = settings
        self.onReport = onReport
        self.onEnd = onEnd
        player = BotPlayer(settings: settings)
        queue = DispatchQueue(label: "tilerace.bot")
        // One move in flight at a time: each line goes out at once.
        connection = ClientConnection(
            queue: queue, timing: ClientConnection.Timing(connectTimeoutMilliseconds: BotClient.connectTimeoutMilliseconds),
            outputLimit: BotClient.maximumPendingBytes, writePolicy: .immediately)
    }

    /// Connects and starts playing (once).
    public func start() {
        queue.async { [self] in
            guard !isStarted, !hasEnded else { return }
            isStarted = true
            connection.connect(host: settings.host, port: settings.port) { [weak self] event in self?.received(event) }
        }
    }

    /// `onEnd` follows within `goodbyeTimeoutMilliseconds`.
    public func stop() {
        queue.async { [self] in
            process(.stop)
            guard !hasEnded else { return }
            queue.asyncAfter(deadline: .now() + .milliseconds(BotClient.goodbyeTimeoutMilliseconds)) { [self] in
                finish(.stopped)
            }
        }
    }

    /// For tests: to look inside, or change the game to provoke a `RESYNC`.
    func withPlayer(_ body: @escaping @Sendable (inout BotPlayer) -> Void) {
        queue.async { [self] in body(&player) }
    }

    // MARK: The connection

    private func received(_ event: ClientConnection.Event) {
        switch event {
        case .greeted(let greeting): process(.greeted(greeting))
        case .reply(let request, let result, _): process(.reply(request, result))
        case .event(let event): process(.event(event))
        case .answeredPing: onReport(.pinged)
        case .unreadable, .skippedEvent:
            break  // Dropped; it skips no event.
        case .connectFailed(let reason):
            process(.disconnected("cannot reach \(settings.host):\(settings.port): \(reason)"))
        case .ended(let reason, let bye):
            // The player tells the server's goodbye with the reason.
            if let bye { process(.event(.bye(bye))) }
            process(.disconnected(reason))
        }
    }

    // MARK: The player

    /// Inputs arriving while actions run (a close during a write) wait their turn.
    private func process(_ input: BotInput) {
        dispatchPrecondition(condition: .onQueue(queue))
        inputs.append(input)
        guard !isProcessing else { return }
        isProcessing = true
        defer { isProcessing = false }
        while !inputs.isEmpty, !hasEnded {
            for action in player.handle(inputs.removeFirst(), now: MonotonicClock.milliseconds()) { perform(action) }
        }
    }

    private func perform(_ action: BotAction) {
        switch action {
        case .send(let message):
            guard !hasEnded else { return }
            connection.send(message)
        case .chooseMove(let board, let generation):
            let bot = settings.bot
            DispatchQueue.global(qos: .userInitiated).async { [weak self] in
                let direction = bot.bestMove(on: board)
                guard let self else { return }
                queue.async { self.process(.moveChosen(direction, generation: generation)) }
            }
        case .wake(let at):
            if timer == nil {
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.setEventHandler { [weak self] in self?.process(.tick) }
                timer.resume()
                self.timer = timer
            }
            timer?.schedule(deadline: .now() + .milliseconds(max(0, at - MonotonicClock.milliseconds())), leeway: .milliseconds(1))
        case .report(let report): onReport(report)
        case .close(let ending): finish(ending)
        }
    }

    /// Writes what is queued first, so the server reads our goodbye.
    private func finish(_ ending: BotEnding) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !hasEnded else { return }
        hasEnded = true
        timer?.cancel()
        timer = nil
        connection.closeAfterFlush(lingerMilliseconds: 200)
        onEnd(ending)
    }
}
