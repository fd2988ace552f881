import TileRaceServer

/// The server's output that may wait for a connection's next reply
/// (`ServerAction.sendSoon`), as the shard carries it out: it goes with the
/// next lines written to the connection, in order before them, or when its
/// wait (`ServerLimits.progressWaitMilliseconds`) ends, whichever comes
/// first; lines for a connection the batch writes to anyway go at once.
extension Simulation {
    /// Writes a server's lines to a connection: each is checked on its way
    /// out (bans, `WireMonitor`) and put on the simulated wire.
    func serverWrites(_ lines: [String], to connection: Int, from index: Int) {
        guard !lines.isEmpty else { return }
        for line in lines { checkBans(line, from: index) }
        for line in lines { monitor.serverSent(line, on: connection, simulation: self) }
        transmitToClient(connection, lines)
    }

    /// Lets lines wait for the connection's next reply. Only a racer's news
    /// of the others (`PROGRESS`) may wait: every other line is news the
    /// client must not get late (a `START`, a `FINISH`, a reply).
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

    /// A wait ends: what still waits is written, unless the server that let
    /// it wait is gone (its output with it).
    func outputWaitEnds(_ id: Int) {
        guard let connection = connections[id], connection.outputWaitsUntil == now else { return }
        let lines = takeWaitingOutput(id)
        let server = servers[connection.server]
        guard server.generation == connection.generation, server.core != nil else { return }
        serverWrites(lines, to: id, from: connection.server)
    }
}
