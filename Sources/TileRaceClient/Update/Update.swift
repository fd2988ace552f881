import TileRaceEngine

/// Pure: the same model and event always give the same effects.
func update(_ model: inout Model, _ event: Event) -> [Effect] {
    Update.apply(event, to: &model)
}

/// The client's state machine. This file routes keys and time; `Update+Server` routes the server's lines.
/// Each screen has one home for its keys, replies and events; shared concerns have their own.
enum Update {
    static func apply(_ event: Event, to model: inout Model) -> [Effect] {
        if model.network.isQuitting { return whileQuitting(event, model: &model) }
        let momentsBefore = raceMoments(model)
        let wasPlaying = model.session.map { $0.end == nil || $0.end?.stage == .reachedTarget } ?? false
        let dialogBefore = ShownDialog(model)
        let wasOnGame = model.screen == .game
        let wasClockHeld = isPracticeClockHeld(model)
        var effects = effects(of: event, model: &model)
        effects = holdPracticeClock(wasHeld: wasClockHeld, around: effects, model: &model)
        if let dialog = ShownDialog(model), dialog != dialogBefore {
            // Asked for by a key that is not a move: no guard (`Model.isDialogOpening`).
            let isAsked = if case .key(let key) = event { !(wasOnGame && direction(for: key) != nil) } else { false }
            model.dialogOpenedAt = isAsked ? nil : model.now
        } else if ShownDialog(model) == nil {
            model.dialogOpenedAt = nil
        }
        if model.network.resuming == nil, case .connecting = model.connection,
            effects.contains(where: { $0.needsServerNow || $0.isMove })
        {
            // Greeting first: a request queued before our HELLO would be refused.
            if effects.contains(where: \.isMove), model.session?.serverCopy == .active {
                // The new connection has no copy of this game.
                playHereOnly(because: "the connection it was sent on is gone", model: &model)
            }
            effects = effects.flatMap { effect -> [Effect] in
                guard effect.needsServerNow || effect.isMove, case .send(let message) = effect else { return [effect] }
                return notSent(message, reason: "not connected yet", model: &model)
            }
        }
        if model.network.resuming != nil {
            // Only the resuming HELLO (and QUIT) go out until the seat is back; entries are sent after.
            var droppedRequest = false
            effects.removeAll { effect in
                guard case .send(let message) = effect else { return false }
                switch message {
                case .hello, .quit: return false
                default:
                    droppedRequest = droppedRequest || effect.needsServerNow && !effect.isClockHint
                    return true
                }
            }
            if droppedRequest { model.show(waitsForSeatNotice, .warning) }
        }
        if wasPlaying, let session = model.session, let end = session.end, !session.isCounted, end.stage != .reachedTarget {
            // Not paused at its target to play on: it counts in this machine's statistics.
            model.session?.isCounted = true
            model.statistics.add(summary(of: session, end, today: model.today))
            effects.append(.saveStatistics)
        }
        if model.config.isBellEnabled, raceMoments(model) & ~momentsBefore != 0 { effects.append(.bell) }
        for case .send(let message) in effects where message.endsOrReplacesGame {
            model.network.gameChangesAwaitingReply += 1
        }
        return effects
    }

    static func summary(of session: PlaySession, _ end: EndOfGame, today: String) -> FinishedGameSummary {
        FinishedGameSummary(
            size: session.game.config.size, target: session.game.config.target, score: end.score, largestTile: end.largestTile,
            moves: end.moves, date: today)
    }

    /// Racing, our finish (not by resigning, done on purpose), the race over, one bit each (no allocation on
    /// every event): the bell rings as each begins.
    private static func raceMoments(_ model: Model) -> Int {
        let end = model.session?.isRace == true ? model.session?.end : nil
        let isFinished = end != nil && end?.outcome != .resigned
        return (model.race?.isOver == false ? 1 : 0) | (isFinished ? 2 : 0) | (model.race?.isOver == true ? 4 : 0)
    }

