import TileRaceEngine
import TileRaceProtocol

extension Update {
    static func gameKey(_ key: Key, model: inout Model) -> [Effect] {
        guard let session = model.session else {
            model.screen = .menu
            return []
        }
        let raceIsOver = model.race?.isOver ?? false
        if let end = session.end {
            if raceIsOver, end.isHidden || end.isClosed { return standingsKey(key, model: &model) }
            if end.isHidden { return finishedKey(key, model: &model) }
            return endKey(key, model: &model)
        }
        if raceIsOver {
            return standingsKey(key, model: &model)
        }
        if session.isPaused {
            return pausedKey(key, model: &model)
        }
        if session.removalCursor != nil {
            return removalKey(key, model: &model)
        }
        if session.isRace {
            if key == .enter || key == .character("/") { return openChat(&model) }
            if let number = quickPhraseNumber(key) { return quickPhrase(number, model: &model) }
        }
        if let direction = direction(for: key) {
            return move(direction, model: &model)
        }
        switch key {
        case .character("u"), .character("U"):
            return undo(&model)
        case .character("x"), .character("X"):
            startRemoval(&model)
        case .character("p"), .character("P"):
            return pause(&model)
        case .character("i"), .character("I"):
            return requestHint(&model)
        case .character("r"), .character("R"):
            return reset(&model)
        case .character("t"), .character("T"):
            return nextTheme(&model)
        case .character("?"):
            model.overlay = .help
        case .character("q"), .character("Q"), .escape:
            return leave(&model)
        default:
            break
        }
        return []
    }

    // MARK: Moves and assists

    static func move(_ direction: Direction, model: inout Model) -> [Effect] {
        guard var session = model.session else { return [] }
        guard !session.game.isOver else { return [] }
        let motions = model.animationsEnabled ? session.game.board.motions(for: direction) : []
        let report: MoveReport
        do {
            report = try session.game.move(direction)
        } catch {
            return []
        }
        session.clock.start(at: model.now)
        session.hint = nil
        if model.animationsEnabled {
            session.animation = TileAnimation(motions: motions, spawn: report.spawn, startedAt: model.now)
        }
        let effects = send(.move(direction), session: &session, model: model)
        session.recordProgress()
        model.session = session
        checkEnd(reachedTarget: report.reachedTarget, model: &model)
        syncRacer(&model)
        // "Keep going?" waits on the player: the clocks wait too (`Update.holdPracticeClock`).
        return effects
    }

    /// Stops or restarts the server's clock of a practice game mirrored
    /// there, so its official time is the time the player saw (a race's
    /// clock keeps running).
    static func serverClock(paused: Bool, model: Model) -> [Effect] {
        guard let session = model.session, session.mode == .practice, session.mirror == .active else { return [] }
        return [.send(paused ? .pause : .resume)]
    }

    /// Sends an entry just applied to the server's copy of the game: always in
    /// a race; in practice, `PRACTICE` goes first with the first entry when connected.
    static func send(_ entry: GameLog.Entry, session: inout PlaySession, model: Model) -> [Effect] {
        var effects: [Effect] = []
        if session.mode == .practice, session.mirror == .notStarted {
            if !model.connection.isConnected {
                session.mirror = .localOnly("it was started offline")
            } else if !Names.isValidSeed(session.game.seed.text) {
                session.mirror = .localOnly("its seed cannot be sent to a server")
            } else {
                let config = session.game.config
                effects.append(.send(.practice(PracticeOptions(seed: session.game.seed.text, size: config.size, target: config.target))))
                session.mirror = .active
                session.sequence = 0
            }
        }
        guard session.sendsEntries else { return effects }
        session.sequence += 1
        session.expected[session.sequence] = session.figures
        session.boardsAfter[session.sequence] = session.game.board
        session.unacknowledged[session.sequence] = entry
        effects.append(.send(.move(seq: session.sequence, entries: [entry])))
        return effects
    }

    static func undo(_ model: inout Model) -> [Effect] {
        guard var session = model.session else { return [] }
        guard session.assistsAllowed else {
            model.show("undo is off in this room", .warning)
            return []
        }
        do {
            try session.game.undo()
        } catch {
            model.show(error == .nothingToUndo ? "nothing to undo" : error.message, .warning)
            return []
        }
        let effects = send(.undo, session: &session, model: model)
        session.recordProgress()
        model.session = session
        // What the undone step said ("tile removed") no longer holds.
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
        model.show("remove a tile: arrows move, Enter removes, Esc cancels", .info, sticky: true)
    }

