import TileRaceProtocol

/// Session requests: `HELLO`, `NICK`, `PING`, `QUIT`, `HELP`.
extension ServerCore {
    func hello(_ session: Session, nickname: String?, isBot: Bool) throws(ProtocolError) {
        if let nickname { try take(nickname, for: session) }
        session.isGreeted = true
        session.isBot = isBot
        reply(session, .hello(nickname: nickname, session: issueResumeSecret(for: session)))
    }

    func setNickname(_ session: Session, _ nickname: String) throws(ProtocolError) {
        try take(nickname, for: session)
        reply(session, .nickname(nickname))
    }

    /// Gives a session a nickname no other connected client uses.
    private func take(_ nickname: String, for session: Session) throws(ProtocolError) {
        try refuseIfBanned(session, nickname: nickname)
        let key = Names.nicknameKey(nickname)
        let oldKey = session.nickname.map(Names.nicknameKey)
        let id = session.id
        let isTaken = registry.sync { state in
            if let owner = state.nicknames[key], owner != id { return true }
            if let oldKey { state.nicknames[oldKey] = nil }
            state.nicknames[key] = id
            return false
        }
        if isTaken {
            throw ProtocolError(.nicknameTaken, "the nickname \(nickname) is in use by another player")
        }
        session.nickname = nickname
        noteConnection(of: session)
    }

    func ping(_ session: Session, token: String?) {
        send(session.id, .pong(token))
    }

    func quit(_ session: Session) {
        reply(session, .quit)
        close(session, bye: "goodbye", reason: "quit")
    }

    func help(_ session: Session) {
        let lines = RequestVerb.allCases.filter(\.expectsReply).map { ServerMessage.info("\($0.usage)  -  \($0.summary)").line }
        send(session.id, lines: lines + [ServerMessage.ok(.help(count: lines.count)).line])
    }
}
