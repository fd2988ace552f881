import Dispatch
import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public struct ClientStartError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable: `not-a-terminal`, `dumb-terminal`, `terminal-settings`.
    public var code: String
    public var message: String

    public var description: String { message }

    /// The refusal when standard input is not a terminal; over ssh (`ssh host tilerace`, `ssh -T`) it says how to get one.
    static func notATerminal(environment: [String: String]) -> ClientStartError {
        let hint = environment["SSH_CONNECTION"] == nil ? "" : " (over ssh, ask for one: ssh -t)"
        return ClientStartError(code: "not-a-terminal", message: "needs an interactive terminal: standard input is not a TTY" + hint)
    }

    /// The refusal for a terminal that cannot draw the full-screen interface
    /// (`TERM=dumb`: no cursor movement), or nil when the terminal will do.
    static func unsupportedTerminal(environment: [String: String]) -> ClientStartError? {
        guard environment["TERM"]?.lowercased() == "dumb" else { return nil }
        return ClientStartError(
            code: "dumb-terminal",
            message: "TERM=dumb cannot show the full-screen game (it needs cursor movement): "
                + "run it in a terminal emulator such as xterm, or set TERM (e.g. TERM=xterm-256color); "
                + "`tilerace leaderboard` works anywhere")
    }
}

/// Feeds keys, signals and ticks into `update` on one serial queue and draws each frame as a diff.
public enum ClientRuntime {
    /// Needs standard input to be a terminal; without a terminal on output, no splash or animation.
    /// With no `--host` and no `--offline`, plays on the server `host` starts in this process.
    /// - Throws: `ClientStartError` before touching the terminal.
    public static func run(
        options: ClientOptions, environment: [String: String], version: String, bots: BotLauncher? = nil,
        host: () -> HostedServer
    ) throws(ClientStartError) -> Int32 {
        guard isatty(STDIN_FILENO) == 1 else { throw ClientStartError.notATerminal(environment: environment) }
        if let refusal = ClientStartError.unsupportedTerminal(environment: environment) { throw refusal }
        let store = DataPaths.configDirectory(environment: environment).map(ConfigStore.init(directory:))
        let loaded = store?.load()
        let hosted: HostedServer
        if options.isOffline {
            hosted = HostedServer(plan: .offline(ConnectionStatus.offlineByChoice))
        } else if let host = options.host {
            hosted = HostedServer(plan: NetworkPlan(endpoint: ServerEndpoint(host: host, port: options.port)))
        } else {
            hosted = host()
        }
        defer { hosted.stop() }
        let terminal = Terminal()
        let loop = ClientLoop(
            terminal: terminal, store: store, loaded: loaded, options: options, environment: environment, hosted: hosted, bots: bots)
        // From here a crash leaves a report, not the backtracer's question on a raw terminal.
        CrashReport.prepare(environment: environment, version: version, arguments: CommandLine.arguments)
        guard terminal.take() else {
            throw ClientStartError(code: "terminal-settings", message: "cannot switch the terminal to raw mode")
        }
        if environment[CrashReport.testVariable] == "1" { CrashReport.trapForTest() }
        let status = loop.runUntilQuit()
        let unsaved = store == nil ? "settings were not saved: neither XDG_CONFIG_HOME nor HOME is set" : nil
        for problem in [loaded?.problem, unsaved].compactMap({ $0 }) {
            _ = "tilerace: \(problem)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
        return status
    }
}

/// All mutable state is owned by `queue`: every handler runs there, so no lock is needed.
final class ClientLoop: @unchecked Sendable {
    /// How long a lone ESC waits for the rest of a sequence.
    static let escapeWaitMilliseconds = 40
    /// So the date and notices stay current.
    static let idleTickMilliseconds = 1000

