import TileRaceProtocol

/// Admitting connections (banned addresses are refused, then the registry
/// applies the server's and per-address connection limits), and greeting them.
extension ServerCore {
    func connect(_ id: ConnectionID, peer: String) {
        let address = PeerAddress.address(of: peer)
        if let ban = activeBan(of: .address(address)) {
            outbox.append(.send(id, OutgoingLines([.error(ProtocolError(.banned, ban.refusalText)), .event(.bye("banned"))])))
            outbox.append(.close(id))
            return log(.info, "\(id) \(peer) refused: banned")
        }
        let counted = PeerAddress.isLoopback(address) ? nil : address
        let refusal =
            isShuttingDown ? .serverFull : registry.withState { [limits] in $0.admit(address: counted, isExempt: false, limits: limits) }
        if let refusal { return refuse(id, peer: peer, refusal) }
        let session = Session(id: id, peer: peer, now: now, limits: limits)
        session.countedAddress = counted
        session.lastNotice = registry.withState { $0.lastNoticeNumber }
        sessions[id] = session
        noteConnection(of: session)
        let greeting = Greeting(
            version: ClientMessage.protocolVersion, server: serverName, lineLimit: LineFramer.maximumLineLength,
            idleSeconds: limits.idleMilliseconds / 1000, features: Set(ServerFeature.allCases))
        send(id, .event(.hello(greeting)))
        log(
            .info, "connection.opened", [.init("connection", id.number), .init("peer", session.peer)],
            message: "\(id) \(session.peer) connected")
    }

    private func refuse(_ id: ConnectionID, peer: String, _ refusal: ServerRegistry.Refusal) {
        let (error, bye, reason) =
            switch refusal {
            case .serverFull:
                (
                    ProtocolError(.serverFull, "the server has its maximum of \(limits.maximumConnections) connections; try again later"),
                    "server full", "server full"
                )
            case .tooManyFromAddress:
                (
                    ProtocolError(
                        .tooManyConnections,
                        "your address has the most connections allowed (\(limits.maximumConnectionsPerAddress)); close one and try again"),
                    "too many connections", "too many connections from its address"
                )
            }
        outbox.append(.send(id, OutgoingLines([.error(error), .event(.bye(bye))])))
        outbox.append(.close(id))
        let shown = refusal == .serverFull ? reason : "too many connections from \(PeerAddress.address(of: peer))"
        log(
            .info, "connection.refused", [.init("connection", id.number), .init("peer", peer), .init("reason", reason)],
            message: "\(id) \(peer) refused: \(shown)")
    }

    // MARK: HELLO, NICK, QUIT, HELP

    /// A connection from this machine is counted at its first `HELLO`: with `via=` (the ssh wrapper's client)
    /// against the visitor's address, and banned by it, else against loopback's. From elsewhere `via=` is
    /// ignored, so nobody can spend another address's connections or escape their own.
    func countAtGreeting(_ session: Session, via: String?) throws(ProtocolError) {
        guard session.countedAddress == nil else { return }
        let visitor = via ?? session.address
        if visitor != session.address, let ban = activeBan(of: .address(visitor)) {
            session.byeAfterReply = "banned"
            throw ProtocolError(.banned, ban.refusalText)
        }
        let isExempt = limits.exemptsLoopback && PeerAddress.isLoopback(visitor)
        let refusal = registry.withState { [limits] in $0.admit(address: visitor, isExempt: isExempt, limits: limits, isNew: false) }
        guard refusal == nil else {
            session.byeAfterReply = "too many connections"
            log(.info, "\(session.id) \(session.peer) refused: too many connections from \(visitor)")
            throw ProtocolError(
                .tooManyConnections,
                "your address has the most connections allowed (\(limits.maximumConnectionsPerAddress)); close one and try again")
        }
        session.countedAddress = visitor
        guard visitor != session.address else { return }
        session.address = visitor
        log(.info, "\(session.id) \(session.peer) counts as its visitor's \(visitor)")
    }

    func hello(_ session: Session, nickname: String?, isBot: Bool, strength: Int?) throws(ProtocolError) {
        if let nickname { try take(nickname, for: session) }
        session.isGreeted = true
        registry.withState { $0.greetedCount += 1 }
        session.isBot = isBot
        session.strength = strength
        reply(session, .hello(nickname: nickname, session: issueResumeSecret(for: session)))
        sendChatHistory(of: nil, to: session)
        deliverNotices(only: session)
    }

    func setNickname(_ session: Session, _ nickname: String) throws(ProtocolError) {
        try take(nickname, for: session)
        reply(session, .nickname(nickname))
    }

    private func take(_ nickname: String, for session: Session) throws(ProtocolError) {
        try refuseIfBanned(session, nickname: nickname)
        let key = Names.nicknameKey(nickname)
        let oldKey = session.nickname.map(Names.nicknameKey)
        let isClaimed = registry.withState { registry in
            guard registry.claimNickname(key, for: session.id) else { return false }
            if let oldKey, oldKey != key { registry.releaseNickname(oldKey, of: session.id) }
            return true
        }
        guard isClaimed else {
            throw ProtocolError(.nicknameTaken, "the nickname \(nickname) is in use by another player")
        }
        session.nickname = nickname
        noteConnection(of: session)
    }

    func quit(_ session: Session) {
        reply(session, .quit)
        close(session, bye: "goodbye", reason: "quit")
    }

    /// Operator requests are listed only after `AUTH`.
    func help(_ session: Session) {
        let verbs = RequestVerb.allCases.filter { verb in
            verb.expectsReply && (session.isOperator || !verb.requirements.contains(.operator))
        }
        let lines = verbs.map { ServerMessage.info("\($0.usage)  -  \($0.summary)").line }
        send(session.id, lines: lines + [ServerMessage.ok(.help(count: lines.count)).line])
    }

    // MARK: Guesses

    // Guessable secrets: refusals count per address per minute (so
    // reconnecting does not reset them) and per connection.

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
        registry.withState { $0.guessesByAddress[session.address, default: fresh].recordFailure(now: now) }
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
