import TileRaceEngine
import TileRaceProtocol

/// A practice game dealt by the server (`PRACTICE` without `seed=`), so it can be a sprint.
/// An error, a timeout or a drop fall back to the client's own seed.
extension Update {
    static let dealingTimeoutMilliseconds = 2000

    static let dealingNotice = "dealing the board: it comes with the server's seed"

    /// Connected and greeted, and not taking a dropped seat back.
    static func dealsFromServer(_ model: Model) -> Bool {
        model.connection.isConnected && model.network.resuming == nil && !model.network.isCatchingUp
    }

    static func askServerToDeal(_ model: inout Model) -> [Effect] {
        guard let config = model.session?.game.config else { return [] }
        model.session?.dealingSince = model.now
        return [.send(.practice(PracticeOptions(seed: nil, size: config.size, target: config.target)))]
    }

    /// Only leaving and help work.
    static func dealingKey(_ key: Key, model: inout Model) -> [Effect] {
        switch key {
        case .character("q"), .character("Q"), .escape:
            return leave(&model)
        case .character("?"):
            model.overlay = .help
        default:
            model.show(dealingNotice)
        }
        return []
    }

    /// For a `PRACTICE` without a seed. Stale if a later game change was sent.
    static func dealReplied(_ result: Result<OkReply, ProtocolError>, model: inout Model) {
        guard model.network.gameChangesAwaitingReply == 0, let session = model.session, session.mode == .practice,
            session.isDealing, session.ghost == nil
        else { return }
        switch result {
        case .success(.practice(let options)):
            guard let text = options.seed, let seed = try? Seed(parsing: text),
                options.size == session.game.config.size, options.target == session.game.config.target
            else {
                playOwnSeed(because: "its answer did not fit", model: &model)
                return
            }
            let now = model.now
            model.changeSession { session in
                session.game = Game(config: session.game.config, seed: seed)
                session.dealingSince = nil
                session.hasServerSeed = true
                session.serverCopy = .active
                session.isServerCopyConfirmed = true
                session.sequence = 0
                // The server's clock started with its answer: ours starts now, so both agree.
                session.clock.start(at: now)
            }
            if model.notice?.text == dealingNotice { model.notice = nil }
        case .success:
            playOwnSeed(because: "its answer did not fit", model: &model)
        case .failure(let error):
            playOwnSeed(because: "refused: \(ScreenText.sanitize(error.message))", model: &model)
        }
    }

    /// Its game, if it comes, is resigned.
    static func dealingTick(_ model: inout Model) -> [Effect] {
        guard let since = model.session?.dealingSince, model.now - since >= dealingTimeoutMilliseconds else { return [] }
        playOwnSeed(because: "no answer in 2 s", model: &model)
        return [.send(.resign)]
    }

    static func dealingLost(because reason: String, model: inout Model) {
        guard model.session?.isDealing == true else { return }
        playOwnSeed(because: reason, model: &model)
    }

    /// A local game, sent with `PRACTICE seed=` on the first move when connected.
    private static func playOwnSeed(because reason: String, model: inout Model) {
        model.session?.dealingSince = nil
        model.session?.clock.start(at: model.now)
        let seed = model.session?.game.seed.text ?? ""
        model.show("no board from the server (\(reason)): playing on own seed \(seed)", .warning)
    }
}
