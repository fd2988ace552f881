import Testing
import TileRaceServer

@testable import TileRaceSimulation

/// How the simulation carries out the server's `sendSoon` as the shard
/// does: the lines wait for the connection's next lines, or for the wait's
/// end; lines for a connection the batch writes to go at once; and only
/// `PROGRESS` may be made to wait.
@Suite struct WaitingOutputModelTests {
    private static let progress = "PROGRESS room=r nick=ana score=4 max=4 moves=1 board=0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,4"

    /// One server with connections 1 and 2 (the core's numbers too), both in room r.
    private func simulation() -> Simulation {
        let simulation = MonitoredWire.simulation(connections: 2)
        for id in 1...2 { simulation.servers[0].connections[ConnectionID(number: id)] = id }
        MonitoredWire.send(
            [
                (1, "OK HELLO nick=bo"), (2, "OK HELLO nick=cy"),
                (1, "OK JOIN room=r state=waiting size=4 target=2048 assists=no limit=0 private=no players=2 watchers=0"),
                (2, "OK JOIN room=r state=waiting size=4 target=2048 assists=no limit=0 private=no players=3 watchers=0"),
            ], to: simulation)
        return simulation
    }

    private func soon(_ id: Int, _ line: String) -> ServerAction {
        .sendSoon(ConnectionID(number: id), OutgoingLines(lines: [line]))
    }

    private func now(_ id: Int, _ line: String) -> ServerAction {
        .send(ConnectionID(number: id), OutgoingLines(lines: [line]))
    }

    @Test func waitingLinesGoWithTheConnectionsNextLinesBeforeThem() {
        let simulation = simulation()
        simulation.perform([soon(1, Self.progress)], on: 0)
        #expect(simulation.monitor.progressLines == 0)
        #expect(simulation.connections[1]?.waitingOutput == [Self.progress])
        simulation.perform([now(2, "PONG")], on: 0)
        #expect(simulation.monitor.progressLines == 0, "another connection's lines do not take it along")
        simulation.perform([now(1, "PONG")], on: 0)
        #expect(simulation.monitor.progressLines == 1)
        #expect(simulation.connections[1]?.waitingOutput == [])
        #expect(simulation.linesThatWaited == 1)
        #expect(simulation.violation == nil)
    }

    @Test func waitingLinesAreWrittenWhenTheWaitEnds() {
        let simulation = simulation()
        simulation.perform([soon(1, Self.progress)], on: 0)
        simulation.clock.now += ServerLimits.standard.progressWaitMilliseconds - 1
        simulation.outputWaitEnds(1)
        #expect(simulation.monitor.progressLines == 0, "not before the wait ends")
        simulation.clock.now += 1
        simulation.outputWaitEnds(1)
        #expect(simulation.monitor.progressLines == 1)
    }

    @Test func linesForAConnectionTheBatchWritesToGoAtOnce() {
        let simulation = simulation()
        simulation.perform([now(1, "PONG"), soon(1, Self.progress)], on: 0)
        #expect(simulation.monitor.progressLines == 1)
        #expect(simulation.linesThatWaited == 0)
    }

    @Test func aClosedConnectionGetsWhatWaitedFirst() {
        let simulation = simulation()
        simulation.perform([soon(1, Self.progress), .close(ConnectionID(number: 1))], on: 0)
        #expect(simulation.monitor.progressLines == 1)
    }

    @Test func anythingButProgressMadeToWaitIsCaught() {
        let simulation = simulation()
        simulation.perform([soon(1, "FINISH room=r nick=ana reason=resigned score=0 max=2 moves=0 time=10")], on: 0)
        #expect(simulation.violation?.invariant == "only PROGRESS waits for a reply")
    }
}
