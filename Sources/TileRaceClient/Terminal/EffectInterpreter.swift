/// Carries out the effects of `update` that reach outside the model but not
/// the terminal: requests to the server, connecting, and saving settings. The
/// terminal client and the headless test client both run it, so tests
/// exercise the real interpreter.
///
/// Owned by the client loop's queue, like the network side it drives.
final class EffectInterpreter {
    /// What is left for the runtime: the effects about the terminal and the process.
    enum Outcome {
        /// Done; these events follow (e.g. `configSaved`).
        case handled([Event])
        /// Leave the program.
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

    /// An interpreter sending through `network` and saving to `store` (nil:
    /// nowhere to save, and saving says so).
    init(network: ClientNetwork, store: ConfigStore?) {
        self.network = network
        self.store = store
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
            network.send(message)
        case .connect:
            if let endpoint = model.network.endpoint { network.connect(to: endpoint) }
        case .disconnect:
            network.disconnect()
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
