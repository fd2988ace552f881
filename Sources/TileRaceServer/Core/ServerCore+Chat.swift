import TileRaceProtocol

/// Chat: to the sayer's room or, from no room, the lobby on every shard.
/// Never written to disk or logged (the log only counts lines), but for the
/// last lines a player's `REPORT` carries to the operators.
extension ServerCore {
    func say(_ session: Session, text: String) throws(ProtocolError) {
        guard let nickname = session.nickname else { throw Requirement.named.refusal }
        guard !registry.withState({ $0.mutedNicknames.contains(Names.nicknameKey(nickname)) }) else {
            throw ProtocolError(.muted, "an operator muted \(nickname) on this server: nothing you say is sent")
        }
        guard let room = room(of: session) else {
            let line = ChatLine(room: nil, nickname: nickname, isBot: session.isBot, text: text)
            reply(session, .say)
            sayInLobby(line)
            outbox.append(.lobbyChat(line))
            return
        }
        let line = ChatLine(room: room.name, nickname: nickname, isBot: session.isBot, text: text)
        keep(line, in: &room.chatHistory)
        room.chatLineCount += 1
        reply(session, .say)
        broadcast(.chat(line), in: room)
    }

    /// The last `ServerLimits.chatHistoryLines`.
    private func keep(_ line: ChatLine, in history: inout [ChatLine]) {
        history.append(line)
        history.removeFirst(max(0, history.count - limits.chatHistoryLines))
    }

    /// A room's history (`JOIN`, `WATCH`) or, with no room, the lobby's (`HELLO`, `LEAVE`).
    func sendChatHistory(of room: Room?, to session: Session) {
        let history = room?.chatHistory ?? lobbyChat
        guard !history.isEmpty else { return }
        let lines = history.map { line in
            var old = line
            old.isHistory = true
            return ServerMessage.event(.chat(old)).line
        }
        send(session.id, lines: lines)
    }

    /// To the lobby on this shard (greeted, connected, in no room, no practice game), which keeps it.
    func sayInLobby(_ line: ChatLine) {
        keep(line, in: &lobbyChat)
        let event = ServerMessage.event(.chat(line)).line
        for id in sessions.sortedIDs {
            guard let session = sessions[id], isInLobby(session) else { continue }
            send(id, lines: [event])
        }
    }

    func isInLobby(_ session: Session) -> Bool {
        session.isGreeted && !session.isAway && !session.isClosing && session.roomKey == nil && !session.isPracticing
    }
}
