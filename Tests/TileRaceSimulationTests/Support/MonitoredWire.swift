import TileRaceServer

@testable import TileRaceSimulation

/// Lines a server might send, fed to the wire monitor of a simulation with
/// made-up connections, as the simulation hands them over: how the
/// monitor's invariants are tested without running a seed.
enum MonitoredWire {
    /// A simulation with one server and `count` player connections, numbered from 1.
    static func simulation(connections count: Int = 1) -> Simulation {
        let simulation = Simulation(seed: 1, settings: SimulationSettings(), trace: SimulationTrace(isOn: false, isFull: false))
        simulation.servers.append(SimulatedServer(index: 0))
        simulation.startServer(0)
        for id in 1...count {
            simulation.connections[id] = SimulatedConnection(
                id: id, party: .player(id - 1), server: 0, generation: 1, serverID: ConnectionID(number: id), latency: 10)
        }
        return simulation
    }

    /// Hands the monitor `lines` as one batch of a server's actions.
    static func send(_ lines: [(connection: Int, line: String)], to simulation: Simulation) {
        for (connection, line) in lines { simulation.monitor.serverSent(line, on: connection, simulation: simulation) }
        simulation.monitor.batchEnded(simulation: simulation)
    }
}
