import TileRaceClient
import TileRaceProtocol
import TileRaceServer

/// Closes follow the bytes sent before them; cuts lose what is in flight.
extension Simulation {
    func connect(_ party: Party, to endpoint: ServerEndpoint, attempt: Int) {
        let latency = random.int(in: 1...40)
        guard endpoint.port == 2048, let server = servers.firstIndex(where: { $0.host == endpoint.host }) else {
            connectFailed(party, attempt: attempt, reason: "cannot reach \(endpoint): unknown host")
            return
        }
        queue.schedule(.connectDone(party, attempt: attempt, server: server, latency: latency), at: now + 2 * latency)
    }

    func connectDone(_ party: Party, attempt: Int, server index: Int, latency: Int) {
        switch party {
        case .player(let player):
            guard !players[player].hasExited, players[player].connectAttempt == attempt else { return }
        case .bot(let bot):
            guard !bots[bot].hasEnded, bots[bot].connection == nil else { return }
        case .probe(let probe):
            guard probes[probe] == nil else { return }
        }
        let server = servers[index]
        guard server.isRunning, server.refusesUntil <= now, outages[party, default: 0] <= now else {
            connectFailed(party, attempt: attempt, reason: "connection refused")
            return
        }
        let serverID = ConnectionID(number: server.nextConnectionNumber)
        server.nextConnectionNumber += 1
        let connection = SimulatedConnection(
            id: nextConnectionID, party: party, server: index, generation: server.generation, serverID: serverID, latency: latency)
        nextConnectionID += 1
        connections[connection.id] = connection
        server.connections[serverID] = connection.id
        note("\(party)", "connected to \(serverName(index)) as \(serverID)")
        switch party {
        case .player(let player):
            players[player].connection = connection.id
            drive(player, .connected)
        case .bot(let bot):
            bots[bot].connection = connection.id
            bots[bot].conversation = ClientConversation(now: now)
        case .probe(let probe):
            probes[probe] = connection.id
            let lines = [ClientMessage.hello(nickname: nil).line, ClientMessage.info.line, ClientMessage.quit.line]
            for line in lines { monitor.clientSent(line, by: "\(party)", simulation: self) }
            transmitToServer(connection.id, lines)
        }
        feed(index, .connected(serverID, peer: "10.0.0.\(connection.id % 250 + 1):\(40_000 + connection.id)"))
    }

    private func connectFailed(_ party: Party, attempt: Int, reason: String) {
        note("\(party)", "cannot connect: \(reason)")
        switch party {
        case .player(let player): drive(player, .connectFailed(reason))
        case .bot(let bot): driveBot(bot, .disconnected(reason))
        case .probe: break
        }
    }

    // MARK: Bytes

    func transmitToServer(_ id: Int, _ lines: [String]) {
        guard let connection = connections[id], connection.isOpenAtClient, !connection.isCut, !lines.isEmpty else { return }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        let at = max(now + connection.latency, connection.toServerAt)
        connection.toServerAt = at
        connection.inFlightToServer += 1
        queue.schedule(.toServer(connection: id, bytes: bytes), at: at)
    }

    func transmitToClient(_ id: Int, _ lines: [String]) {
        guard let connection = connections[id], connection.isOpenAtServer, !connection.isCut, !lines.isEmpty else { return }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        let at = max(now + connection.latency, connection.toClientAt)
        connection.toClientAt = at
        connection.inFlightToClient += 1
        queue.schedule(.toClient(connection: id, bytes: bytes), at: at)
    }

    func arriveAtServer(_ id: Int, _ bytes: [UInt8]) {
        guard let connection = connections[id], !connection.isCut else { return }
        if holds(connection) {
            connection.heldToServer.append(.bytes(bytes))
            return
        }
        connection.inFlightToServer -= 1
        deliverToServer(connection, bytes)
    }

    func arriveAtClient(_ id: Int, _ bytes: [UInt8]) {
        guard let connection = connections[id], !connection.isCut else { return }
        if holds(connection) {
            connection.heldToClient.append(.bytes(bytes))
            return
        }
        connection.inFlightToClient -= 1
        deliverToClient(connection, bytes)
    }

    /// Stalled, or holding earlier bytes (bytes never overtake each other).
    private func holds(_ connection: SimulatedConnection) -> Bool {
        guard connection.stalledUntil > now || !connection.heldToServer.isEmpty || !connection.heldToClient.isEmpty else {
            return false
        }
        if !connection.isStallEndScheduled {
            connection.isStallEndScheduled = true
            queue.schedule(.stallEnds(connection: connection.id), at: max(now, connection.stalledUntil))
        }
        return true
    }

