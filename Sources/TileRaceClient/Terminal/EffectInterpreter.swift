import Dispatch
import TileRaceBot

/// Carries out the effects of `update` that reach outside the model but not
/// the terminal: requests to the server, connecting, saving settings,
/// starting and stopping bots, and finding hints. The terminal client and
/// the headless test client both run it, so tests exercise the real
/// interpreter.
///
/// Owned by the client loop's queue, like the network side it drives (the
/// bots' handles too); `deliver` is how work done elsewhere (a hint found, a
/// bot that stopped) comes back: it must hand the event to that queue.
final class EffectInterpreter {
    /// What is left for the runtime: the effects about the terminal and the process.
    enum Outcome {
        /// Done; these events follow (e.g. `configSaved`).
        case handled([Event])
        /// Leave the program, once `finishQuitting` says so.
        case quit
        /// Stop as Ctrl-Z would.
        case suspend
        /// Draw the whole screen again.
        case redraw
        /// Ring the terminal's bell.
        case bell
    }

    private let network: ClientNetwork
    private let store: ConfigStore?
    private let statisticsStore: StatisticsStore?
    private let bots: BotLauncher?
    private let deliver: @Sendable (Event) -> Void
    private var botHandles: [Int: BotHandle] = [:]
    /// Whether `QUIT` was sent: quitting then waits for the server's goodbye.
    private var hasSentQuit = false

    /// How long quitting waits, after `QUIT`, for the server's `BYE` and the
    /// end of the connection: long enough for a server on the other side of
    /// the world, short enough not to be noticed.
    static let goodbyeWaitMilliseconds = 300

    /// An interpreter sending through `network`, saving to `store` (nil:
    /// nowhere to save, and saving says so), starting bots with `bots`, and
    /// handing what finishes later to `deliver`.
    init(
        network: ClientNetwork, store: ConfigStore?, statisticsStore: StatisticsStore? = nil, bots: BotLauncher? = nil,
        deliver: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.network = network
        self.store = store
        self.statisticsStore = statisticsStore
        self.bots = bots
        self.deliver = deliver
    }

    /// Stops every bot still running (the program is ending).
    func stopAllBots() {
        for handle in botHandles.values { handle.stop() }
        botHandles = [:]
    }

    /// What the runtime does on `.quit` before it exits: when `QUIT` was
    /// sent, waits until the connection ends (the server's `BYE`, then its
    /// close) or `goodbyeWaitMilliseconds` pass, then calls `done` on the
    /// queue with whether the connection ended in time. Without `QUIT`,
    /// calls `done(true)` at once.
    func finishQuitting(_ done: @escaping (Bool) -> Void) {
        guard hasSentQuit else {
            done(true)
            return
        }
        network.awaitClose(withinMilliseconds: EffectInterpreter.goodbyeWaitMilliseconds, done)
    }

    /// Carries out `effect` for `model` (the model after the update that asked for it).
    func perform(_ effect: Effect, model: Model) -> Outcome {
        switch effect {
        case .quit:
            return .quit
        case .suspend:
            return .suspend
        case .redraw:
            return .redraw
        case .bell:
            return .bell
        case .send(let message):
            if case .quit = message { hasSentQuit = true }
            network.send(message)
        case .connect:
            if let endpoint = model.network.endpoint { network.connect(to: endpoint) }
        case .disconnect:
            network.disconnect()
        case .startBot(let request):
            guard let bots else { return .handled([.botEnded(id: request.id, reason: "bots are not available")]) }
            let deliver = deliver
            botHandles[request.id] = bots.start(request) { reason in deliver(.botEnded(id: request.id, reason: reason)) }
        case .stopBot(let id):
            botHandles.removeValue(forKey: id)?.stop()
        case .findHint(let board):
            let deliver = deliver
            DispatchQueue.global(qos: .userInitiated).async {
                deliver(.hintFound(board: board, direction: Bot.strongest.bestMove(on: board)))
            }
        case .saveStatistics:
            do {
                try statisticsStore?.save(model.statistics)
            } catch {
                return .handled([.statisticsSaveFailed(error.message)])
            }
        case .saveConfig:
            guard let store else {
                return .handled([.configSaveFailed("no config directory (set HOME or XDG_CONFIG_HOME)")])
            }
            do {
                let backup = try store.save(model.config, preservingExisting: model.mustPreserveConfigFile)
                return .handled([.configSaved(backup: backup)])
            } catch {
                return .handled([.configSaveFailed(error.message)])
            }
        }
        return .handled([])
    }
}
