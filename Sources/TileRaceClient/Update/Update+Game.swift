import TileRaceEngine
import TileRaceProtocol

/// The game screen's keys, pause, new game, restart, leaving, and replies to `PRACTICE` and `RESTART`.
/// Moves and assists are in `Update+GameMoves`.
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
            // In a race the dialog steps aside for the chat line (Enter brings it back).
            if key == .character("/"), model.chatPlace == .room, !end.isEditingNickname, !end.isSubmitting {
                model.session?.end?.isHidden = true
                return openChat(&model)
            }
            return endKey(key, model: &model)
        }
        if raceIsOver { return standingsKey(key, model: &model) }
        if session.isPaused { return pausedKey(key, model: &model) }
        if session.isDealing { return dealingKey(key, model: &model) }
        if session.removalCursor != nil { return removalKey(key, model: &model) }
        if session.isRace {
            if key == .enter || key == .character("/") { return openChat(&model) }
            if let number = quickPhraseNumber(key) { return quickPhrase(number, model: &model) }
        }
        // `p` again after the sprint warning pauses; any other key takes the warning back.
        let wasPauseWarned = session.isPauseWarned
        model.session?.isPauseWarned = false
        if wasPauseWarned, model.notice?.text == pauseWarning { model.notice = nil }
        if let direction = direction(for: key) {
            return move(direction, model: &model)
        }
        switch key {
        case .character("u"), .character("U"):
            return undo(&model)
        case .character("x"), .character("X"):
            startRemoval(&model)
        case .character("p"), .character("P"):
            return pause(&model, isConfirmed: wasPauseWarned)
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

    // MARK: Pause, reset, leave

    static let pauseWarning = "pausing makes this game ineligible for the sprint board: p again pauses"

    static func pause(_ model: inout Model, isConfirmed: Bool = false) -> [Effect] {
        guard let session = model.session else { return [] }
        if session.isRace {
            model.show("no pause in a race: the race clock keeps running", .warning)
            return []
        }
        if session.canStillBeSprint, !isConfirmed {
            model.session?.isPauseWarned = true
            model.show(pauseWarning, .warning)
            return []
        }
        // The clocks stop (`Update.holdPracticeClock`); the notice about the board is stale.
        model.session?.isPaused = true
        model.notice = nil
        return []
    }

    static func pausedKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        switch key {
        case .character("p"), .character("P"), .enter, .character(" "):
            model.session?.isPaused = false
        case .character("q"), .character("Q"), .escape:
            model.session?.isPaused = false
            return leave(&model)
        default:
            model.show("paused: p resumes")
        }
        return []
    }

    static func reset(_ model: inout Model) -> [Effect] {
        askFirst(inRace: .restartRace, inProgress: .newGame, model: &model) ?? newGame(&model)
    }

    static func leave(_ model: inout Model) -> [Effect] {
        askFirst(inRace: .resignRace, inProgress: .leaveGame, model: &model) ?? leaveGame(&model)
    }

    /// A race or a game in progress has something to lose; nil when nothing is asked.
    private static func askFirst(inRace: Confirmation, inProgress: Confirmation, model: inout Model) -> [Effect]? {
        guard let session = model.session else { return [] }
        guard session.isRace || session.isInProgress else { return nil }
        model.overlay = .confirm(session.isRace ? inRace : inProgress)
        return []
    }

    /// Practice draws a new seed; the daily challenge starts its seed again.
    static func newGame(_ model: inout Model) -> [Effect] {
        guard let session = model.session, !waitsForSeat(&model) else { return [] }
        switch session.mode {
        case .practice where session.ghost != nil:
            return restartGhostRace(&model)
        case .practice:
            let effects = endPracticeMirror(&model)
            let dealing = startPractice(&model)
            model.show(
                model.session?.isDealing == true ? "new game · dealing the board" : "new game · seed \(model.session?.game.seed.text ?? "")"
            )
            return effects + dealing
        case .daily:
            startDaily(&model)
            return []
        case .race:
            return restartRace(&model)
        }
    }

    static func endPracticeMirror(_ model: inout Model) -> [Effect] {
        if model.session?.isDealing == true {
            // Another PRACTICE would be refused while the server's game runs.
            model.session?.dealingSince = nil
            return [.send(.resign)]
        }
        guard let session = model.session, session.mode == .practice, session.serverCopy == .active else { return [] }
        model.session?.serverCopy = .finished
        return session.game.isOver ? [] : [.send(.resign)]
    }

    /// Entries count from 1 again; the clock keeps running.
    static func restartRace(_ model: inout Model) -> [Effect] {
        guard model.session?.isRace == true, !waitsForSeat(&model) else { return [] }
        model.changeSession { session in
            session.game = Game(config: session.game.config, seed: session.game.seed)
            session.animation = nil
            session.removalCursor = nil
            session.restarts += 1
            session.sequence = 0
            session.expected = [:]
            session.boardsAfter = [:]
        }
        model.show("back to the start of the seed: the clock keeps running")
        syncRacer(&model)
        return [.send(.restart)]
    }

    static func leaveGame(_ model: inout Model) -> [Effect] {
        guard !waitsForSeat(&model) else { return [] }
        let effects = endPracticeMirror(&model)
        model.session = nil
        model.screen = .menu
        model.notice = nil
        return effects
    }

    // MARK: Replies

    static func practiceReplied(_ options: PracticeOptions, _ result: Result<OkReply, ProtocolError>, model: inout Model) {
        // The server deals the board.
        if options.seed == nil, !options.isGhost {
            dealReplied(result, model: &model)
            return
        }
        switch result {
        case .success:
            // After a drop, the server's RESYNC is this game.
            if model.session?.mode == .practice, model.session?.game.seed.text == options.seed {
                model.session?.isServerCopyConfirmed = true
            }
        case .failure(let error):
            if model.session?.mode == .practice, model.session?.serverCopy == .active, model.session?.game.seed.text == options.seed {
                model.session?.serverCopy = .localOnly("the server refused it (\(ScreenText.sanitize(error.message)))")
            }
        }
    }

    /// Said only when refused for another reason than the game being over.
    static func restartReplied(_ result: Result<OkReply, ProtocolError>, model: inout Model) {
        guard case .failure(let error) = result else { return }
        if error.code != .notRacing { model.show("restart refused: \(ScreenText.sanitize(error.message))", .warning) }
    }
}
