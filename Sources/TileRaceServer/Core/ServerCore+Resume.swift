import TileRaceProtocol

/// Sessions that survive a dropped connection (protocol.md 5.1.1): the
/// seat is held for `resumeGraceMilliseconds`.
extension ServerCore {
    /// The old secret stops working.
    func issueResumeSecret(for session: Session) -> String {
        let old = session.resumeSecret
        // Not from `random`: a secret per connection must not shift the seeds
        // tests fix through it.
        let secret = secrets.token()
        session.resumeSecret = secret
        let target = ServerRegistry.ResumeTarget(session: session.id, shard: shard)
        registry.withState { registry in
            if let old { registry.resumeSecrets[old] = nil }
            registry.resumeSecrets[secret] = target
        }
        return secret
    }

    /// Only a session with a seat worth keeping is held.
    func dropped(_ session: Session, reason: String) {
        guard limits.resumeGraceMilliseconds > 0, !isShuttingDown, session.isGreeted, let connection = session.connection,
            (session.roomKey != nil && session.role == .player) || session.isPracticing
        else {
            return remove(session, reason: reason)
        }
        if session.hasQuitWaiting() {
            // It said QUIT, still waiting behind a slow request (a SUBMIT to
            // a stalled store): it left on purpose, so nobody waits for it.
            return remove(session, reason: "quit (\(reason) before its QUIT was handled)")
        }
        session.connection = nil
        session.watchedArena = nil
        connectionGone(connection, from: session.countedAddress)
        session.awayUntil = now + limits.resumeGraceMilliseconds
        timers.schedule(.resumeExpiry(session.id), at: now + limits.resumeGraceMilliseconds)
        if let room = room(of: session) {
            session.awayRaceID = room.race?.id
            broadcast(
                .away(room: room.name, nickname: session.nickname ?? "", milliseconds: limits.resumeGraceMilliseconds), in: room,
                except: session.id)
            cancelCountdown(in: room, reason: .away)
        }
        let held = limits.resumeGraceMilliseconds / 1000
        log(
            .info, "connection.away",
            [.init("connection", session.id.number), .init("peer", session.peer)] + LogEntry.Field.nick(session.nickname)
                + [.init("reason", reason), .init("held", held)],
            message: "\(session.id) \(session.peer) \(session.logName) away: \(reason); seat held for \(held) s")
    }

    /// - Throws: `bad-session` (counted per address like wrong join codes),
    ///   `flood` past that limit.
    func resume(_ fresh: Session, nickname: String, secret: String) throws(ProtocolError) {
        let target = registry.withState { $0.resumeSecrets[secret] }
        // The held session lives on another shard: this connection goes there with the request.
        if let target, moveSession(fresh, toShard: target.shard) { return }
        let bye = "too many refused sessions"
        try admitGuess(by: fresh, bye: bye) { "too many refused sessions and join codes from your address; try again in \($0) s" }
        guard let heldID = target?.session, let held = sessions[heldID], held.isAway,
            let heldNickname = held.nickname, Nickname(heldNickname) == Nickname(nickname),
            let connection = fresh.connection
        else {
            recordWrongGuess(by: fresh, bye: bye)
            throw ProtocolError(
                .badSession, "no session to resume with that secret (wrong, expired or taken back already); say HELLO without resume=")
        }
        sessions[fresh.id] = nil
        fresh.isClosing = true
        fresh.connection = nil
        registry.withState { $0.release(fresh.id, nicknameKey: nil, secret: fresh.resumeSecret) }
        held.connection = connection
        if connection != held.id { resumedConnections[connection] = held.id }
        held.peer = fresh.peer
        held.address = fresh.address
        held.countedAddress = fresh.countedAddress
        held.framer = fresh.framer
        held.lastHeardAt = now
        held.isPinged = false
        held.partialLineSince = nil
        held.inputFlow = fresh.inputFlow
        // Read on the new connection, whatever the old one was at its drop.
        held.gate.holdReading(false, now: now)
        held.awayUntil = nil
        // The store's answer to a request of the dropped connection is not a reply on this one, which did not ask
        // (it would be taken for the answer to this one's first request): what it did shows in events and `WHO`.
        held.awaitedAnswer = nil
        timers.cancel(.resumeExpiry(held.id))
        let newSecret = issueResumeSecret(for: held)
        let room = room(of: held)
        reply(held, .hello(nickname: heldNickname, session: newSecret, isResumed: true, room: room?.description))
        if let room {
            broadcast(.back(room: room.name, nickname: heldNickname), in: room, except: held.id)
            catchUp(held, in: room)
            startCountdownIfReady(room)
        } else if let practice = held.practice {
            send(held.id, .event(.resync(practice.sync)))
        }
        held.awayRaceID = nil
        log(
            .info, "connection.back",
            [
                .init("connection", held.id.number), .init("peer", held.peer), .init("nick", heldNickname),
                .init("on", connection.number),
            ],
            message: "\(held.id) \(held.peer) \(heldNickname) back on \(connection)")
        setInputFlow(held.framer.bufferedByteCount > 0 ? .turn : .read, of: held)
    }
}
