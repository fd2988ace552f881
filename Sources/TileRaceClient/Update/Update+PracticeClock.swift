/// The practice clock: it stands still while the player cannot play (paused,
/// "keep going?", a question about the game, Ctrl-Z), here and on the
/// server, so a practice game's official time is the time the player saw.
extension Update {
    /// Whether the clock of a practice game (or the offline daily challenge)
    /// stands still: paused, at "keep going?", under a yes/no question about
    /// it, or with the program stopped by Ctrl-Z. A race's clock is the
    /// server's and never stops for the player.
    static func isPracticeClockHeld(_ model: Model) -> Bool {
        guard let session = model.session, !session.isRace else { return false }
        if session.isPaused || session.end?.stage == .reachedTarget || model.isSuspended { return true }
        // A question over a game that can still be a sprint does not stop its clock: a paused game is no sprint.
        if model.screen == .game, case .confirm = model.overlay, !session.canStillBeSprint { return true }
        return false
    }

    /// Stops or restarts the practice clock when `isPracticeClockHeld` changed,
    /// here and on the server (`PAUSE`, `RESUME`), so the official time is
    /// the time the player saw. `PAUSE` goes before a Ctrl-Z stop, after
    /// the move that reached the target.
    static func holdPracticeClock(wasHeld: Bool, around effects: [Effect], model: inout Model) -> [Effect] {
        let isHeld = isPracticeClockHeld(model)
        guard isHeld != wasHeld, model.session != nil else { return effects }
        let now = model.now
        model.changeSession { session in
            if isHeld { session.clock.pause(at: now) } else { session.clock.resume(at: now) }
            // The server's clock stops too (`serverClock`): the game can no longer be a sprint.
            if isHeld, session.mode == .practice, session.serverCopy == .active, !session.game.hasWon {
                session.wasPausedBeforeTarget = true
            }
        }
        var effects = effects
        effects.insert(contentsOf: serverClock(paused: isHeld, model: model), at: effects.firstIndex(of: .suspend) ?? effects.endIndex)
        return effects
    }

    /// Stops or restarts the server's clock of a practice game mirrored
    /// there, so its official time is the time the player saw (a race's
    /// clock keeps running).
    static func serverClock(paused: Bool, model: Model) -> [Effect] {
        guard let session = model.session, session.mode == .practice, session.serverCopy == .active else { return [] }
        return [.send(paused ? .pause : .resume)]
    }
}