    private let queue = DispatchQueue(label: "tilerace.client")
    private let terminal: Terminal
    private let colourMode: ColourMode
    private var model: Model
    private var decoder = KeyDecoder()
    private var lastFrame: Frame?
    private var sources: [any DispatchSourceProtocol] = []
    private var input: (any DispatchSourceRead)?
    private var timer: (any DispatchSourceTimer)?
    private var timerInterval: Int?
    private var escapeGeneration = 0
    private var pendingEvents: [Event] = []
    private var isProcessing = false
    private var launchEffects: [Effect] = []
    // Made at the end of `init`, when `self` can be captured.
    private var network: ClientNetwork!
    private var interpreter: EffectInterpreter!
    private var isRunning = true
    private var exitStatus: Int32 = 0
    /// Waits for the server's goodbye (`EffectInterpreter.finishQuitting`), drawing nothing more.
    private var isQuitting = false
    /// 0, 1 when the terminal went away, 128 + the signal that ended the program.
    private var quitStatus: Int32 = 0
    /// Nothing more is drawn.
    private var isOutputGone = false
    private let finished = DispatchSemaphore(value: 0)
    /// Nil: none hosted.
    private let connectedClientCount: (@Sendable () -> Int)?

    init(
        terminal: Terminal, store: ConfigStore?, loaded: ConfigStore.Loaded?, options: ClientOptions, environment: [String: String],
        hosted: HostedServer, bots: BotLauncher?
    ) {
        self.terminal = terminal
        connectedClientCount = hosted.connectedClientCount
        let statisticsStore = DataPaths.dataDirectory(environment: environment).map(StatisticsStore.init(directory:))
        self.colourMode = ColourMode.detect(environment: environment)
        var random = SystemRandomNumberGenerator()
        model = Model(
            options: options, config: loaded?.config ?? ClientConfig(), colourMode: colourMode,
            isInteractive: isatty(terminal.outputDescriptor) == 1, now: MonotonicClock.milliseconds(),
            today: ClientLoop.today(), size: terminal.size(), seedSource: SplitMix64(seed: random.next()))
        model.mustPreserveConfigFile = loaded?.mustPreserveExistingFile ?? false
        model.canAddBots = bots != nil
        launchEffects = Update.launch(hosted.plan, model: &model)
        if let problem = loaded?.problem { model.show(problem, .warning, sticky: true) }
        if let statistics = statisticsStore?.load() {
            model.statistics = statistics.statistics
            if let problem = statistics.problem, loaded?.problem == nil { model.show(problem, .warning) }
        }
        if options.opensPracticeDirectly { Update.startPractice(&model) }
        if let record = options.watch { Update.startWatch(record, model: &model) }
        if let record = options.ghostRecord { Update.startGhostRace(record, model: &model) }
        network = ClientNetwork(queue: queue) { [weak self] update in
            self?.process([.tick(MonotonicClock.milliseconds()), .server(update)])
        }
        interpreter = EffectInterpreter(network: network, store: store, statisticsStore: statisticsStore, bots: bots) { [weak self] event in
            guard let self else { return }
            queue.async { self.process([.tick(MonotonicClock.milliseconds()), event]) }
        }
    }

    /// Blocks the calling thread until the user quits.
    func runUntilQuit() -> Int32 {
        queue.async { self.start() }
        finished.wait()
        return exitStatus
    }

    // MARK: Sources

    private func start() {
        let input = DispatchSource.makeReadSource(fileDescriptor: terminal.inputDescriptor, queue: queue)
        input.setEventHandler { [weak self] in self?.readInput() }
        input.resume()
        sources.append(input)
        self.input = input
        signal(SIGPIPE, SIG_IGN)
        let watched: [Int32] = [SIGWINCH, SIGCONT, SIGINT, SIGTERM, SIGHUP, SIGQUIT]
        if let descriptor = SignalPipe.open(for: watched) {
            let signals = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            signals.setEventHandler { [weak self] in self?.readSignals(descriptor) }
            signals.resume()
            sources.append(signals)
        }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        self.timer = timer
        let effects = launchEffects
        launchEffects = []
        for effect in effects { perform(effect) }
        process([])
    }

    private func readInput() {
        guard isRunning else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(terminal.inputDescriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return }
        guard count > 0 else {
            // End of input or an error: quit as if asked.
            input?.cancel()
            terminate(status: 1)
            return
        }
        let keys = decoder.feed(buffer[0..<count])
        // A fresh count, so quitting asks with the right number.
        process([.tick(MonotonicClock.milliseconds())] + hostedClientCountEvents() + keys.map(Event.key))
        if decoder.hasPendingInput {
            escapeGeneration += 1
            let generation = escapeGeneration
            queue.asyncAfter(deadline: .now() + .milliseconds(ClientLoop.escapeWaitMilliseconds)) { [weak self] in
                guard let self, self.isRunning, generation == self.escapeGeneration else { return }
                self.process(self.decoder.flush().map(Event.key))
            }
        }
    }

