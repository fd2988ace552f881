import TileRaceProtocol

/// Chat: to the sayer's room or, from no room, the lobby on every shard.
/// Never written to disk or logged (the log only counts lines).
extension ServerCore {
    func say(_ session: Session, text: String) throws(ProtocolError) {
        guard let nickname = session.nickname else { throw Requirement.named.refusal }
        guard !registry.withState({ $0.mutedNicknames.contains(Names.nicknameKey(nickname)) }) else {
            throw ProtocolError(.muted, "an operator muted \(nickname) on this server: nothing you say is sent")
        }
        guard let room = room(of: session) else {
            let line = ChatLine(room: nil, nickname: nickname, isBot: session.isBot, text: text)
            reply(session, .say)
            let event = ServerMessage.event(.chat(line)).line
            sendToLobby(event)
            outbox.append(.lobbyChat(event))
            return
        }
        let line = ChatLine(room: room.name, nickname: nickname, isBot: session.isBot, text: text)
        room.chatHistory.append(line)
        if room.chatHistory.count > limits.chatHistoryLines {
            room.chatHistory.removeFirst(room.chatHistory.count - limits.chatHistoryLines)
        }
        room.chatLineCount += 1
        reply(session, .say)
        broadcast(.chat(line), in: room)
    }

    func sendChatHistory(of room: Room, to session: Session) {
        guard !room.chatHistory.isEmpty else { return }
        let lines = room.chatHistory.map { line in
            var old = line
            old.isHistory = true
            return ServerMessage.event(.chat(old)).line
        }
        send(session.id, lines: lines)
    }

    /// The lobby: greeted, connected, in no room, no practice game.
    func sendToLobby(_ line: String) {
        for id in sessions.sortedIDs {
            guard let session = sessions[id], isInLobby(session) else { continue }
            send(id, lines: [line])
        }
    }

    func isInLobby(_ session: Session) -> Bool {
        session.isGreeted && !session.isAway && !session.isClosing && session.roomKey == nil && !session.isPracticing
    }
}
