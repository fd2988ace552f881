import TileRaceEngine
import TileRaceProtocol

/// Moves and assists, applied here at once and sent to the server's copy; `OK MOVE` and `RESYNC`.
extension Update {
    static func move(_ direction: Direction, model: inout Model) -> [Effect] {
        // The ghost may have made the target since the last tick.
        if let effects = ghostCatchUp(&model) { return effects }
        let played = model.changeSessionReadingModel { session, model -> (report: MoveReport, effects: [Effect])? in
            guard !session.game.isOver else { return nil }
            let motions = model.animationsEnabled ? session.game.board.motions(for: direction) : []
            guard let report = try? session.game.move(direction) else { return nil }
            session.clock.start(at: model.now)
            session.hint = nil
            if model.animationsEnabled {
                session.animation = TileAnimation(motions: motions, spawn: report.spawn, startedAt: model.now)
            }
            let effects = send(.move(direction), session: &session, model: model)
            session.recordProgress()
            return (report, effects)
        }
        guard let (report, effects) = played ?? nil else { return [] }
        checkEnd(reachedTarget: report.reachedTarget, model: &model)
        syncRacer(&model)
        // The clocks wait on "Keep going?" too (`Update.holdPracticeClock`).
        return effects + ghostRaceAfterMove(&model)
    }

    /// In practice, `PRACTICE` goes first with the first entry when not sent before (`Update.mirrorPractice`).
    static func send(_ entry: GameLog.Entry, session: inout PlaySession, model: Model) -> [Effect] {
        session.record?.append(entry, at: session.clock.elapsed(at: model.now))
        var effects = mirrorPractice(&session, model: model)
        guard session.sendsEntries else { return effects }
        session.sequence += 1
        session.expected[session.sequence] = session.figures
        session.boardsAfter[session.sequence] = session.game.board
        session.unacknowledged[session.sequence] = entry
        effects.append(.send(.move(seq: session.sequence, entries: [entry])))
        return effects
    }

    /// `PRACTICE seed=` for a practice game on its own seed, once: as it is dealt when connected (so the server's
    /// clock starts with ours), else with the first entry; a game started offline is played here only.
    static func mirrorPractice(_ session: inout PlaySession, model: Model) -> [Effect] {
        guard session.mode == .practice, session.serverCopy == .notStarted else { return [] }
        if !model.connection.isConnected {
            session.serverCopy = .localOnly("it was started offline")
        } else if !Names.isValidSeed(session.game.seed.text) {
            session.serverCopy = .localOnly("its seed cannot be sent to a server")
        } else {
            let config = session.game.config
            session.serverCopy = .active
            session.sequence = 0
            return [
                .send(
                    .practice(
                        PracticeOptions(
                            seed: session.game.seed.text, size: config.size, target: config.target, isGhost: session.ghost != nil)))
            ]
        }
        return []
    }

    static func undo(_ model: inout Model) -> [Effect] {
        guard let assistsAllowed = model.session?.assistsAllowed else { return [] }
        guard assistsAllowed else {
            model.show("undo is off in this room", .warning)
            return []
        }
        let undone: [Effect]?
        do throws(EngineError) {
            undone = try model.changeSessionReadingModel { session, model throws(EngineError) in
                try session.game.undo()
                let effects = send(.undo, session: &session, model: model)
                session.recordProgress()
                return effects
            }
        } catch {
            model.show(error == .nothingToUndo ? "nothing to undo" : error.message, .warning)
            return []
        }
        guard let effects = undone else { return [] }
        // "tile removed" no longer holds.
        model.notice = nil
        syncRacer(&model)
        return effects
    }

    static func startRemoval(_ model: inout Model) {
        guard let session = model.session else { return }
        guard session.assistsAllowed else {
            model.show("remove tile is off in this room", .warning)
            return
        }
        guard !session.game.isOver else { return }
        let board = session.game.board
        let size = board.size
        var cursor = Cell(row: size / 2, column: size / 2)
        if let spawn = session.game.lastSpawn {
            cursor = spawn.cell
        } else if board[cursor.row, cursor.column] == 0,
            let first = (0..<(size * size)).first(where: { board[$0 / size, $0 % size] != 0 })
        {
            cursor = Cell(row: first / size, column: first % size)
        }
        model.session?.removalCursor = cursor
        model.show(removalNotice, .info, sticky: true)
    }