    private func readSignals(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return }
        for number in buffer[0..<count].map(Int32.init) {
            switch number {
            case SIGWINCH: process([.resize(terminal.size())])
            case SIGCONT: retake()
            case SIGINT, SIGTERM, SIGHUP: terminate(status: 128 + number)
            default: stop(status: 128 + number)
            }
        }
    }

    private func tick() {
        let today = ClientLoop.today()
        var events: [Event] = [.tick(MonotonicClock.milliseconds())]
        if today != model.today { events.append(.dateChanged(today)) }
        process(events + hostedClientCountEvents())
    }

    private func hostedClientCountEvents() -> [Event] {
        guard let count = connectedClientCount?() else { return [] }
        return [.hostedClientCount(count)]
    }

    // MARK: Update, effects, drawing

    private func process(_ events: [Event]) {
        dispatchPrecondition(condition: .onQueue(queue))
        pendingEvents += events
        // An outcome that arrives at once is handled by the loop below.
        guard !isProcessing else { return }
        isProcessing = true
        defer { isProcessing = false }
        while isRunning, !pendingEvents.isEmpty {
            let event = pendingEvents.removeFirst()
            for effect in update(&model, event) {
                perform(effect)
                if !isRunning { return }
            }
        }
        guard isRunning, !isQuitting, !isOutputGone else { return }
        render()
        scheduleTicks()
    }

    private func perform(_ effect: Effect) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch interpreter.perform(effect, model: model) {
        case .handled(let events): pendingEvents += events
        case .quit: quit()
        case .suspend: suspend()
        case .redraw: lastFrame = nil
        case .bell: _ = terminal.write([0x07])
        }
    }

    private func render() {
        dispatchPrecondition(condition: .onQueue(queue))
        let theme = model.theme.effective(for: colourMode)
        let frame = view(model, size: model.size, theme: theme)
        let bytes = FrameDiff.bytes(from: lastFrame, to: frame, colourMode: colourMode)
        if !bytes.isEmpty, !terminal.write(bytes) {
            // Quit as if asked, after this turn of the loop.
            isOutputGone = true
            queue.async { [weak self] in self?.terminate(status: 1) }
            return
        }
        lastFrame = frame
    }

    private func scheduleTicks() {
        let interval = model.tickIntervalMilliseconds ?? ClientLoop.idleTickMilliseconds
        guard interval != timerInterval, let timer else { return }
        timerInterval = interval
        timer.schedule(deadline: .now() + .milliseconds(interval), repeating: .milliseconds(interval), leeway: .milliseconds(2))
    }

    // MARK: Suspend and quit

    /// Dispatch workers block SIGTSTP (it stayed pending and the next keys played as moves),
    /// so SIGSTOP, which cannot be blocked; `fg`'s SIGCONT also arrives through the signal pipe.
    private func suspend() {
        terminal.release()
        // The stop lands after `kill` returns, so the terminal is taken back only on SIGCONT (`readSignals`):
        // doing it here would make it raw again before the stop.
        kill(getpid(), SIGSTOP)
    }

    private func retake() {
        guard isRunning else { return }
        _ = terminal.take()
        lastFrame = nil
        process([.tick(MonotonicClock.milliseconds()), .continued, .resize(terminal.size())])
    }

    /// Waits for the goodbye when `QUIT` went out (a few hundred ms at most); a second request stops at once.
    private func quit() {
        guard !isQuitting else {
            stop(status: quitStatus)
            return
        }
        isQuitting = true
        interpreter.finishQuitting { [weak self] _ in
            guard let self else { return }
            stop(status: quitStatus)
        }
    }

    /// SIGTERM, SIGHUP, SIGINT, or the terminal gone.
    private func terminate(status: Int32) {
        guard isRunning else { return }
        if quitStatus == 0 { quitStatus = status }
        process([.terminate])
    }

    private func stop(status: Int32) {
        guard isRunning else { return }
        isRunning = false
        exitStatus = status
        timer?.cancel()
        for source in sources { source.cancel() }
        network.disconnect()
        interpreter.stopAllBots()
        terminal.release()
        finished.signal()
    }

    // MARK: Clocks (the monotonic one is `MonotonicClock`, read by the runtime and the connection)

    static func today() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UTCTime.date(epochMilliseconds: Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000)
    }
}
