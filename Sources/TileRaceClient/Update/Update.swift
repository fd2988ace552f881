import TileRaceEngine

/// Applies an event to the model and returns what the runtime must do.
/// Pure: the same model and event always give the same result.
func update(_ model: inout Model, _ event: Event) -> [Effect] {
    Update.apply(event, to: &model)
}

/// The client's state machine: `update` here, its cases in one extension
/// file per concern (a screen's keys, replies, events).
enum Update {
    /// Applies one event.
    static func apply(_ event: Event, to model: inout Model) -> [Effect] {
        if model.network.isQuitting { return whileQuitting(event, model: &model) }
        let before = RaceMoments(model)
        let wasPlaying = model.session.map { $0.end == nil || $0.end?.stage == .reachedTarget } ?? false
        let beforeKey = model.network.resuming != nil && event.isKey ? model : nil
        let dialogBefore = ShownDialog(model)
        let screenBefore = model.screen
        let wasClockHeld = isPracticeClockHeld(model)
        var effects = effects(of: event, model: &model)
        effects = holdPracticeClock(wasHeld: wasClockHeld, around: effects, model: &model)
        if let dialog = ShownDialog(model), dialog != dialogBefore {
            model.dialogOpenedAt = isAsked(event, on: screenBefore) ? nil : model.now
        } else if ShownDialog(model) == nil {
            model.dialogOpenedAt = nil
        }
        if model.network.resuming == nil, case .connecting = model.connection,
            effects.contains(where: { $0.needsServerNow || $0.isMove })
        {
            // Greeting first: a request queued before our HELLO would be refused.
            if effects.contains(where: \.isMove), model.session?.mirror == .active {
                // A new connection has no copy of this game (its server's was on the last one).
                playHereOnly(because: "the connection it was sent on is gone", model: &model)
            }
            effects = effects.flatMap { effect -> [Effect] in
                guard effect.needsServerNow || effect.isMove, case .send(let message) = effect else { return [effect] }
                return notSent(message, reason: "not connected yet", model: &model)
            }
        }
        if model.network.resuming != nil {
            if let beforeKey, effects.contains(where: { $0.needsServerNow && !$0.isClockHint }), !effects.contains(.quit) {
                // A key that asks the server for something (leave, resign, get
                // ready, start a game...) waits for the seat: done locally
                // only, it would leave us somewhere the server does not know.
                model = beforeKey
                model.show("reconnecting: that waits until the connection is back", .warning)
                return []
            }
            // Nothing but the resuming HELLO goes out until the seat is back
            // (and QUIT: after that HELLO, it gives the seat up at once): the
            // game's entries wait in the session and are sent after it.
            effects.removeAll { effect in
                guard case .send(let message) = effect else { return false }
                switch message {
                case .hello, .quit: return false
                default: return true
                }
            }
        }
        if wasPlaying, let session = model.session, let end = session.end, !session.isCounted, end.stage != .reachedTarget {
            // A game just ended (not paused at its target, to play on): it counts in this machine's statistics.
            model.session?.isCounted = true
            model.statistics.add(
                FinishedGameSummary(
                    size: session.game.config.size, target: session.game.config.target, score: end.score,
                    largestTile: end.largestTile, moves: end.moves, date: model.today))
            effects.append(.saveStatistics)
        }
        if model.config.isBellEnabled, RaceMoments(model).ringsBell(after: before) { effects.append(.bell) }
        for case .send(let message) in effects where message.isBarrier {
            model.network.barriers += 1
        }
        return effects
    }

