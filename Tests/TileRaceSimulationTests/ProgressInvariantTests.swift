import Testing
import TileRaceServer

@testable import TileRaceSimulation

/// The wire monitor's `PROGRESS` invariant: a room's `PROGRESS` reaches its
/// other members, never the racer it is about, never a connection in
/// another room. Lines a server might send, fed to it on made-up
/// connections, as the simulation hands them over.
@Suite struct ProgressInvariantTests {
    private static func room(_ name: String) -> String {
        "room=\(name) state=waiting size=4 target=2048 assists=no limit=0 private=no players=1 watchers=0"
    }

    private static func progress(room: String, nick: String) -> String {
        "PROGRESS room=\(room) nick=\(nick) score=4 max=4 moves=1 board=0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,4"
    }

    /// ana and bo in room r, cy watching it: each hears the others' progress.
    @Test func progressToTheOtherMembersKeepsTheInvariant() {
        let simulation = MonitoredWire.simulation(connections: 3)
        MonitoredWire.send(
            [
                (1, "OK HELLO nick=ana"), (2, "OK HELLO nick=bo"), (3, "OK HELLO nick=cy"), (1, "OK CREATE \(Self.room("r"))"),
                (2, "OK JOIN \(Self.room("r"))"), (3, "OK WATCH \(Self.room("r"))"),
            ], to: simulation)
        MonitoredWire.send(
            [
                (2, Self.progress(room: "r", nick: "ana")), (3, Self.progress(room: "r", nick: "ana")),
                (1, Self.progress(room: "R", nick: "bo")), (3, Self.progress(room: "r", nick: "BO")),
            ], to: simulation)
        #expect(simulation.violation == nil)
        #expect(simulation.monitor.progressLines == 4)
    }

    private static let start = "START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bo"

    @Test func aRacerHearingItsOwnProgressIsCaught() {
        let simulation = MonitoredWire.simulation(connections: 1)
        MonitoredWire.send([(1, "OK HELLO nick=ana"), (1, "OK CREATE \(Self.room("r"))"), (1, Self.start)], to: simulation)
        simulation.clock.now += 500
        MonitoredWire.send([(1, Self.progress(room: "r", nick: "Ana"))], to: simulation)
        #expect(simulation.violation?.invariant == "no racer hears its own PROGRESS")
    }

    /// A nickname taken after the race began (its racer's session ended) is
    /// another session's: it may be told of the earlier racer of that name.
    @Test func aLaterHolderOfTheRacersNicknameMayHearOfTheRacer() {
        let simulation = MonitoredWire.simulation(connections: 2)
        MonitoredWire.send([(1, "OK HELLO nick=ana"), (1, "OK CREATE \(Self.room("r"))"), (1, Self.start)], to: simulation)
        simulation.clock.now += 5000
        let caughtUp = "START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bo elapsed=5000"
        MonitoredWire.send(
            [(2, "OK HELLO nick=ana"), (2, "OK JOIN \(Self.room("r"))"), (2, caughtUp), (2, Self.progress(room: "r", nick: "ana"))],
            to: simulation)
        #expect(simulation.violation == nil)
    }

    /// Seed 802066: ana left the race and watches it; the catch-up tells a watcher every
    /// racer's progress, her earlier seat's too (`ServerCore.catchUp`).
    @Test func aRacerWhoLeftAndWatchesHearsOfItsEarlierSeat() {
        let simulation = MonitoredWire.simulation(connections: 1)
        MonitoredWire.send([(1, "OK HELLO nick=ana"), (1, "OK CREATE \(Self.room("r"))"), (1, Self.start)], to: simulation)
        simulation.clock.now += 5000
        let caughtUp = "START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bo elapsed=5000"
        MonitoredWire.send(
            [(1, "OK LEAVE room=r"), (1, "OK WATCH \(Self.room("r"))"), (1, caughtUp), (1, Self.progress(room: "r", nick: "ana"))],
            to: simulation)
        #expect(simulation.violation == nil)
    }

    @Test func progressFromAnotherRoomIsCaught() {
        let simulation = MonitoredWire.simulation(connections: 1)
        MonitoredWire.send(
            [(1, "OK HELLO nick=ana"), (1, "OK JOIN \(Self.room("r"))"), (1, Self.progress(room: "s", nick: "bo"))], to: simulation)
        #expect(simulation.violation?.invariant == "PROGRESS reaches its own room only")
    }
}
