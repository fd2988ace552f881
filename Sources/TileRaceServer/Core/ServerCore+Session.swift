import TileRaceProtocol

/// Session requests: `HELLO`, `NICK`, `PING`, `QUIT`, `HELP`.
extension ServerCore {
    func hello(_ session: Session, nick: String?) throws(ProtocolError) {
        if let nick { try take(nick, for: session) }
        session.isGreeted = true
        reply(session, .hello(nick: nick))
    }

    func nick(_ session: Session, _ nick: String) throws(ProtocolError) {
        try take(nick, for: session)
        reply(session, .nick(nick))
    }

    /// Gives a session a nickname no other connected client uses.
    private func take(_ nick: String, for session: Session) throws(ProtocolError) {
        let key = Names.nicknameKey(nick)
        if let owner = nicknames[key], owner != session.id {
            throw ProtocolError(.nickTaken, "the nickname \(nick) is in use by another player")
        }
        if let old = session.nick { nicknames[Names.nicknameKey(old)] = nil }
        nicknames[key] = session.id
        session.nick = nick
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
