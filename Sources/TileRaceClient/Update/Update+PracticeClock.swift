/// The practice clock stands still while the player cannot play, here and on the server,
/// so the official time is the time the player saw.
extension Update {
    /// Paused, at "keep going?", under a yes/no question, or stopped by Ctrl-Z.
    /// A race's clock is the server's and never stops for the player.
    static func isPracticeClockHeld(_ model: Model) -> Bool {
        guard let session = model.session, !session.isRace else { return false }
        if session.isPaused || session.end?.stage == .reachedTarget || model.isSuspended { return true }
        // A paused game is no sprint, so a question does not stop a possible sprint's clock.
        if model.screen == .game, case .confirm = model.overlay, !session.canStillBeSprint { return true }
        return false
    }

    /// Also on the server (`PAUSE`, `RESUME`). `PAUSE` goes before a Ctrl-Z stop, after a move reaching the target.
    static func holdPracticeClock(wasHeld: Bool, around effects: [Effect], model: inout Model) -> [Effect] {
        let isHeld = isPracticeClockHeld(model)
        guard isHeld != wasHeld, model.session != nil else { return effects }
        let now = model.now
        model.changeSession { session in
            if isHeld { session.clock.pause(at: now) } else { session.clock.resume(at: now) }
            // A game whose server clock stopped can no longer be a sprint.
            if isHeld, session.mode == .practice, session.serverCopy == .active, !session.game.hasWon {
                session.wasPausedBeforeTarget = true
            }
        }
        var effects = effects
        effects.insert(contentsOf: serverClock(paused: isHeld, model: model), at: effects.firstIndex(of: .suspend) ?? effects.endIndex)
        return effects
    }

    /// A race's clock keeps running.
    static func serverClock(paused: Bool, model: Model) -> [Effect] {
        guard let session = model.session, session.mode == .practice, session.serverCopy == .active else { return [] }
        return [.send(paused ? .pause : .resume)]
    }
}
