import Dispatch
import Foundation
import TileRaceBot

/// Carries out effects that reach outside the model but not the terminal; the headless test client
/// runs it too, so tests exercise the real interpreter. Owned by the loop's queue; `deliver` must
/// hand work done elsewhere (a hint, a bot that stopped) back to that queue.
final class EffectInterpreter {
    /// The effects about the terminal and the process.
    enum Outcome {
        /// E.g. `configSaved`.
        case handled([Event])
        /// Once `finishQuitting` says so.
        case quit
        case suspend
        case redraw
        case bell
    }

    private let network: ClientNetwork
    private let store: ConfigStore?
    private let statisticsStore: StatisticsStore?
    private let bots: BotLauncher?
    private let deliver: @Sendable (Event) -> Void
    private var botHandles: [Int: BotHandle] = [:]
    /// Quitting then waits for the server's goodbye.
    private var hasSentQuit = false
    /// Where `c` on the end-of-game dialog saves the game.
    private let recordingDirectory: String

    /// Long enough for a server across the world, short enough not to be noticed.
    static let goodbyeWaitMilliseconds = 300

    /// `store` nil: nowhere to save, and saving says so.
    init(
        network: ClientNetwork, store: ConfigStore?, statisticsStore: StatisticsStore? = nil, bots: BotLauncher? = nil,
        recordingDirectory: String = FileManager.default.currentDirectoryPath, deliver: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.recordingDirectory = recordingDirectory
        self.network = network
        self.store = store
        self.statisticsStore = statisticsStore
        self.bots = bots
        self.deliver = deliver
    }

    /// The program is ending.
    func stopAllBots() {
        for stop in botHandles.values { stop() }
        botHandles = [:]
    }

    /// After `QUIT`, waits for the connection to end or `goodbyeWaitMilliseconds`, then `done(endedInTime)`;
    /// without `QUIT`, `done(true)` at once.
    func finishQuitting(_ done: @escaping (Bool) -> Void) {
        guard hasSentQuit else {
            done(true)
            return
        }
        network.awaitClose(withinMilliseconds: EffectInterpreter.goodbyeWaitMilliseconds, done)
    }

    /// `tilerace-<date>-<n>.cast` in `recordingDirectory`, the first such name not taken.
    private func saveRecording(_ record: RecordToWatch, today: String) -> Event {
        let text = Asciicast.make(record, today: today)
        for number in 1...999 {
            let name = "tilerace-\(today)-\(number).cast"
            let path = recordingDirectory + "/" + name
            guard !FileManager.default.fileExists(atPath: path) else { continue }
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
                return .recordingSaveFailed("cannot write \(path)")
            }
            return .recordingSaved(name)
        }
        return .recordingSaveFailed("999 recordings of \(today) are in \(recordingDirectory) already")
    }

    /// `model` is the model after the update that asked for it.
    func perform(_ effect: Effect, model: Model) -> Outcome {
        switch effect {
        case .quit: return .quit
        case .suspend: return .suspend
        case .redraw: return .redraw
        case .bell: return .bell
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
            botHandles[request.id] = bots(request) { reason in deliver(.botEnded(id: request.id, reason: reason)) }
        case .stopBot(let id):
            botHandles.removeValue(forKey: id)?()
        case .saveRecording(let record):
            return .handled([saveRecording(record, today: model.today)])
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