    private static func effects(of event: Event, model: inout Model) -> [Effect] {
        switch event {
        case .tick(let now):
            model.now = max(model.now, now)
            return tick(&model)
        case .server(let update):
            return server(update, model: &model)
        case .terminate:
            return quit(&model)
        case .key(let key):
            return handle(key, model: &model)
        case .resize(let size):
            model.size = size
        case .dateChanged(let date):
            model.today = date
        case .configSaved(let backup):
            model.mustPreserveConfigFile = false
            if let backup {
                model.show("settings saved; the unreadable old file was kept as \(backup)", .info, sticky: true)
            }
        case .configSaveFailed(let message):
            model.show("could not save settings: \(ScreenText.sanitize(message))", .warning, sticky: true)
        case .statisticsSaveFailed(let message):
            model.show("could not save the statistics: \(ScreenText.sanitize(message))", .warning)
        case .recordingSaved(let name):
            model.show("saved: asciinema play \(ScreenText.sanitize(name))", .success, sticky: true)
        case .recordingSaveFailed(let message):
            model.show("could not save the recording: \(ScreenText.sanitize(message))", .warning, sticky: true)
        case .hostedClientCount(let count):
            model.hostedClientCount = max(0, count)
        case .botEnded(let id, let reason):
            botEnded(id: id, reason: reason, model: &model)
        case .hintFound(let board, let direction):
            hintFound(board, direction: direction, model: &model)
        case .continued:
            model.isSuspended = false
        }
        return []
    }

    // MARK: Time

    private static func tick(_ model: inout Model) -> [Effect] {
        let now = model.now
        if model.menu.introProgress(at: now) >= 1 { model.menu.introStartedAt = nil }
        if let expiry = model.notice?.expiresAt, now >= expiry { model.notice = nil }
        if let expiry = model.announcement?.expiresAt, now >= expiry { model.announcement = nil }
        if let animation = model.session?.animation, animation.isFinished(at: now) { model.session?.animation = nil }
        watchTick(&model)
        return raceTick(&model) + lobbyTick(&model) + resumeTick(&model) + (ghostCatchUp(&model) ?? []) + dealingTick(&model)
    }

    // MARK: Keys

    private static func handle(_ key: Key, model: inout Model) -> [Effect] {
        // Whatever became of Ctrl-Z's stop.
        model.isSuspended = false
        switch key {
        case .control("c"): return quit(&model)
        case .control("z"):
            model.isSuspended = true
            return [.suspend]
        case .control("l"): return [.redraw]
        default: break
        }
        // Nothing is drawn while too small, so keys would act unseen.
        let theme = model.theme.effective(for: model.colourMode)
        guard model.size.covers(View.minimumSize(for: model, theme: theme)) else { return [] }
        if model.screen == .menu, model.menu.introStartedAt != nil {
            model.menu.introStartedAt = nil
            return []
        }
        // This key was meant for what was there before.
        if model.isDialogOpening { return [] }
        if model.notice?.expiresAt == nil { model.notice = nil }
        if let overlay = model.overlay {
            return handleOverlay(overlay, key: key, model: &model)
        }
        // Typing never moves the board.
        if let effects = chatInputKey(key, model: &model) { return effects }
        model.session?.animation = nil
        switch model.screen {
        case .menu: return menuKey(key, model: &model)
        case .game: return gameKey(key, model: &model)
        case .leaderboard: return leaderboardKey(key, model: &model)
        case .colours: return coloursKey(key, model: &model)
        case .lobby: return lobbyKey(key, model: &model)
        case .room: return roomKey(key, model: &model)
        case .spectate: return spectateKey(key, model: &model)
        case .watch: return watchKey(key, model: &model)
        case .statistics: return statisticsKey(key, model: &model)
        case .quickRace: return quickRaceKey(key, model: &model)
        case .arenas: return arenasKey(key, model: &model)
        case .arena: return arenaKey(key, model: &model)
        }
    }

    private static func handleOverlay(_ overlay: Overlay, key: Key, model: inout Model) -> [Effect] {
        switch overlay {
        case .help:
            // Never closed by a move.
            if [.escape, .enter, .character(" "), .character("?"), .character("q"), .character("Q")].contains(key) { model.overlay = nil }
            return []
        case .confirm(let confirmation):
            if [.character("y"), .character("Y"), .enter].contains(key) {
                // Refused while resuming, the question stays.
                if confirmation.asksServer, waitsForSeat(&model) { return [] }
                model.overlay = nil
                return confirm(confirmation, model: &model)
            }
            if [.character("n"), .character("N"), .escape, .character("q")].contains(key) { model.overlay = nil }
            return []
        case .nickname(let prompt):
            return nicknamePromptKey(key, prompt: prompt, model: &model)
        case .connectionProblem(let problem):
            return connectionProblemKey(key, problem: problem, model: &model)
        case .botStrength:
            return botStrengthKey(key, model: &model)
        }
    }

    private static func confirm(_ confirmation: Confirmation, model: inout Model) -> [Effect] {
        switch confirmation {
        case .leaveGame: return leaveGame(&model)
        case .resignRace: return resignRace(&model)
        case .restartRace: return restartRace(&model)
        case .newGame: return newGame(&model)
        case .quitWhileHosting: return quit(&model)
        case .resetStatistics:
            model.statistics = GameStatistics()
            model.show("statistics reset")
            return [.saveStatistics]
        }
    }
}