    static func removalKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var session = model.session, var cursor = session.removalCursor else { return [] }
        let size = session.game.config.size
        if let direction = direction(for: key) {
            switch direction {
            case .up: cursor.row = max(0, cursor.row - 1)
            case .down: cursor.row = min(size - 1, cursor.row + 1)
            case .left: cursor.column = max(0, cursor.column - 1)
            case .right: cursor.column = min(size - 1, cursor.column + 1)
            }
            session.removalCursor = cursor
            model.session = session
            model.show("remove a tile: arrows move, Enter removes, Esc cancels", .info, sticky: true)
            return []
        }
        switch key {
        case .enter, .character(" "), .character("x"), .character("X"):
            do {
                try session.game.removeTile(at: cursor)
            } catch {
                model.show(error.code == "empty-cell" ? "that cell is empty: pick a tile" : error.message, .warning, sticky: true)
                return []
            }
            session.removalCursor = nil
            let effects = send(.remove(cursor), session: &session, model: model)
            model.session = session
            model.show("tile removed")
            syncRacer(&model)
            // Removing the last tiles can leave a board with no move.
            checkEnd(reachedTarget: false, model: &model)
            return effects
        case .escape, .character("q"):
            session.removalCursor = nil
            model.session = session
            model.notice = nil
        case .character("?"):
            model.overlay = .help
        default:
            model.show("remove a tile: arrows move, Enter removes, Esc cancels", .info, sticky: true)
        }
        return []
    }

    // MARK: Pause, reset, leave

    static func pause(_ model: inout Model) -> [Effect] {
        guard var session = model.session else { return [] }
        if session.isRace {
            model.show("no pause in a race: the race clock keeps running", .warning)
            return []
        }
        // The clocks stop (`Update.holdPracticeClock`); what was said about the board is stale.
        session.isPaused = true
        model.session = session
        model.notice = nil
        return []
    }

    static func pausedKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        switch key {
        case .character("p"), .character("P"), .enter, .character(" "):
            model.session?.isPaused = false
            return []
        case .character("q"), .character("Q"), .escape:
            // The question that may follow holds the clock as the pause did.
            model.session?.isPaused = false
            return leave(&model)
        default:
            model.show("paused: p resumes")
        }
        return []
    }

    static func reset(_ model: inout Model) -> [Effect] {
        guard let session = model.session else { return [] }
        if session.isRace {
            model.overlay = .confirm(.restartRace)
            return []
        }
        if session.isInProgress {
            model.overlay = .confirm(.newGame)
            return []
        }
        return newGame(&model)
    }

    /// A new game: practice draws a new seed, the daily challenge starts its seed again.
    static func newGame(_ model: inout Model) -> [Effect] {
        guard let session = model.session else { return [] }
        switch session.mode {
        case .practice:
            let effects = endPracticeMirror(&model)
            startPractice(&model)
            model.show("new game · seed \(model.session?.game.seed.text ?? "")")
            return effects
        case .daily:
            startDaily(&model)
            return []
        case .race:
            return restartRace(&model)
        }
    }

    /// Resigns the server's copy of a practice game still running there.
    static func endPracticeMirror(_ model: inout Model) -> [Effect] {
        guard let session = model.session, session.mode == .practice, session.mirror == .active else { return [] }
        model.session?.mirror = .finished
        return session.game.isOver ? [] : [.send(.resign)]
    }

    /// Back to the start of the race's seed: entries count from 1 again; the clock keeps running.
    static func restartRace(_ model: inout Model) -> [Effect] {
        guard var session = model.session, session.isRace else { return [] }
        session.game = Game(config: session.game.config, seed: session.game.seed)
        session.animation = nil
        session.removalCursor = nil
        session.restarts += 1
        session.sequence = 0
        session.expected = [:]
        session.boardsAfter = [:]
        model.session = session
        model.show("back to the start of the seed: the clock keeps running")
        syncRacer(&model)
        return [.send(.restart)]
    }

    static func leave(_ model: inout Model) -> [Effect] {
        guard let session = model.session else { return [] }
        if session.isRace {
            model.overlay = .confirm(.resignRace)
            return []
        }
        if session.isInProgress {
            model.overlay = .confirm(.leaveGame)
            return []
        }
        return leaveGame(&model)
    }

    /// Leaves a practice or daily game for the menu.
    static func leaveGame(_ model: inout Model) -> [Effect] {
        let effects = endPracticeMirror(&model)
        model.session = nil
        model.screen = .menu
        model.notice = nil
        return effects
    }

    // MARK: End of game

    /// Opens the end dialog when the game just ended or reached its target.
    static func checkEnd(reachedTarget: Bool, model: inout Model) {
        guard var session = model.session, session.end == nil else { return }
        let game = session.game
        if game.isOver, session.mirror == .active { session.mirror = .finished }
        if reachedTarget, !session.isPlayingOn, !session.isRace, !game.isOver {
            session.clock.pause(at: model.now)
            session.end = endOfGame(.won, session: session, now: model.now, stage: .reachedTarget)
        } else if reachedTarget, session.isRace {
            session.clock.stop(at: model.now)
            session.end = endOfGame(.won, session: session, now: model.now, stage: submitStage(model, session: session))
        } else if game.isOver {
            // Played on past the target, the game ends with no more moves (its target is long reached).
            session.clock.stop(at: model.now)
            let outcome: EndOfGame.Outcome = game.hasWon && !session.isPlayingOn ? .won : .noMoves
            session.end = endOfGame(outcome, session: session, now: model.now, stage: submitStage(model, session: session))
        }
        model.session = session
    }

    static func endOfGame(_ outcome: EndOfGame.Outcome, session: PlaySession, now: Int, stage: EndOfGame.Stage) -> EndOfGame {
        let game = session.game
        let result = GameResult(
            score: game.score, largestTile: game.board.largestValue, moves: game.moveCount,
            milliseconds: session.clock.elapsed(at: now), size: game.config.size,
            target: game.config.target, assists: game.assistCount, seed: game.seed.text)
        return EndOfGame(outcome: outcome, result: result, stage: stage)
    }

    /// The nickname prompt when the game can go on the leaderboard; otherwise
    /// why not, said before asking.
    static func submitStage(_ model: Model, session: PlaySession) -> EndOfGame.Stage {
        if let refusal = model.submitRefusal(for: session) { return .closed(message: refusal, kind: .info) }
        return .nickname(TextField(model.config.lastNickname ?? model.network.nickname ?? model.options.nickname ?? ""))
    }

    /// Sends the finished game under `nickname` (with its token, if we hold one).
    private static func submit(_ nickname: String, end: inout EndOfGame, session: inout PlaySession, model: inout Model) -> [Effect] {
        model.config.lastNickname = nickname
        end.stage = .submitting(nickname: nickname)
        session.end = end
        model.session = session
        return [.saveConfig, .send(.submit(nickname: nickname, token: model.config.token(for: nickname)))]
    }

    static func endKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var session = model.session, var end = session.end else { return [] }
        switch end.stage {
        case .reachedTarget:
            // No key here is a move: a player still sliding tiles does not end the game (`ShownDialog`).
            switch key {
            case .enter, .character("c"), .character("C"), .character(" "):
                // The clocks go on (`Update.holdPracticeClock`).
                session.end = nil
                session.isPlayingOn = true
                model.session = session
                return []
            case .character("f"), .character("F"):
                session.clock.resume(at: model.now)
                session.clock.stop(at: model.now)
                end.result.milliseconds = session.clock.elapsed(at: model.now)
                end.stage = submitStage(model, session: session)
                session.end = end
                model.session = session
                // The server's practice game goes on past the target: finish it so it can be submitted.
                return endPracticeMirror(&model)
            case .character("n"), .character("r"):
                return newGame(&model)
            case .character("q"), .escape:
                return leaveGame(&model)
            case .character("t"):
                return nextTheme(&model)
            default:
                break
            }
        case .nickname(var field) where !end.isEditingNickname:
            // The submit button has the focus: game keys still held do nothing.
            switch key {
            case .enter where Nickname.isValid(field.text):
                return submit(field.text, end: &end, session: &session, model: &model)
            case .enter, .character("e"), .tab:
                field.refusal = nil
                end.stage = .nickname(field)
                end.isEditingNickname = true
                session.end = end
                model.session = session
            case .escape:
                end.stage = .closed(message: "not submitted", kind: .info)
                session.end = end
                model.session = session
            default:
                break
            }
        case .nickname(var field):
            switch key {
            case .enter:
                guard Nickname.isValid(field.text) else {
                    field.refusal = "nickname: \(Nickname.rule)"
                    end.stage = .nickname(field)
                    session.end = end
                    model.session = session
                    return []
                }
                return submit(field.text, end: &end, session: &session, model: &model)
            case .escape:
                end.stage = .closed(message: "not submitted", kind: .info)
                session.end = end
                model.session = session
            default:
                _ = field.handle(key)
                end.stage = .nickname(field)
                session.end = end
                model.session = session
            }
        case .submitting:
            if key == .escape {
                end.stage = .closed(message: "submission sent; not waiting for the answer", kind: .info)
                session.end = end
                model.session = session
            }
        case .closed:
            switch key {
            case .character("r"), .character("n"):
                if session.isRace { return [] }
                return newGame(&model)
            case .character("q"), .escape, .enter:
                guard session.isRace else { return leaveGame(&model) }
                if key == .character("q") { return leaveRoom(&model) }
                // Watch the others finish; the standings come at the end.
                end.isHidden = true
                session.end = end
                model.session = session
            case .character("t"):
                return nextTheme(&model)
            default:
                break
            }
        }
        return []
    }

    /// Our race is over and the dialog closed: watching the others finish.
    static func finishedKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        if let number = quickPhraseNumber(key) { return quickPhrase(number, model: &model) }
        switch key {
        case .enter:
            model.session?.end?.isHidden = false
        case .character("/"):
            return openChat(&model)
        case .character("q"), .escape:
            return leaveRoom(&model)
        default:
            model.show("your race is over: the standings come when everyone has finished · q leaves the room")
        }
        return []
    }
}