    private static func effects(of event: Event, model: inout Model) -> [Effect] {
        switch event {
        case .tick(let now):
            model.now = max(model.now, now)
            return tick(&model)
        case .resize(let size):
            model.size = size
            return []
        case .dateChanged(let date):
            model.today = date
            return []
        case .server(let update):
            return server(update, model: &model)
        case .configSaved(let backup):
            model.mustPreserveConfigFile = false
            if let backup {
                model.show("settings saved; the unreadable old file was kept as \(backup)", .info, sticky: true)
            }
            return []
        case .configSaveFailed(let message):
            model.show("could not save settings: \(ScreenText.sanitize(message))", .warning, sticky: true)
            return []
        case .statisticsSaveFailed(let message):
            model.show("could not save the statistics: \(ScreenText.sanitize(message))", .warning)
            return []
        case .hostedClientCount(let count):
            model.hostedClientCount = max(0, count)
            return []
        case .botEnded(let id, let reason):
            botEnded(id: id, reason: reason, model: &model)
            return []
        case .hintFound(let board, let direction):
            hintFound(board, direction: direction, model: &model)
            return []
        case .continued:
            model.isSuspended = false
            return []
        case .terminate:
            return quit(&model)
        case .key(let key):
            return handle(key, model: &model)
        }
    }

    // MARK: Time

    private static func tick(_ model: inout Model) -> [Effect] {
        let now = model.now
        if model.menu.introProgress(at: now) >= 1 { model.menu.introStartedAt = nil }
        if let expiry = model.notice?.expiresAt, now >= expiry { model.notice = nil }
        if let animation = model.session?.animation, animation.isFinished(at: now) { model.session?.animation = nil }
        watchTick(&model)
        return raceTick(&model) + lobbyTick(&model) + resumeTick(&model)
    }

    // MARK: Keys