    /// The stall is over (unless it was made longer): what it held arrives, in order.
    func stallEnds(_ id: Int) {
        guard let connection = connections[id] else { return }
        connection.isStallEndScheduled = false
        guard !connection.isCut else { return }
        if connection.stalledUntil > now {
            connection.isStallEndScheduled = true
            queue.schedule(.stallEnds(connection: id), at: connection.stalledUntil)
            return
        }
        let toServer = connection.heldToServer
        let toClient = connection.heldToClient
        connection.heldToServer = []
        connection.heldToClient = []
        for held in toServer {
            release(held, of: connection, deliver: deliverToServer, close: closeReachesServer, inFlight: \.inFlightToServer)
        }
        for held in toClient {
            release(held, of: connection, deliver: deliverToClient, close: closeReachesClient, inFlight: \.inFlightToClient)
        }
    }

    /// Delivers what a stall held, one way.
    private func release(
        _ held: SimulatedConnection.Held, of connection: SimulatedConnection,
        deliver: (SimulatedConnection, [UInt8]) -> Void, close: (SimulatedConnection, String) -> Void,
        inFlight: ReferenceWritableKeyPath<SimulatedConnection, Int>
    ) {
        switch held {
        case .bytes(let bytes):
            connection[keyPath: inFlight] -= 1
            deliver(connection, bytes)
        case .close(let reason):
            close(connection, reason)
        }
    }

    private func deliverToServer(_ connection: SimulatedConnection, _ bytes: [UInt8]) {
        let server = servers[connection.server]
        guard connection.isOpenAtServer, server.generation == connection.generation else { return }
        feed(connection.server, .received(connection.serverID, bytes))
    }

    private func deliverToClient(_ connection: SimulatedConnection, _ bytes: [UInt8]) {
        guard connection.isOpenAtClient else { return }
        switch connection.party {
        case .player(let player):
            guard players[player].connection == connection.id else { return }
            drive(player, .received(bytes))
        case .bot(let bot):
            guard bots[bot].connection == connection.id else { return }
            botReceived(bot, bytes)
        case .probe:
            break  // the reply is checked as the server sends it
        }
    }

    // MARK: Closing

    /// The client closes its end: the server hears it after what was sent before.
    func closeFromClient(_ id: Int) {
        guard let connection = connections[id], connection.isOpenAtClient else { return }
        connection.isOpenAtClient = false
        let at = max(now + connection.latency, connection.toServerAt)
        queue.schedule(.closedAtServer(connection: id, reason: "the peer closed the connection"), at: at)
    }

    /// The server closes its end: the client hears it after what was sent before.
    func closeFromServer(_ id: Int, reason: String) {
        guard let connection = connections[id], connection.isOpenAtServer else { return }
        connection.isOpenAtServer = false
        let at = max(now + connection.latency, connection.toClientAt)
        queue.schedule(.closedAtClient(connection: id, reason: reason), at: at)
    }

    /// The connection breaks (a reset): what is on its way is lost; both ends hear it.
    func cut(_ id: Int) {
        guard let connection = connections[id], !connection.isCut else { return }
        connection.isCut = true
        connection.heldToServer = []
        connection.heldToClient = []
        connection.inFlightToServer = 0
        connection.inFlightToClient = 0
        queue.schedule(.closedAtServer(connection: id, reason: "read failed: connection reset by peer"), at: now + connection.latency)
        queue.schedule(.closedAtClient(connection: id, reason: "connection reset by peer"), at: now + connection.latency)
    }

    func closeArrivesAtServer(_ id: Int, reason: String) {
        guard let connection = connections[id] else { return }
        if !connection.isCut, holds(connection) {
            connection.heldToServer.append(.close(reason))
            return
        }
        closeReachesServer(connection, reason: reason)
    }

    func closeArrivesAtClient(_ id: Int, reason: String) {
        guard let connection = connections[id] else { return }
        if !connection.isCut, holds(connection) {
            connection.heldToClient.append(.close(reason))
            return
        }
        closeReachesClient(connection, reason: reason)
    }

    private func closeReachesServer(_ connection: SimulatedConnection, reason: String) {
        guard connection.isOpenAtServer else { return }
        connection.isOpenAtServer = false
        let server = servers[connection.server]
        guard server.generation == connection.generation, server.connections.removeValue(forKey: connection.serverID) != nil
        else { return }
        feed(connection.server, .disconnected(connection.serverID, reason: reason))
    }

    private func closeReachesClient(_ connection: SimulatedConnection, reason: String) {
        guard connection.isOpenAtClient else { return }
        connection.isOpenAtClient = false
        switch connection.party {
        case .player(let player):
            guard players[player].connection == connection.id else { return }
            players[player].connection = nil
            drive(player, .closed(reason))
        case .bot(let bot):
            guard bots[bot].connection == connection.id else { return }
            bots[bot].connection = nil
            driveBot(bot, .disconnected(reason))
        case .probe(let probe):
            probes[probe] = nil
        }
    }
}
