import TileRaceEngine
import TileRaceProtocol

/// Ghost races: the player races a record (`RECORD`, or `--ghost-file`) on its seed, as practice with
/// `ghost=yes`, never eligible for a board; the ghost plays back beside it; first to the target wins.
extension Update {
    /// Sent again at each greeting until the record comes.
    static func askGhost(_ query: RecordQuery, model: inout Model) -> [Effect] {
        model.pendingGhost = GhostRequest(query: query, source: query.board.name(date: query.date))
        model.show("fetching \(ScreenText.sanitize(query.nickname))'s record for a ghost race…", sticky: true)
        return model.connection.isConnected ? [.send(.record(query))] : []
    }

    static func ghostRecordReplied(_ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model) {
        guard let request = model.pendingGhost else { return }
        model.pendingGhost = nil
        let name = ScreenText.sanitize(request.query.nickname)
        switch result {
        case .success(.record(let summary)):
            let chunks = items.compactMap { if case .log(let chunk) = $0 { chunk } else { nil } }
            do throws(EngineError) {
                guard chunks.count == summary.count else {
                    model.show("\(name)'s record came with \(chunks.count) LOG lines, not \(summary.count)", .warning)
                    return
                }
                let seed = try Seed(parsing: summary.seed)
                let config = try GameConfig(size: summary.size, target: summary.target)
                let log = try GameLog(parsing: RecordChunks.join(chunks))
                startGhostRace(
                    GhostRace(name: summary.nickname, source: request.source, seed: seed, config: config, log: log), model: &model)
            } catch {
                model.show("\(name)'s record cannot be raced: \(error.message)", .warning)
            }
        case .success:
            break
        case .failure(let error):
            let why =
                error.code == .noRecord
                ? "no record of \(name)'s game on the \(request.source)" : ScreenText.sanitize(error.message)
            model.show("no ghost race: \(why)", .warning)
        }
    }

    /// The record's seed, size and target; the ghost waits for the player's first move.
    static func startGhostRace(_ ghost: GhostRace, model: inout Model) {
        var session = PlaySession(mode: .practice, game: Game(config: ghost.game.config, seed: ghost.game.seed))
        session.ghost = ghost
        model.session = session
        model.race = nil
        model.pendingGhost = nil
        model.pendingPracticeSeed = nil
        model.menu.introStartedAt = nil
        model.screen = .game
        model.show(
            "ghost race against \(ScreenText.sanitize(ghost.name)): it starts with your first move · not for any board")
    }

    /// Named after the file (`--ghost-file`).
    static func startGhostRace(_ record: RecordToWatch, model: inout Model) {
        let file = record.title.split(separator: "/").last.map(String.init) ?? record.title
        let name = file.split(separator: ".").first.map(String.init) ?? file
        startGhostRace(
            GhostRace(name: name, source: "file \(file)", seed: record.seed, config: record.config, log: record.log), model: &model)
    }

    /// `r`, `n`.
    static func restartGhostRace(_ model: inout Model) -> [Effect] {
        guard var ghost = model.session?.ghost else { return [] }
        let effects = endPracticeMirror(&model)
        ghost.restart()
        startGhostRace(ghost, model: &model)
        return effects
    }

    /// Before a move and at each tick. Nil while the race goes on, else the effects of its end.
    static func ghostCatchUp(_ model: inout Model) -> [Effect]? {
        guard let session = model.session, var ghost = session.ghost, session.end == nil, session.clock.hasStarted else { return nil }
        ghost.advance(to: session.clock.elapsed(at: model.now))
        model.session?.ghost = ghost
        guard ghost.hasReachedTarget, !session.game.hasWon else { return nil }
        let effects = endPracticeMirror(&model)
        endGame(.lostToGhost, model: &model)
        return effects
    }

    /// The server's copy plays on past the target, so it is resigned when the race ends.
    static func ghostRaceAfterMove(_ model: inout Model) -> [Effect] {
        guard let session = model.session, session.ghost != nil, session.end != nil else { return [] }
        return endPracticeMirror(&model)
    }
}
