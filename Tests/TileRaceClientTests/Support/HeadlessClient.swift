import Dispatch
import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

@testable import TileRaceClient

/// The client without a terminal: a model, `update`, and the real effect
/// interpreter with its network side (`ClientNetwork`)
/// on one serial queue, as `ClientLoop` runs them. Keys are pressed from the test; `waitUntil` blocks
/// (with a deadline) until the model shows what is expected.
final class HeadlessClient: @unchecked Sendable {
    let name: String
    private let queue: DispatchQueue
    private let changed = DispatchSemaphore(value: 0)
    private var current: Model
    private var network: ClientNetwork!
    private var interpreter: EffectInterpreter!
    private var configSaves = 0
    private var timer: (any DispatchSourceTimer)?
    private var quitResult: Bool?

    init(
        _ name: String, endpoint: ServerEndpoint, nickname: String?, room: String? = nil,
        configure: (inout ClientOptions) -> Void = { _ in }, bots: BotLauncher? = nil
    ) {
        self.name = name
        queue = DispatchQueue(label: "tilerace.tests.client.\(name)")
        var options = ClientOptions()
        options.nickname = nickname
        options.room = room
        options.host = endpoint.host
        options.port = endpoint.port
        configure(&options)
        current = Fixtures.model(options: options)
        current.now = MonotonicClock.milliseconds()
        current.canAddBots = bots != nil
        network = ClientNetwork(queue: queue) { [weak self] update in self?.handle(.server(update)) }
        let queue = queue
        interpreter = EffectInterpreter(network: network, store: nil, bots: bots) { [weak self] event in
            guard let self else { return }
            queue.async { self.handle(event) }
        }
        queue.sync {
            let effects = Update.launch(NetworkPlan(endpoint: endpoint), model: &current)
            perform(effects)
        }
        // Ticks, as the loop's timer gives them (reconnecting waits on them).
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.handle(nil) }
        timer.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50), leeway: .milliseconds(10))
        timer.resume()
        self.timer = timer
    }

    deinit { timer?.cancel() }

    /// The model now.
    var model: Model { queue.sync { current } }

    /// Once the client quit (as `ClientLoop` does: after the server's
    /// goodbye, or the wait for it): whether the connection ended within the
    /// wait; nil while it has not quit.
    var quitEndedConnection: Bool? { queue.sync { quitResult } }

    /// How many times the client asked to save its settings.
    var saves: Int { queue.sync { configSaves } }

    /// Presses keys, one after the other.
    func press(_ keys: Key...) {
        queue.sync { for key in keys { handle(.key(key)) } }
    }

    /// Types text, one key per character.
    func type(_ text: String) {
        queue.sync { for character in text { handle(.key(.character(character))) } }
    }

    /// Changes the model directly (a test's shortcut), on the client's queue.
    func change<T>(_ body: (inout Model) -> T) -> T {
        queue.sync { body(&current) }
    }

    /// Waits until `predicate` holds for the model.
    func waitUntil(_ what: String, seconds: Double = 5, _ predicate: (Model) -> Bool) throws {
        let deadline = DispatchTime.now() + seconds
        while !predicate(model) {
            if changed.wait(timeout: deadline) == .timedOut, !predicate(model) {
                throw WaitFailure(
                    description: "\(name): not \(what) within \(seconds) s (screen \(model.screen), "
                        + "connection \(model.connection), notice \(model.notice?.text ?? "-"))")
            }
        }
    }

    /// Waits until the dialog on screen takes keys: one that opened by itself
    /// ignores them for a moment (`ShownDialog.guardMilliseconds`).
    func waitForDialogKeys() throws {
        try waitUntil("taking keys in its dialog") { !$0.isDialogOpening }
    }

    /// Presses the arrows in a cycle (left, down, right, down, and up after
    /// a key that moved nothing) until `done` holds or `limit` keys were pressed.
    func play(limit: Int, until done: (Model) -> Bool) {
        let cycle: [Key] = [.left, .down, .right, .down]
        var index = 0
        while index < limit, !done(model) {
            let before = model.session?.game.moveCount
            press(cycle[index % cycle.count])
            // A board that only moves up (a full bottom row, say) would stall the cycle.
            if model.session?.game.moveCount == before { press(.up) }
            index += 1
        }
    }

    func disconnect() {
        queue.sync { network.disconnect() }
    }

    /// Stops the bots it started, as quitting does.
    func stopBots() {
        queue.sync { interpreter.stopAllBots() }
    }

    private func handle(_ event: Event?) {
        perform(update(&current, .tick(MonotonicClock.milliseconds())))
        if let event { perform(update(&current, event)) }
        changed.signal()
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            if case .saveConfig = effect { configSaves += 1 }
            // Follow-up events (a save with no config directory fails) go
            // through `update` like the loop's; quitting ends as the loop's
            // does (the terminal is not the headless client's business).
            let outcome = interpreter.perform(effect, model: current)
            if case .quit = outcome, quitResult == nil {
                interpreter.finishQuitting { [weak self] ended in
                    guard let self else { return }
                    quitResult = ended
                    network.disconnect()
                    changed.signal()
                }
            }
            guard case .handled(let events) = outcome else { continue }
            for event in events { perform(update(&current, event)) }
        }
    }
}
