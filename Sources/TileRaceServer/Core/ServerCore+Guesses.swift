import TileRaceProtocol

/// Guessable secrets: refusals count per address per minute (so
/// reconnecting does not reset them) and per connection.
extension ServerCore {
    /// Refuses with `ERR flood` when the address has spent its tries.
    /// - Parameters:
    ///   - bye: the `BYE` text when the connection's total is spent.
    ///   - flood: the `flood` text for a wait of so many seconds.
    func admitGuess(by session: Session, bye: String, flood: (Int) -> String) throws(ProtocolError) {
        let (now, fresh) = (now, freshGuessGuard)
        guard let wait = registry.withState({ $0.guessWait(address: session.address, now: now, fresh: fresh) }) else { return }
        countGuess(by: session, bye: bye)
        throw ProtocolError(.flood, flood((wait + 999) / 1000))
    }

    func recordWrongGuess(by session: Session, bye: String) {
        let (now, fresh) = (now, freshGuessGuard)
        registry.withState { $0.recordWrongGuess(address: session.address, now: now, fresh: fresh) }
        countGuess(by: session, bye: bye)
    }

    private var freshGuessGuard: JoinCodeGuard {
        JoinCodeGuard(perMinute: limits.joinCodeFailuresPerMinute, maximum: limits.maximumJoinCodeFailures)
    }

    private func countGuess(by session: Session, bye: String) {
        session.joinCodes.recordUncheckedAttempt()
        if session.joinCodes.isExhausted { session.byeAfterReply = bye }
    }
}
