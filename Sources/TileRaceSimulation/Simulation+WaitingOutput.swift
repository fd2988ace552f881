import TileRaceServer

/// `ServerAction.sendSoon` as the shard does it: sent before the connection's next lines
/// or when `ServerLimits.progressWaitMilliseconds` ends; a connection written to anyway
/// gets it at once.
extension Simulation {
    /// Each line is checked on its way out (bans, `WireMonitor`).
    func serverWrites(_ lines: [String], to connection: Int, from index: Int) {
        guard !lines.isEmpty else { return }
        for line in lines { checkBans(line, from: index) }
        for line in lines { monitor.serverSent(line, on: connection, simulation: self) }
        if let simulated = connections[connection] { arenaSent(lines, on: simulated) }
        transmit(connection, lines, to: .client)
    }

    /// Only `PROGRESS` may wait: any other line must not arrive late.
    func letWait(_ lines: [String], on id: Int) {
        guard let connection = connections[id] else { return }
        if let line = lines.first(where: { !$0.hasPrefix("PROGRESS ") }) {
            fail("only PROGRESS waits for a reply", "the server let \(line) wait on connection \(id)")
        }
        connection.waitingOutput += lines
        linesThatWaited += lines.count
        guard connection.outputWaitsUntil == nil else { return }
        let deadline = now + ServerLimits.standard.progressWaitMilliseconds
        connection.outputWaitsUntil = deadline
        queue.schedule(.outputWaitEnds(connection: id), at: deadline)
    }

    /// The lines waiting on a connection, which the caller writes: its wait is over.
    func takeWaitingOutput(_ id: Int) -> [String] {
        guard let connection = connections[id] else { return [] }
        let lines = connection.waitingOutput
        connection.waitingOutput = []
        connection.outputWaitsUntil = nil
        return lines
    }

    /// Unless the server that let it wait is gone (its output with it).
    func outputWaitEnds(_ id: Int) {
        guard let connection = connections[id], connection.outputWaitsUntil == now else { return }
        let lines = takeWaitingOutput(id)
        let server = servers[connection.server]
        guard server.generation == connection.generation, server.core != nil else { return }
        serverWrites(lines, to: id, from: connection.server)
    }
}
