import TileRaceProtocol

/// Admitting connections: a new connection is counted by the registry the
/// shards share (the server's and each address's connection limits) before
/// its session starts with `HELLO`; what it sends meanwhile waits in its
/// framer. A refused one gets its error and `BYE`, and is closed.
extension ServerCore {
    /// A new connection: the registry is asked to count it (`admitted`).
    func connect(_ id: ConnectionID, peer: String) {
        guard !isShuttingDown else {
            refuse(id, peer: peer, .serverFull)
            return
        }
        let session = Session(id: id, peer: peer, now: now, limits: limits)
        admitting[id] = session
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
        sessions[id] = session
        let greeting = Greeting(
            version: ClientMessage.protocolVersion, server: serverName, lineLimit: LineFramer.maximumLineLength,
            idleSeconds: limits.idleMilliseconds / 1000, features: Set(ServerFeature.allCases))
        send(id, .event(.hello(greeting)))
        log(.info, "\(id) \(session.peer) connected")
        if session.framer.bufferedByteCount > 0 { runInput(of: session) }
    }

    /// Refuses a connection a limit does not let in: its error, `BYE`, close.
    private func refuse(_ id: ConnectionID, peer: String, _ refusal: ServerRegistry.Refusal) {
        let address = PeerAddress.address(of: peer)
        guard refusal != .serverFull else {
            let error = ProtocolError(
                .serverFull, "the server has its maximum of \(limits.maximumConnections) connections; try again later")
            outbox.append(.send(id, [ServerMessage.error(error).line, ServerMessage.event(.bye("server full")).line]))
            outbox.append(.close(id))
            log(.info, "\(id) \(peer) refused: server full")
            return
        }
        guard refusal != .tooManyFromAddress else {
            let error = ProtocolError(
                .tooManyConnections,
                "your address has the most connections allowed (\(limits.maximumConnectionsPerAddress)); close one and try again")
            outbox.append(.send(id, [ServerMessage.error(error).line, ServerMessage.event(.bye("too many connections")).line]))
            outbox.append(.close(id))
            log(.info, "\(id) \(peer) refused: too many connections from \(address)")
            return
        }
    }
}
