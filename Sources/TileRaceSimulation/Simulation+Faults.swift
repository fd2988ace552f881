import TileRaceServer

/// One fault every few seconds during the chaos, kind and target drawn when it strikes;
/// then the drain heals everything.
extension Simulation {
    enum Fault {
        /// A party's connection breaks (a reset: what is on its way is lost).
        case cut(Party)
        /// The server refuses it for a while: shorter or longer than the seat is held.
        case outage(Party, milliseconds: Int)
        /// A party's connection carries nothing for a while, then goes on.
        case stall(Party, milliseconds: Int)
        /// A server refuses new connections for a while.
        case refuse(server: Int, milliseconds: Int)
        /// A server stops (saying `BYE` to everyone) and comes back later.
        case stop(server: Int, milliseconds: Int)
        case restart(server: Int)
        /// The store misbehaves for a while.
        case store(StoreMode, milliseconds: Int)
        /// A client bug, so it must ask for the server's copy (`RESYNC`).
        case miscount(player: Int)
        /// An armed fail-over strikes (`armedFailover`).
        case failoverDue
        case next
    }

    func scheduleNextFault() {
        queue.schedule(.fault(.next), at: now + random.int(in: 1500...7000))
    }

    func inject(_ fault: Fault) {
        switch fault {
        case .next:
            guard !isDraining else { return }
            if let drawn = drawFault() {
                faultCount += 1
                inject(drawn)
            }
            scheduleNextFault()
        case .cut(let party):
            guard let id = connection(of: party) else { return }
            note("network", "cuts \(party)'s connection")
            cut(id)
        case .outage(let party, let milliseconds):
            guard let id = connection(of: party) else { return }
            note("network", "cuts \(party)'s connection and refuses it for \(milliseconds) ms")
            outages[party] = min(now + milliseconds, settings.chaosMilliseconds)
            cut(id)
        case .stall(let party, let milliseconds):
            guard let id = connection(of: party), let connection = connections[id] else { return }
            note("network", "stalls \(party)'s connection for \(milliseconds) ms")
            // Every fault is over when the drain starts, so every race can end in it.
            connection.stalledUntil = max(connection.stalledUntil, min(now + milliseconds, settings.chaosMilliseconds))
        case .refuse(let server, let milliseconds):
            note("network", "\(serverName(server)) refuses connections for \(milliseconds) ms")
            servers[server].refusesUntil = now + milliseconds
        case .stop(let index, let milliseconds):
            guard servers[index].isRunning else { return }
            note(serverName(index), "stops for \(milliseconds) ms")
            stopServer(index)
            queue.schedule(.fault(.restart(server: index)), at: now + milliseconds)
        case .restart(let index):
            guard !servers[index].isRunning else { return }
            startServer(index)
        case .failoverDue:
            guard let milliseconds = armedFailover, !isDraining else { return }
            armedFailover = nil
            faultCount += 1
            inject(.store(.failover, milliseconds: milliseconds))
        case .miscount(let index):
            pendingMiscounts.insert(index)
        case .store(let mode, let milliseconds):
            note("store", mode == .healthy ? "healthy" : "\(mode.rawValue) for \(milliseconds) ms")
            storeMode = mode
            if mode == .failover { failOver() }
            if mode != .healthy { queue.schedule(.fault(.store(.healthy, milliseconds: 0)), at: now + milliseconds) }
        }
    }

    private func drawFault() -> Fault? {
        let parties =
            players.indices.filter { players[$0].connection != nil }.map(Party.player)
            + bots.indices.filter { bots[$0].connection != nil }.map(Party.bot)
            + racers.indices.filter { racers[$0].connection != nil }.map(Party.racer)
        let kind = random.pick([
            (25, "cut"), (12, "outage"), (25, "stall"), (8, "long stall"), (5, "refuse"), (5, "stop"), (8, "store"),
            (6, "miscount"),
        ])
        switch kind {
        case "cut", "outage", "stall", "long stall":
            guard !parties.isEmpty else { return nil }
            let party = random.element(of: parties)
            if kind == "cut" { return .cut(party) }
            if kind == "outage" {
                // As often shorter than the held seat as longer.
                return .outage(party, milliseconds: random.chance(0.5) ? random.int(in: 2000...12_000) : random.int(in: 31_000...50_000))
            }
            return .stall(party, milliseconds: kind == "stall" ? random.int(in: 200...6000) : random.int(in: 20_000...45_000))
        case "miscount":
            return players.isEmpty ? nil : .miscount(player: random.int(in: 0...(players.count - 1)))
        case "refuse":
            return .refuse(server: random.int(in: 0...(servers.count - 1)), milliseconds: random.int(in: 1000...40_000))
        case "stop":
            return .stop(server: random.int(in: 0...(servers.count - 1)), milliseconds: random.int(in: 500...20_000))
        default:
            let mode = random.pick([(1, StoreMode.slow), (1, .failing), (1, .down), (1, .failover)])
            let milliseconds = random.int(in: 1000...15_000)
            guard mode == .failover, unacknowledged.isEmpty else { return .store(mode, milliseconds: milliseconds) }
            // It strikes while a change is on its way: the next one (`askStore`), or in 15 s at the latest.
            armedFailover = milliseconds
            queue.schedule(.fault(.failoverDue), at: now + 15_000)
            return nil
        }
    }

    /// The answers on their way are lost (`Event.storeAnswer`), and the new primary holds the changes up to the last
    /// acknowledged, none after it.
    private func failOver() {
        note("store", "fails over: \(store.leaderboard.lastSequence - acknowledged.sequence) unacknowledged record(s) lost")
        storePrimary += 1
        unacknowledged = [:]
        refundLedgers.removeAll { $0.sequence > acknowledged.sequence }
        store.close()
        store = FileLeaderboardService(store: LeaderboardStore.inMemory(acknowledged.leaderboard))
        checkAcknowledgedKept()
    }

    private func connection(of party: Party) -> Int? {
        switch party {
        case .player(let index): players[index].connection
        case .bot(let index): bots[index].connection
        case .probe(let index): probes[index]
        case .cheater(let index): cheaters[index].connection
        case .racer(let index): racers[index].connection
        }
    }

    private func stopServer(_ index: Int) {
        feed(index, .shutdown)
        let server = servers[index]
        for id in server.connections.values.sorted() { close(id, at: .server, reason: "the server closed the connection") }
        server.connections = [:]
        server.core = nil
        server.generation += 1
    }

    func beginDraining() {
        isDraining = true
        note("simulation", "drains: faults stop, players finish their games")
        for server in servers { server.refusesUntil = 0 }
        outages = [:]
        for index in servers.indices where !servers[index].isRunning { startServer(index) }
        storeMode = .healthy
        armedFailover = nil
    }
}
