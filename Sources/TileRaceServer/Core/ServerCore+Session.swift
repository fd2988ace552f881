import TileRaceProtocol

/// Session requests: `HELLO`, `NICK`, `PING`, `QUIT`, `HELP`.
extension ServerCore {
    func hello(_ session: Session, nickname: String?, isBot: Bool) throws(ProtocolError) {
        if let nickname { guard try take(nickname, for: session) else { return } }
        session.isGreeted = true
        tellRegistry(.greeted)
        session.isBot = isBot
        reply(session, .hello(nickname: nickname, session: issueResumeSecret(for: session)))
    }

    func setNickname(_ session: Session, _ nickname: String) throws(ProtocolError) {
        guard try take(nickname, for: session) else { return }
        reply(session, .nickname(nickname))
    }

    /// Gives a session a nickname no ban holds and no other connected client
    /// uses (the registry claims it); false while the registry is asked.
    private func take(_ nickname: String, for session: Session) throws(ProtocolError) -> Bool {
        guard try refuseIfBanned(session, nickname: nickname) else { return false }
        let key = Names.nicknameKey(nickname)
        guard let isClaimed = claimNickname(key, for: session) else { return false }
        guard isClaimed else {
            throw ProtocolError(.nicknameTaken, "the nickname \(nickname) is in use by another player")
        }
        if let oldKey = session.nickname.map(Names.nicknameKey), oldKey != key {
            tellRegistry(.releaseNickname(key: oldKey, session: session.id))
        }
        session.nickname = nickname
        noteConnection(of: session)
        return true
    }

    func ping(_ session: Session, token: String?) {
        send(session.id, .pong(token))
    }

    func quit(_ session: Session) {
        reply(session, .quit)
        close(session, bye: "goodbye", reason: "quit")
    }

    /// `HELP`: the requests that have a reply; the operator's only to a
    /// connection that said `AUTH` (the others learn of `AUTH` alone).
    func help(_ session: Session) {
        let verbs = RequestVerb.allCases.filter { verb in
            verb.expectsReply && (session.isOperator || !verb.requirements.contains(.operator))
        }
        let lines = verbs.map { ServerMessage.info("\($0.usage)  -  \($0.summary)").line }
        send(session.id, lines: lines + [ServerMessage.ok(.help(count: lines.count)).line])
    }
}
