import TileRaceEngine

extension Update {
    static func gameKey(_ key: Key, model: inout Model) -> [Effect] {
        guard let session = model.session else {
            model.screen = .menu
            return []
        }
        if session.end != nil {
            return endKey(key, model: &model)
        }
        if let race = model.race, case .finished = race.phase {
            return standingsKey(key, model: &model)
        }
        if session.isPaused {
            return pausedKey(key, model: &model)
        }
        if session.removalCursor != nil {
            return removalKey(key, model: &model)
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
            pause(&model)
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
        if let race = model.race, case .countdown = race.phase {
            model.show("wait for the start…")
            return []
        }
        guard !session.game.isOver else { return [] }
        let motions = model.animationsEnabled ? session.game.board.motions(for: direction) : []
        let report: MoveReport
        do {
            report = try session.game.move(direction)
        } catch {
            return []
        }
        session.log.entries.append(.move(direction))
        session.clock.start(at: model.now)
        if model.animationsEnabled {
            session.animation = TileAnimation(motions: motions, spawn: report.spawn, startedAt: model.now)
        }
        var effects: [Effect] = []
        if session.isRace {
            session.sequence += 1
            effects.append(.send(.move(direction, sequence: session.sequence)))
        }
        model.session = session
        checkEnd(reachedTarget: report.reachedTarget, model: &model)
        syncRacer(&model)
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
        session.log.entries.append(.undo)
        var effects: [Effect] = []
        if session.isRace {
            session.sequence += 1
            effects.append(.send(.undo(sequence: session.sequence)))
        }
        model.session = session
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
                  let first = (0..<(size * size)).first(where: { board[$0 / size, $0 % size] != 0 }) {
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
            session.log.entries.append(.remove(cursor))
            session.removalCursor = nil
            var effects: [Effect] = []
            if session.isRace {
                session.sequence += 1
                effects.append(.send(.removeTile(cursor, sequence: session.sequence)))
            }
            model.session = session
            model.show("tile removed")
            syncRacer(&model)
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

    static func pause(_ model: inout Model) {
        guard var session = model.session else { return }
        if session.isRace {
            model.show("no pause in a race: the race clock keeps running", .warning)
            return
        }
        session.isPaused = true
        session.clock.pause(at: model.now)
        model.session = session
    }

    static func pausedKey(_ key: Key, model: inout Model) -> [Effect] {
        switch key {
        case .character("p"), .character("P"), .enter, .character(" "):
            model.session?.isPaused = false
            model.session?.clock.resume(at: model.now)
        case .character("q"), .character("Q"), .escape:
            model.session?.clock.resume(at: model.now)
            model.session?.isPaused = false
            return leave(&model)
        case .character("?"):
            model.overlay = .help
        case .character("t"):
            return nextTheme(&model)
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
            startPractice(&model)
            model.show("new game · seed \(model.session?.game.seed.text ?? "")")
        case .daily:
            startDaily(&model)
        case .race:
            return restartRace(&model)
        }
        return []
    }

    static func restartRace(_ model: inout Model) -> [Effect] {
        guard var session = model.session, session.isRace else { return [] }
        session.game = Game(config: session.game.config, seed: session.game.seed)
        session.log = GameLog()
        session.animation = nil
        session.removalCursor = nil
        session.restarts += 1
        session.sequence += 1
        model.session = session
        model.show("back to the start of the seed: the clock keeps running")
        syncRacer(&model)
        return [.send(.restart(sequence: session.sequence))]
    }

    static func leave(_ model: inout Model) -> [Effect] {
        guard let session = model.session else { return [] }
        if session.isRace {
            model.overlay = .confirm(.leaveRace)
            return []
        }
        if session.isInProgress {
            model.overlay = .confirm(.leaveGame)
            return []
        }
        leaveGame(&model)
        return []
    }

    static func leaveGame(_ model: inout Model) {
        model.session = nil
        model.screen = .menu
        model.notice = nil
    }

    // MARK: End of game

    /// Opens the end dialog when the game just ended or reached its target.
    static func checkEnd(reachedTarget: Bool, model: inout Model) {
        guard var session = model.session, session.end == nil else { return }
        let game = session.game
        if reachedTarget, !session.isPlayingOn, !session.isRace {
            session.clock.pause(at: model.now)
            session.end = endOfGame(.won, session: session, now: model.now, stage: .reachedTarget)
        } else if reachedTarget, session.isRace {
            session.clock.stop(at: model.now)
            session.end = endOfGame(.won, session: session, now: model.now, stage: nicknameStage(model))
        } else if game.isOver {
            session.clock.stop(at: model.now)
            session.end = endOfGame(game.hasWon ? .won : .noMoves, session: session, now: model.now, stage: nicknameStage(model))
        }
        model.session = session
    }

    static func endOfGame(_ outcome: EndOfGame.Outcome, session: PlaySession, now: Double, stage: EndOfGame.Stage) -> EndOfGame {
        EndOfGame(
            outcome: outcome, score: session.game.score, moves: session.game.moveCount,
            largestTile: session.game.board.largestValue, elapsed: session.clock.elapsed(at: now),
            assists: session.game.assistCount, target: session.game.config.target, stage: stage)
    }

    static func nicknameStage(_ model: Model) -> EndOfGame.Stage {
        .nickname(TextField(model.config.lastNickname ?? model.options.nickname ?? ""))
    }

    static func endKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var session = model.session, var end = session.end else { return [] }
        switch end.stage {
        case .reachedTarget:
            switch key {
            case .enter, .character("k"), .character("c"), .character(" "):
                session.end = nil
                session.isPlayingOn = true
                session.clock.resume(at: model.now)
                model.session = session
            case .character("s"):
                session.clock.resume(at: model.now)
                session.clock.stop(at: model.now)
                end.elapsed = session.clock.elapsed(at: model.now)
                end.stage = nicknameStage(model)
                session.end = end
                model.session = session
            case .character("n"), .character("r"):
                return newGame(&model)
            case .character("q"), .escape:
                leaveGame(&model)
            case .character("t"):
                return nextTheme(&model)
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
                let nickname = field.text
                model.config.lastNickname = nickname
                end.stage = .submitting(nickname: nickname)
                session.end = end
                model.session = session
                let isDaily: Bool = if case .daily = session.mode { true } else { false }
                let submission = Submission(
                    nickname: nickname, token: model.config.tokens[nickname],
                    record: session.record(elapsed: end.elapsed), isDaily: isDaily)
                return [.saveConfig, .send(.submit(submission))]
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
                if session.isRace { return finishRaceAndLeave(&model) }
                leaveGame(&model)
            case .character("t"):
                return nextTheme(&model)
            default:
                break
            }
        }
        return []
    }
}
