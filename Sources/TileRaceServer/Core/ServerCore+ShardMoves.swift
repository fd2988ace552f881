import TileRaceProtocol

/// Moving a session to another shard, all in one place.
///
/// A handler whose request needs a room or a held session that another
/// shard hosts asks to move (`moveToHost(ofRoom:_:)`,
/// `moveToShardForNewRoom(_:)`, `moveToHost(ofResumeSecret:_:)`) and
/// returns; the session then departs with that request (`ShardMove`), its
/// shard hands over the connection (`ServerAction.transfer`, `release`), and
/// the other shard's core takes it in (`arrive`) and runs the carried request
/// first, where it stays (no handler moves it again), then the lines that
/// followed it.
extension ServerCore {
    /// `JOIN` and `WATCH`: sends the session to the shard hosting the room
    /// (as the registry said), when another one does; returns whether it
    /// goes. (A room that does not exist is refused here.)
    func moveToHost(ofRoom facts: ServerRegistry.RoomFacts, _ session: Session) -> Bool {
        guard !isCarried(session), let host = facts.host, host != shard else { return false }
        startMove(of: session, to: host)
        return true
    }

    /// `CREATE`: sends the session to the shard hosting the fewest rooms
    /// (those on their way there counted), when that is another one;
    /// returns whether it goes, nil while the registry is asked which.
    func moveToShardForNewRoom(_ session: Session) -> Bool? {
        guard shardCount > 1, !isCarried(session) else { return false }
        let question = RegistryQuestion.shardForNewRoom(preferring: shard, now: now)
        guard case .shard(let target)? = registryAnswer(to: question, for: session) else { return nil }
        guard target != shard else { return false }
        startMove(of: session, to: target)
        return true
    }

    /// `QUEUE`: sends the session to `target` (the queue's shard), unless it
    /// carried its request there; returns whether it goes.
    func moveToShard(_ target: Int, _ session: Session) -> Bool {
        guard !isCarried(session), target != shard else { return false }
        startMove(of: session, to: target)
        return true
    }

    /// `HELLO ... resume=`: sends the session to the shard holding the
    /// session the secret resumes (as the registry said), when another one
    /// does; returns whether it goes (and asks again there).
    func moveToHost(ofResumeTarget target: ServerRegistry.ResumeTarget?, _ session: Session) -> Bool {
        guard !isCarried(session), let target, target.shard != shard else {
            return false
        }
        startMove(of: session, to: target.shard)
        return true
    }

    /// Takes a session that departed (`ServerAction.transfer`), for its shard to hand over.
    func release(_ connection: ConnectionID) -> Session? {
        departing.removeValue(forKey: connection)
    }

    /// After a request ran: when a handler sent the session to another
    /// shard, it leaves this core with the request, to run first there, and
    /// this returns true.
    func departIfSent(_ session: Session, carrying request: ClientMessage, cost: Int) -> Bool {
        guard case .leaving(let target) = session.shardMove else { return false }
        guard let connection = session.connection else {
            session.shardMove = nil
            return false
        }
        session.shardMove = .carrying(request, cost: cost)
        leaveQueue(session, because: "moved to shard \(target)")
        sessions[session.id] = nil
        resumedConnections[connection] = nil
        departing[connection] = session
        outbox.append(.transfer(connection, shard: target))
        log(
            .debug,
            LogEntry(
                "connection.shard",
                [.init("connection", session.id.number)] + LogEntry.Field.nick(session.nickname) + [.init("shard", target)],
                message: "\(session.id) \(session.logName) moves to shard \(target)"))
        return true
    }

    /// Takes in a session that departed from another shard (or from this
    /// one, when its connection was closing) and runs its carried request
    /// and the lines that followed it.
    func takeIn(_ session: Session) {
        guard let connection = session.connection else { return }
        guard !isShuttingDown else {
            session.shardMove = nil
            outbox.append(.send(connection, OutgoingLines(.event(.bye("server shutting down")))))
            outbox.append(.close(connection))
            return
        }
        sessions[session.id] = session
        if connection != session.id { resumedConnections[connection] = session.id }
        if let secret = session.resumeSecret { tellRegistry(.moveResumeSecret(secret, shard: shard)) }
        session.inputFlow = .read
        runInput(of: session)
    }

    /// Runs the request a session carried here, before its other lines: its
    /// tokens were taken where it was sent, and it counts in this turn.
    func runCarriedRequest(of session: Session) {
        guard case .carrying(let request, let cost) = session.shardMove else { return }
        session.shardMove = .runningCarried
        session.gate.countCarried(cost: cost)
        run(request, cost: cost, from: session)
        // Waiting for the registry, it runs again there, still carried.
        if session.awaitedQuestion == nil { session.shardMove = nil }
    }

    /// Whether the session runs the request it carried here: it stays on this shard.
    private func isCarried(_ session: Session) -> Bool {
        if case .runningCarried = session.shardMove { return true }
        return false
    }

    /// Sends a connected session to another shard with the request being
    /// handled (`departIfSent` once it returns).
    private func startMove(of session: Session, to target: Int) {
        session.shardMove = .leaving(toShard: target)
    }
}
