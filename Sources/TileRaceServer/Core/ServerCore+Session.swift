import TileRaceProtocol

extension ServerCore {
    func hello(_ session: Session, nickname: String?, isBot: Bool) throws(ProtocolError) {
        if let nickname { try take(nickname, for: session) }
        session.isGreeted = true
        registry.withState { $0.greetedCount += 1 }
        session.isBot = isBot
        reply(session, .hello(nickname: nickname, session: issueResumeSecret(for: session)))
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
}
