import TileRaceProtocol

/// Admitting connections: banned addresses are refused, then the registry
/// applies the server's and per-address connection limits.
extension ServerCore {
    func connect(_ id: ConnectionID, peer: String) {
        let address = PeerAddress.address(of: peer)
        if let ban = activeBan(of: .address(address)) {
            refuseBanned(id, peer: peer, ban)
            return
        }
        let isExempt = limits.exemptsLoopback && PeerAddress.isLoopback(address)
        let refusal =
            isShuttingDown ? .serverFull : registry.withState { [limits] in $0.admit(address: address, isExempt: isExempt, limits: limits) }
        if let refusal {
            refuse(id, peer: peer, refusal)
            return
        }
        let session = Session(id: id, peer: peer, now: now, limits: limits)
        session.lastNotice = registry.withState { $0.lastNoticeNumber }
        sessions[id] = session
        noteConnection(of: session)
        let greeting = Greeting(
            version: ClientMessage.protocolVersion, server: serverName, lineLimit: LineFramer.maximumLineLength,
            idleSeconds: limits.idleMilliseconds / 1000, features: Set(ServerFeature.allCases))
        send(id, .event(.hello(greeting)))
        log(
            .info, "connection.opened", [.init("connection", id.number), .init("peer", session.peer)],
            message: "\(id) \(session.peer) connected")
    }

    private func refuseBanned(_ id: ConnectionID, peer: String, _ ban: BanInfo) {
        outbox.append(.send(id, OutgoingLines([.error(ProtocolError(.banned, ban.refusalText)), .event(.bye("banned"))])))
        outbox.append(.close(id))
        log(.info, "\(id) \(peer) refused: banned")
    }

    private func refuse(_ id: ConnectionID, peer: String, _ refusal: ServerRegistry.Refusal) {
        let (error, bye, reason) =
            switch refusal {
            case .serverFull:
                (
                    ProtocolError(.serverFull, "the server has its maximum of \(limits.maximumConnections) connections; try again later"),
                    "server full", "server full"
                )
            case .tooManyFromAddress:
                (
                    ProtocolError(
                        .tooManyConnections,
                        "your address has the most connections allowed (\(limits.maximumConnectionsPerAddress)); close one and try again"),
                    "too many connections", "too many connections from its address"
                )
            }
        outbox.append(.send(id, OutgoingLines([.error(error), .event(.bye(bye))])))
        outbox.append(.close(id))
        let shown = refusal == .serverFull ? reason : "too many connections from \(PeerAddress.address(of: peer))"
        log(
            .info, "connection.refused", [.init("connection", id.number), .init("peer", peer), .init("reason", reason)],
            message: "\(id) \(peer) refused: \(shown)")
    }
}
