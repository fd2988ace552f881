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
        var byAddress = guessGuard(of: session.address)
        defer { joinCodesByAddress[session.address] = byAddress }
        guard byAddress.mayCheck(now: now) else {
            countGuess(by: session, bye: bye)
            throw ProtocolError(.flood, flood((byAddress.wait(now: now) + 999) / 1000))
        }
    }

    /// Counts a guess that was checked and wrong.
    func recordWrongGuess(by session: Session, bye: String) {
        var byAddress = guessGuard(of: session.address)
        byAddress.recordFailure(now: now)
        joinCodesByAddress[session.address] = byAddress
        countGuess(by: session, bye: bye)
    }

    private func guessGuard(of address: String) -> JoinCodeGuard {
        joinCodesByAddress[address]
            ?? JoinCodeGuard(perMinute: limits.joinCodeFailuresPerMinute, maximum: limits.maximumJoinCodeFailures)
    }

    private func countGuess(by session: Session, bye: String) {
        session.joinCodes.recordUncheckedAttempt()
        if session.joinCodes.isExhausted { session.byeAfterReply = bye }
    }
}
