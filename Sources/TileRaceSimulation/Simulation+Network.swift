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
        case .cheater(let cheater):
            guard cheaters[cheater].connection == nil, cheaters[cheater].connectAttempt == attempt else { return }
        case .racer(let racer):
            guard racers[racer].connectAttempt == attempt, racers[racer].connection == nil else { return }
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
            transmit(connection.id, lines, to: .server)
        case .cheater(let cheater):
            cheaters[cheater].connection = connection.id
            cheaters[cheater].conversation = ClientConversation(now: now)
        case .racer(let racer):
            racers[racer].connection = connection.id
            racers[racer].conversation = ClientConversation(now: now)
        }
        feed(index, .connected(serverID, peer: "10.0.0.\(connection.id % 250 + 1):\(40_000 + connection.id)"))
    }

    private func connectFailed(_ party: Party, attempt: Int, reason: String) {
        note("\(party)", "cannot connect: \(reason)")
        switch party {
        case .player(let player): drive(player, .connectFailed(reason))
        case .bot(let bot): driveBot(bot, .disconnected(reason))
        case .probe: break
        case .cheater(let cheater): cheaterDisconnected(cheater, reason)
        case .racer(let racer): racerClosed(racer, reason)
        }
    }

    // MARK: Bytes

    /// Sends lines from the opposite end towards `end`.
    func transmit(_ id: Int, _ lines: [String], to end: End) {
        guard let connection = connections[id], connection[towards: end.opposite].isOpen, !connection.isCut, !lines.isEmpty else {
            return
        }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        let at = max(now + connection.latency, connection[towards: end].lastArrival)
        connection[towards: end].lastArrival = at
        connection[towards: end].inFlight += 1
        queue.schedule(.arrives(connection: id, at: end, bytes: bytes), at: at)
    }

    func arrive(_ id: Int, _ bytes: [UInt8], at end: End) {
        guard let connection = connections[id], !connection.isCut else { return }
        if holds(connection) {
            connection[towards: end].held.append(.bytes(bytes))
            return
        }
        connection[towards: end].inFlight -= 1
        deliver(bytes, on: connection, at: end)
    }

    /// Stalled, or holding earlier bytes (bytes never overtake each other).
    private func holds(_ connection: SimulatedConnection) -> Bool {
        guard connection.stalledUntil > now || !connection.toServer.held.isEmpty || !connection.toClient.held.isEmpty else {
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
        let held = [End.server, .client].map { end in (end, connection[towards: end].held) }
        connection.toServer.held = []
        connection.toClient.held = []
        for (end, items) in held {
            for item in items {
                switch item {
                case .bytes(let bytes):
                    connection[towards: end].inFlight -= 1
                    deliver(bytes, on: connection, at: end)
                case .close(let reason):
                    closeReaches(connection, end, reason: reason)
                }
            }
        }
    }

    private func deliver(_ bytes: [UInt8], on connection: SimulatedConnection, at end: End) {
        guard connection[towards: end].isOpen else { return }
        switch (end, connection.party) {
        case (.server, _):
            guard servers[connection.server].generation == connection.generation else { return }
            if case .player = connection.party { notePersonMoves(bytes, on: connection.id) }
            feed(connection.server, .received(connection.serverID, bytes))
        case (.client, .player(let player)):
            guard players[player].connection == connection.id else { return }
            drive(player, .received(bytes))
        case (.client, .bot(let bot)):
            guard bots[bot].connection == connection.id else { return }
            botReceived(bot, bytes)
        case (.client, .probe):
            break  // the reply is checked as the server sends it
        case (.client, .cheater(let cheater)):
            guard cheaters[cheater].connection == connection.id else { return }
            cheaterReceived(cheater, bytes)
        case (.client, .racer(let racer)):
            guard racers[racer].connection == connection.id else { return }
            racerReceived(racer, bytes)
        }
    }

    // MARK: Closing

    /// The client closes its end.
    func closeFromClient(_ id: Int) {
        close(id, at: .client, reason: "the peer closed the connection")
    }

    /// One end closes: the opposite end hears it after what was sent before.
    func close(_ id: Int, at end: End, reason: String) {
        guard let connection = connections[id], connection[towards: end].isOpen else { return }
        connection[towards: end].isOpen = false
        let at = max(now + connection.latency, connection[towards: end.opposite].lastArrival)
        queue.schedule(.closeArrives(connection: id, at: end.opposite, reason: reason), at: at)
    }

    /// The connection breaks (a reset): what is on its way is lost; both ends hear it.
    func cut(_ id: Int) {
        guard let connection = connections[id], !connection.isCut else { return }
        connection.isCut = true
        for end in [End.server, .client] {
            connection[towards: end].held = []
            connection[towards: end].inFlight = 0
        }
        queue.schedule(
            .closeArrives(connection: id, at: .server, reason: "read failed: connection reset by peer"), at: now + connection.latency)
        queue.schedule(.closeArrives(connection: id, at: .client, reason: "connection reset by peer"), at: now + connection.latency)
    }

    func closeArrives(_ id: Int, at end: End, reason: String) {
        guard let connection = connections[id] else { return }
        if !connection.isCut, holds(connection) {
            connection[towards: end].held.append(.close(reason))
            return
        }
        closeReaches(connection, end, reason: reason)
    }

    private func closeReaches(_ connection: SimulatedConnection, _ end: End, reason: String) {
        guard connection[towards: end].isOpen else { return }
        connection[towards: end].isOpen = false
        switch (end, connection.party) {
        case (.server, _):
            let server = servers[connection.server]
            guard server.generation == connection.generation, server.connections.removeValue(forKey: connection.serverID) != nil
            else { return }
            feed(connection.server, .disconnected(connection.serverID, reason: reason))
        case (.client, .player(let player)):
            guard players[player].connection == connection.id else { return }
            players[player].connection = nil
            drive(player, .closed(reason))
        case (.client, .bot(let bot)):
            guard bots[bot].connection == connection.id else { return }
            bots[bot].connection = nil
            driveBot(bot, .disconnected(reason))
        case (.client, .probe(let probe)):
            probes[probe] = nil
        case (.client, .cheater(let cheater)):
            guard cheaters[cheater].connection == connection.id else { return }
            cheaterDisconnected(cheater, reason)
        case (.client, .racer(let racer)):
            guard racers[racer].connection == connection.id else { return }
            racerClosed(racer, reason)
        }
    }
}
