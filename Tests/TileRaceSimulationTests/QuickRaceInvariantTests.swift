import Testing
import TileRaceServer

@testable import TileRaceSimulation

/// The wire monitor's quick race and rated race invariants (protocol.md
/// sections 5.7 and 5.8): lines a server might send, fed to it on made-up
/// connections, as the simulation hands them over.
@Suite struct QuickRaceInvariantTests {
    private static func matched(players: Int) -> String {
        "MATCHED room=quick-1 state=waiting size=4 target=2048 assists=no limit=0 private=no players=\(players) watchers=0 rated=yes"
    }

    @Test func twoQueuedPlayersMatchedKeepTheInvariants() {
        let simulation = MonitoredWire.simulation(connections: 2)
        MonitoredWire.send(
            [(1, "OK HELLO nick=ana"), (2, "OK HELLO nick=bo"), (1, "OK QUEUE waiting=1"), (2, "OK QUEUE waiting=2")], to: simulation)
        MonitoredWire.send([(1, Self.matched(players: 2)), (2, Self.matched(players: 2))], to: simulation)
        #expect(simulation.violation == nil)
        #expect(simulation.monitor.quickRacesMatched == 1)
    }

    @Test func aPlayerWhoLeftTheQueueMatchedIsCaught() {
        let simulation = MonitoredWire.simulation()
        MonitoredWire.send([(1, "OK QUEUE waiting=1"), (1, "OK UNQUEUE"), (1, Self.matched(players: 2))], to: simulation)
        #expect(simulation.violation?.invariant == "a queued player is waiting, matched or left")
    }

    @Test func aPlayerWhoEnteredAPracticeGameMatchedIsCaught() {
        let simulation = MonitoredWire.simulation()
        MonitoredWire.send(
            [(1, "OK QUEUE waiting=1"), (1, "OK PRACTICE size=4 target=2048 seed=7"), (1, Self.matched(players: 2))], to: simulation)
        #expect(simulation.violation?.invariant == "a queued player is waiting, matched or left")
    }

    @Test func aQuickRaceOfOneIsCaught() {
        let simulation = MonitoredWire.simulation()
        MonitoredWire.send([(1, "OK QUEUE waiting=1"), (1, Self.matched(players: 1))], to: simulation)
        #expect(simulation.violation?.invariant == "a quick race holds 2 to 8 players")
    }

    @Test func aQuickRaceWhosePlayersWereNotAllToldIsCaught() {
        let simulation = MonitoredWire.simulation(connections: 2)
        MonitoredWire.send(
            [(1, "OK QUEUE waiting=1"), (2, "OK QUEUE waiting=2"), (1, Self.matched(players: 3)), (2, Self.matched(players: 3))],
            to: simulation)
        #expect(simulation.violation?.invariant == "a quick race holds 2 to 8 players")
        #expect(simulation.violation?.details.contains("made of 3 players but 2 connections got MATCHED") == true)
    }

    @Test func aPlayerQueuedOrMatchedWhileInARoomIsCaught() {
        let room = "room=sim state=waiting size=4 target=2048 assists=no limit=0 private=no players=1 watchers=0"
        let queued = MonitoredWire.simulation()
        MonitoredWire.send([(1, "OK JOIN \(room)"), (1, "OK QUEUE waiting=1")], to: queued)
        #expect(queued.violation?.invariant == "a queued player is in no room")
        let left = MonitoredWire.simulation(connections: 2)
        MonitoredWire.send(
            [(1, "OK JOIN \(room)"), (1, "OK LEAVE room=sim"), (1, "OK QUEUE waiting=1"), (2, "OK QUEUE waiting=2")], to: left)
        MonitoredWire.send([(1, Self.matched(players: 2)), (2, Self.matched(players: 2))], to: left)
        #expect(left.violation == nil)
        // Matched again without leaving quick-1 (and queued again by a server that let it).
        MonitoredWire.send([(1, "OK QUEUE waiting=1")], to: left)
        #expect(left.violation?.invariant == "a queued player is in no room")
    }

    @Test func aRatedRaceWithABotIsCaught() {
        let simulation = MonitoredWire.simulation()
        MonitoredWire.send(
            [
                (1, "OK HELLO nick=ana"),
                (1, "OK CREATE room=league state=waiting size=4 target=2048 assists=no limit=0 private=no players=1 watchers=0 rated=yes"),
                (1, "START room=league race=1 seed=5 size=4 target=2048 assists=no limit=0 players=ana,bot-1 bots=bot-1"),
                (
                    1,
                    "RESULT room=league race=1 place=1 nick=ana reason=target score=20116 max=2048 moves=938 time=432400 rating=1662 change=+162"
                ),
                (
                    1,
                    "RESULT room=league race=1 place=2 nick=bot-1 reason=time score=9120 max=512 moves=610 time=600000 bot=yes rating=1338 change=-162"
                ),
                (1, "END room=league race=1 count=2"),
            ], to: simulation)
        #expect(simulation.violation?.invariant == "only races of two people or more without assists are rated")
    }

    @Test func aRatedRaceTheStoreDidNotRateIsCaught() {
        let simulation = MonitoredWire.simulation()
        MonitoredWire.send(
            [
                (1, "OK HELLO nick=ana"),
                (1, "OK CREATE room=league state=waiting size=4 target=2048 assists=no limit=0 private=no players=1 watchers=0 rated=yes"),
                (1, "START room=league race=1 seed=5 size=4 target=2048 assists=no limit=0 players=ana,bo"),
                (
                    1,
                    "RESULT room=league race=1 place=1 nick=ana reason=target score=20116 max=2048 moves=938 time=432400 rating=1662 change=+162"
                ),
                (
                    1,
                    "RESULT room=league race=1 place=2 nick=bo reason=time score=9120 max=512 moves=610 time=600000 rating=1338 change=-162"
                ),
                (1, "END room=league race=1 count=2"),
            ], to: simulation)
        #expect(simulation.violation?.invariant == "ratings are Glicko-2's")
    }
}
