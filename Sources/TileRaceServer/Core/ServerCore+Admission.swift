import TileRaceProtocol

/// Admitting connections: a new connection from an address the operator
/// banned is refused (`ServerCore+Operator`: with several shards the
/// registry is asked first); else it is counted by the registry the shards
/// share (the server's and each address's connection limits) before its
/// session starts with `HELLO`; what it sends meanwhile waits in its framer.
/// A refused one gets its error and `BYE`, and is closed.
extension ServerCore {
    /// A new connection: the registry is asked to count it (`admitted`),
    /// after whether its address is banned (`checkedForBan`) with several shards.
    func connect(_ id: ConnectionID, peer: String) {
        if let ban = activeBan(of: .address(PeerAddress.address(of: peer))) {
            refuseBanned(id, peer: peer, ban)
            return
        }
        guard !isShuttingDown else {
            refuse(id, peer: peer, .serverFull)
            return
        }
        let session = Session(id: id, peer: peer, now: now, limits: limits)
        admitting[id] = session
        guard shardCount == 1 else {
            askRegistry(.ban(of: [.address(session.address)], wallMilliseconds: clock.wallMilliseconds), for: .connection(id))
            return
        }
        askToAdmit(session)
    }

    /// The registry said whether a new connection's address is banned: a
    /// banned one is refused, else the registry is asked to count it.
    func checkedForBan(_ id: ConnectionID, ban: BanInfo?) {
        guard let session = admitting[id] else { return }
        if let ban {
            admitting[id] = nil
            refuseBanned(id, peer: session.peer, ban)
            return
        }
        askToAdmit(session)
    }

    /// Refuses a connection from a banned address: `ERR banned`, `BYE banned`, close.
    private func refuseBanned(_ id: ConnectionID, peer: String, _ ban: BanInfo) {
        outbox.append(
            .send(
                id,
                OutgoingLines([.error(ProtocolError(.banned, ban.refusalText)), .event(.bye("banned"))])
            ))
        outbox.append(.close(id))
        log(.info, "\(id) \(peer) refused: banned")
    }

    /// Asks the registry to count a new connection.
    private func askToAdmit(_ session: Session) {
        let id = session.id
        let isExempt = limits.exemptsLoopback && PeerAddress.isLoopback(session.address)
        askRegistry(
            .admit(
                address: session.address, isExempt: isExempt, maximumConnections: limits.maximumConnections,
                maximumPerAddress: limits.maximumConnectionsPerAddress), for: .connection(id))
    }

    /// The registry counted a new connection, or refused it: its session
    /// starts with `HELLO`, and handles what it sent meanwhile.
    func admitted(_ id: ConnectionID, refusal: ServerRegistry.Refusal?, address: String) {
        guard let session = admitting.removeValue(forKey: id) else {
            // It ended before it was counted: it no longer counts.
            if refusal == nil {
                tellRegistry(.releaseSession(id, nicknameKey: nil, secret: nil))
                tellRegistry(.connectionClosed(address: address))
            }
            return
        }
        if let refusal {
            refuse(id, peer: session.peer, refusal)
            return
        }
        session.lastNotice = moderation.lastNoticeNumber
        sessions[id] = session
        noteConnection(of: session)
        let greeting = Greeting(
            version: ClientMessage.protocolVersion, server: serverName, lineLimit: LineFramer.maximumLineLength,
            idleSeconds: limits.idleMilliseconds / 1000, features: Set(ServerFeature.allCases))
        send(id, .event(.hello(greeting)))
        log(
            .info,
            LogEntry(
                "connection.opened", [.init("connection", id.number), .init("peer", session.peer)],
                message: "\(id) \(session.peer) connected"))
        if session.framer.bufferedByteCount > 0 { runInput(of: session) }
    }

    /// Refuses a connection a limit does not let in: its error, `BYE`, close.
    private func refuse(_ id: ConnectionID, peer: String, _ refusal: ServerRegistry.Refusal) {
        let address = PeerAddress.address(of: peer)
        guard refusal != .serverFull else {
            let error = ProtocolError(
                .serverFull, "the server has its maximum of \(limits.maximumConnections) connections; try again later")
            outbox.append(.send(id, OutgoingLines([.error(error), .event(.bye("server full"))])))
            outbox.append(.close(id))
            log(
                .info,
                LogEntry(
                    "connection.refused", [.init("connection", id.number), .init("peer", peer), .init("reason", "server full")],
                    message: "\(id) \(peer) refused: server full"))
            return
        }
        guard refusal != .tooManyFromAddress else {
            let error = ProtocolError(
                .tooManyConnections,
                "your address has the most connections allowed (\(limits.maximumConnectionsPerAddress)); close one and try again")
            outbox.append(
                .send(id, OutgoingLines([.error(error), .event(.bye("too many connections"))])))
            outbox.append(.close(id))
            log(
                .info,
                LogEntry(
                    "connection.refused",
                    [.init("connection", id.number), .init("peer", peer), .init("reason", "too many connections from its address")],
                    message: "\(id) \(peer) refused: too many connections from \(address)"))
            return
        }
    }
}