    private static func handle(_ key: Key, model: inout Model) -> [Effect] {
        // A key is read: the program runs (whatever became of Ctrl-Z's stop).
        model.isSuspended = false
        switch key {
        case .control("c"): return quit(&model)
        case .control("z"):
            model.isSuspended = true
            return [.suspend]
        case .control("l"): return [.redraw]
        default: break
        }
        // Nothing is drawn while the terminal is too small, so keys would act unseen.
        let theme = model.theme.effective(for: model.colourMode)
        guard model.size.covers(View.minimumSize(for: model, theme: theme)) else { return [] }
        if model.screen == .menu, model.menu.introStartedAt != nil {
            model.menu.introStartedAt = nil
            return []
        }
        // A dialog that just opened by itself: this key was meant for what was there before.
        if model.isDialogOpening { return [] }
        if model.notice?.expiresAt == nil { model.notice = nil }
        if let overlay = model.overlay {
            return handleOverlay(overlay, key: key, model: &model)
        }
        // The chat's input line takes every key while it is open: typing never moves the board.
        if let effects = chatInputKey(key, model: &model) { return effects }
        // A key during an animation finishes it at once, then applies.
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
        }
    }

    private static func handleOverlay(_ overlay: Overlay, key: Key, model: inout Model) -> [Effect] {
        switch overlay {
        case .help:
            // Closed by the keys it names, never by a move (which would do nothing else).
            switch key {
            case .escape, .enter, .character(" "), .character("?"), .character("q"), .character("Q"):
                model.overlay = nil
            default:
                break
            }
            return []
        case .confirm(let confirmation):
            switch key {
            case .character("y"), .character("Y"), .enter:
                model.overlay = nil
                return confirm(confirmation, model: &model)
            case .character("n"), .character("N"), .escape, .character("q"):
                model.overlay = nil
                return []
            default:
                return []
            }
        case .nickname(let prompt):
            return nicknameKey(key, prompt: prompt, model: &model)
        case .connectionProblem(let problem):
            return connectionProblemKey(key, problem: problem, model: &model)
        case .botStrength:
            return botStrengthKey(key, model: &model)
        }
    }

    private static func confirm(_ confirmation: Confirmation, model: inout Model) -> [Effect] {
        switch confirmation {
        case .leaveGame:
            return leaveGame(&model)
        case .resignRace:
            return resignRace(&model)
        case .restartRace:
            return restartRace(&model)
        case .newGame:
            return newGame(&model)
        case .quitWhileHosting:
            return quit(&model)
        case .resetStatistics:
            model.statistics = GameStatistics()
            model.show("statistics reset")
            return [.saveStatistics]
        }
    }

    // MARK: Dialogs and the practice clock

    /// Whether a dialog that `event` opened was asked for: by a key that is
    /// not a move where it was pressed. A dialog that opened by itself (a
    /// server message, time passing) or in answer to a move ignores keys
    /// for a moment (`ShownDialog.guardMilliseconds`).
    private static func isAsked(_ event: Event, on screen: Screen) -> Bool {
        guard case .key(let key) = event else { return false }
        return !(screen == .game && direction(for: key) != nil)
    }

    /// Whether the clock of a practice game (or the offline daily challenge)
    /// stands still: paused, at "keep going?", under a yes/no question about
    /// it, or with the program stopped by Ctrl-Z. A race's clock is the
    /// server's and never stops for the player.
    static func isPracticeClockHeld(_ model: Model) -> Bool {
        guard let session = model.session, !session.isRace else { return false }
        if session.isPaused || session.end?.stage == .reachedTarget || model.isSuspended { return true }
        if model.screen == .game, case .confirm = model.overlay { return true }
        return false
    }

    /// Stops or restarts the practice clock when `isPracticeClockHeld` changed,
    /// here and on the server (`PAUSE`, `RESUME`), so the official time is
    /// the time the player saw. `PAUSE` goes before a Ctrl-Z stop, after
    /// the move that reached the target.
    private static func holdPracticeClock(wasHeld: Bool, around effects: [Effect], model: inout Model) -> [Effect] {
        let isHeld = isPracticeClockHeld(model)
        guard isHeld != wasHeld, var session = model.session else { return effects }
        if isHeld { session.clock.pause(at: model.now) } else { session.clock.resume(at: model.now) }
        model.session = session
        var effects = effects
        effects.insert(contentsOf: serverClock(paused: isHeld, model: model), at: effects.firstIndex(of: .suspend) ?? effects.endIndex)
        return effects
    }

    // MARK: Shared key helpers

    /// The move a key asks for: arrows, WASD, hjkl.
    static func direction(for key: Key) -> Direction? {
        switch key {
        case .up, .character("w"), .character("W"), .character("k"), .character("K"): .up
        case .down, .character("s"), .character("S"), .character("j"), .character("J"): .down
        case .left, .character("a"), .character("A"), .character("h"), .character("H"): .left
        case .right, .character("d"), .character("D"), .character("l"), .character("L"): .right
        default: nil
        }
    }

    /// The keys every screen without a text field shares: `t` next theme,
    /// `?` the help overlay, `b` bell on or off. Nil for any other key.
    static func sharedKey(_ key: Key, model: inout Model) -> [Effect]? {
        switch key {
        case .character("t"): return nextTheme(&model)
        case .character("?"):
            model.overlay = .help
            return []
        case .character("b"):
            model.config.isBellEnabled.toggle()
            model.show(model.config.isBellEnabled ? "bell on: rings at the start, your finish and the end of a race" : "bell off")
            return [.saveConfig]
        default: return nil
        }
    }

    /// Switches to the next built-in theme and saves the choice.
    static func nextTheme(_ model: inout Model) -> [Effect] {
        model.config.themeName = Theme.nextName(after: model.config.theme.name)
        model.show("theme: \(model.config.themeName)")
        return [.saveConfig]
    }
}

extension Event {
    /// Whether this is a key press.
    var isKey: Bool {
        if case .key = self { return true }
        return false
    }
}

extension Effect {
    /// Whether it sends a game's entries.
    var isMove: Bool {
        if case .send(.move) = self { return true }
        return false
    }

    /// Whether it stops or restarts a practice game's clock on the server:
    /// while a dropped connection is taken back, it waits for nothing (the
    /// server hears the clock's state once back, `Update.holdAgainAfterResume`).
    var isClockHint: Bool {
        self == .send(.pause) || self == .send(.resume)
    }

    /// Whether it sends a request that only makes sense on a live connection:
    /// anything but the game's entries (sent again after a resume) and the
    /// connection's own `HELLO`, `PING` and `PONG`.
    var needsServerNow: Bool {
        guard case .send(let message) = self else { return false }
        switch message {
        case .move, .hello, .ping, .pong: return false
        default: return true
        }
    }
}
