import TileRaceProtocol

/// Secrets a client could try to guess (a private room's join code, a
/// session's resume secret) are guarded together: refused tries are counted
/// per remote address per minute (reconnecting does not reset them), and in
/// total per connection, which is closed after too many.
extension ServerCore {
    /// Lets a guess be checked, or refuses it with `ERR flood` (counted too)
    /// when the address has spent its tries for the minute.
    /// - Parameters:
    ///   - bye: the `BYE` text when the connection's total is spent.
    ///   - flood: the `flood` error's text for a wait of so many seconds.
    func admitGuess(by session: Session, bye: String, flood: (Int) -> String) throws(ProtocolError) {
        let now = now
        let wait = updateGuessGuard(of: session.address) { byAddress in
            byAddress.mayCheck(now: now) ? nil : byAddress.wait(now: now)
        }
        if let wait {
            countGuess(by: session, bye: bye)
            throw ProtocolError(.flood, flood((wait + 999) / 1000))
        }
    }

    /// Counts a guess that was checked and wrong.
    func recordWrongGuess(by session: Session, bye: String) {
        let now = now
        updateGuessGuard(of: session.address) { $0.recordFailure(now: now) }
        countGuess(by: session, bye: bye)
    }

    /// Changes an address's guard in the registry (shared by all shards) in one step.
    @discardableResult
    private func updateGuessGuard<Result>(of address: String, _ body: (inout JoinCodeGuard) -> Result) -> Result {
        let fresh = JoinCodeGuard(perMinute: limits.joinCodeFailuresPerMinute, maximum: limits.maximumJoinCodeFailures)
        return registry.sync { state in
            var byAddress = state.guessesByAddress[address] ?? fresh
            defer { state.guessesByAddress[address] = byAddress }
            return body(&byAddress)
        }
    }

    private func countGuess(by session: Session, bye: String) {
        session.joinCodes.recordUncheckedAttempt()
        if session.joinCodes.isExhausted { session.byeAfterReply = bye }
    }
}
