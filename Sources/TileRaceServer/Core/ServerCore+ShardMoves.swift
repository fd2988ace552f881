import TileRaceProtocol

/// Moving a session to another shard. The session departs carrying its
/// request; the other shard runs that request first, then the lines that
/// followed it, so replies stay in order.
enum ShardMove {
    /// A handler sent the session to this shard; the request being handled goes with it.
    case leaving(toShard: Int)
    /// Tokens already taken. Boxed to keep `Session`'s hot fields small.
    indirect case carrying(ClientMessage, cost: Int)
    /// Running where it arrived: it stays there.
    case runningCarried
}

extension ServerCore {
    /// Sends the session to the shard with the fewest rooms (placements
    /// counted); returns whether it goes.
    func moveToShardForNewRoom(_ session: Session) -> Bool {
        guard shardCount > 1, !isCarried(session) else { return false }
        let now = now
        return moveSession(session, toShard: registry.withState { $0.shardForNewRoom(preferring: shard, now: now) })
    }

    /// No move when already there or when it carried this request here.
    func moveSession(_ session: Session, toShard target: Int) -> Bool {
        guard !isCarried(session), target != shard else { return false }
        session.shardMove = .leaving(toShard: target)
        return true
    }

    /// Takes a session that departed (`ServerAction.transfer`), for its shard to hand over.
    func release(_ connection: ConnectionID) -> Session? {
        departing.removeValue(forKey: connection)
    }

    /// When a handler sent the session elsewhere, it leaves with the request
    /// and this returns true.
    func departIfSent(_ session: Session, carrying request: ClientMessage, cost: Int) -> Bool {
        guard case .leaving(let target) = session.shardMove else { return false }
        guard let connection = session.connection else {
            session.shardMove = nil
            return false
        }
        session.shardMove = .carrying(request, cost: cost)
        leaveQueue(session, because: "moved to shard \(target)")
        depart(session, on: connection, to: target)
        outbox.append(.transfer(connection, shard: target))
        return true
    }

    /// Until its shard hands the connection over (`release`).
    func depart(_ session: Session, on connection: ConnectionID, to target: Int) {
        quitArena(session)
        sessions[session.id] = nil
        resumedConnections[connection] = nil
        departing[connection] = session
        log(
            .debug, "connection.shard",
            [.init("connection", session.id.number)] + LogEntry.Field.nick(session.nickname) + [.init("shard", target)],
            message: "\(session.id) \(session.logName) moves to shard \(target)")
    }

    /// Also used for a move to this same shard, when its connection was
    /// closing.
    func takeIn(_ session: Session) {
        guard let connection = session.connection else { return }
        guard !isShuttingDown else {
            session.shardMove = nil
            outbox.append(.send(connection, OutgoingLines(.event(.bye("server shutting down")))))
            outbox.append(.close(connection))
            return
        }
        settle(session)
        readAgain(session)
    }

    /// Its session is this shard's from now on: every shard's `CONNECTIONS` lists it here at once (its room as of
    /// this shard's next sweep), not twice or not at all until then.
    func settle(_ session: Session) {
        sessions[session.id] = session
        if let connection = session.connection, connection != session.id { resumedConnections[connection] = session.id }
        if let secret = session.resumeSecret { registry.withState { [shard] in $0.resumeSecrets[secret]?.shard = shard } }
        noteConnection(of: session)
    }

    func readAgain(_ session: Session) {
        session.inputFlow = .read
        // Read here from the start.
        session.gate.holdReading(false, now: now)
        runInput(of: session)
    }

    /// Its tokens were taken where it was sent; it counts in this turn.
    func runCarriedRequest(of session: Session) {
        guard case .carrying(let request, let cost) = session.shardMove else { return }
        session.shardMove = .runningCarried
        session.gate.countCarried(cost: cost)
        run(request, cost: cost, from: session)
        session.shardMove = nil
    }

    private func isCarried(_ session: Session) -> Bool {
        if case .runningCarried = session.shardMove { return true }
        return false
    }
}