    static func removalKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var cursor = model.session?.removalCursor, let size = model.session?.game.config.size else { return [] }
        if let direction = direction(for: key) {
            switch direction {
            case .up: cursor.row = max(0, cursor.row - 1)
            case .down: cursor.row = min(size - 1, cursor.row + 1)
            case .left: cursor.column = max(0, cursor.column - 1)
            case .right: cursor.column = min(size - 1, cursor.column + 1)
            }
            model.session?.removalCursor = cursor
            model.show(removalNotice, .info, sticky: true)
            return []
        }
        switch key {
        case .enter, .character(" "), .character("x"), .character("X"):
            let removed: [Effect]?
            do throws(EngineError) {
                removed = try model.changeSessionReadingModel { session, model throws(EngineError) in
                    try session.game.removeTile(at: cursor)
                    session.removalCursor = nil
                    return send(.remove(cursor), session: &session, model: model)
                }
            } catch {
                model.show(error.code == "empty-cell" ? "that cell is empty: pick a tile" : error.message, .warning, sticky: true)
                return []
            }
            guard let effects = removed else { return [] }
            model.show("tile removed")
            syncRacer(&model)
            // Removing the last tiles can leave a board with no move.
            checkEnd(reachedTarget: false, model: &model)
            return effects
        case .escape, .character("q"):
            model.session?.removalCursor = nil
            model.notice = nil
        case .character("?"):
            model.overlay = .help
        default:
            model.show(removalNotice, .info, sticky: true)
        }
        return []
    }

    static let removalNotice = "remove a tile: arrows move, Enter removes, Esc cancels"

    // MARK: The server's copy

    /// The server's figures must be ours after the same entries.
    static func moveReplied(_ result: Result<OkReply, ProtocolError>, model: inout Model) -> [Effect] {
        guard model.network.gameChangesAwaitingReply == 0, let session = model.session, session.sendsEntries else { return [] }
        guard case .success(let reply) = result else {
            if case .failure(let error) = result { moveRefused(error, session: session, model: &model) }
            return []
        }
        guard case .move(let acknowledgement) = reply else { return [] }
        let seq = acknowledgement.seq
        let expected = model.changeSession { session -> Figures? in
            session.unacknowledged = session.unacknowledged.filter { $0.key > seq }
            let expected = session.expected[seq]
            session.expected = session.expected.filter { $0.key > seq }
            session.boardsAfter = session.boardsAfter.filter { $0.key > seq }
            return expected
        }
        guard let expected = expected ?? nil else { return [] }
        let theirs = Figures(score: acknowledgement.score, moves: acknowledgement.moves, largestTile: acknowledgement.largestTile)
        guard theirs != expected else { return [] }
        model.show(
            "the server counts score \(Format.grouped(theirs.score)) after \(theirs.moves) moves, not "
                + "\(Format.grouped(expected.score)): fetching its copy", .warning)
        // RESYNC (or, for an older server, a MOVE that cannot be next) brings the server's state.
        return [.send(.askingForResync(offered: model.network.serverFeatures))]
    }

    private static func moveRefused(_ error: ProtocolError, session: PlaySession, model: inout Model) {
        switch error.code {
        case .badSeq, .desync:
            break  // RESYNC follows with the server's copy.
        case .notRacing:
            if session.mode == .practice {
                model.session?.serverCopy = .localOnly("the server has no game running for it")
            }
        case .assistsOff:
            model.show("undo and remove-tile are off in this room", .warning)
        default:
            model.show("move refused: \(ScreenText.sanitize(error.message))", .warning)
        }
    }

    /// After a resume it may list our entries to resend; otherwise the server's copy replaces ours.
    static func resyncArrived(_ sync: GameSync, startNamingUs: RaceStart?, model: inout Model) -> [Effect] {
        // Started while our connection was failing: it is ours after all.
        if let startNamingUs { raceStarted(startNamingUs, model: &model) }
        let isCatchingUp = model.network.isCatchingUp
        if isCatchingUp, let session = model.session, session.mode == .practice, session.serverCopy == .active,
            !session.isServerCopyConfirmed
        {
            // Its PRACTICE was lost: the server's game is an earlier one.
            model.network.isCatchingUp = false
            playHereOnly(because: "the server did not get it before the connection failed", model: &model)
            return []
        }
        var effects: [Effect] = []
        if let resent = resyncAfterResume(sync, model: &model) {
            effects = resent
        } else {
            effects = adopt(sync, model: &model)
        }
        if isCatchingUp { effects += resignAgainAfterResume(model) + holdAgainAfterResume(model) }
        return effects
    }

    /// Saves the statistics when it takes back a game counted as ended.
    private static func adopt(_ sync: GameSync, model: inout Model) -> [Effect] {
        guard model.network.gameChangesAwaitingReply == 0, let session = model.session, session.sendsEntries,
            let game = try? sync.makeGame(config: session.game.config, seed: session.game.seed)
        else { return [] }
        let changed = game.board != session.game.board || game.score != session.game.score
        // Our board ended the race here (a RESTART lost with the line, say); the server's goes on, and so do we.
        let goesOn = session.isRace && [.noMoves, .won].contains(session.end?.outcome) && !game.isOver && !game.hasWon
        let isWithdrawn = goesOn && session.isCounted
        if isWithdrawn, let end = session.end {
            model.statistics.withdraw(summary(of: session, end, today: model.today))
            model.session?.isCounted = false
        }
        model.changeSession { session in
            session.game = game
            session.sequence = sync.seq
            session.expected = [:]
            session.boardsAfter = [:]
            session.unacknowledged = [:]
            session.animation = nil
            session.removalCursor = nil
            if changed { session.record = nil }
            if goesOn {
                session.end = nil
                session.clock.reopen()
            }
        }
        if goesOn, let index = model.race?.players.firstIndex(where: \.isYou) {
            model.race?.players[index].status = .playing
            model.race?.players[index].finishedAfter = nil
        }
        if changed {
            model.show(
                "your board differed from the server's copy: now showing the server's (score \(Format.grouped(game.score)))",
                .warning)
        }
        checkEnd(reachedTarget: session.isRace && game.hasWon, model: &model)
        syncRacer(&model)
        return isWithdrawn ? [.saveStatistics] : []
    }
}
