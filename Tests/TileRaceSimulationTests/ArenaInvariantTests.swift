import Testing
import TileRaceProtocol

@testable import TileRaceSimulation

/// The arena audit (protocol.md 5.9): lines a server might send to arena
/// players, fed to `ArenaAudit` as the simulation hands them over, and arena
/// seeds run whole.
@Suite struct ArenaInvariantTests {
    /// An audit of arena 1 (running from wall 0 for 60 s) that `players` joined.
    private static func audit(_ players: [String] = ["ana", "bo"]) throws -> ArenaAudit {
        var audit = ArenaAudit()
        audit.created(
            ArenaInfo(id: 1, state: .running, settings: ArenaSettings(length: 60), startsIn: 0, endsIn: 60, players: 0), wall: 0)
        for player in players {
            try feed(
                &audit, player,
                "OK ARENA id=1 state=running length=60 "
                    + "size=4 target=2048 limit=180 rated=no race-size=2 starts-in=0 ends-in=60 players=2")
        }
        return audit
    }

    private static func feed(_ audit: inout ArenaAudit, _ player: String, _ lines: String..., wall: Int = 1000) throws {
        for line in lines { try audit.sent(ServerMessage.parse(line), to: player, wall: wall) }
    }

    /// A race in `room` of the racers in `order` (first to last; `drawn`: the last two scored alike), ended at `wall`.
    private static func race(
        _ audit: inout ArenaAudit, room: String, _ order: [String], berserk: [String] = [], drawn: Bool = false, wall: Int = 1000
    ) throws {
        for racer in order {
            let matched = "MATCHED room=\(room) state=waiting size=4 target=2048 assists=no limit=180 private=no players=\(order.count)"
            try feed(&audit, racer, matched + " watchers=0", wall: wall)
        }
        for racer in berserk { try feed(&audit, order[0], "BERSERK arena=1 room=\(room) nick=\(racer) limit=90", wall: wall) }
        for (index, racer) in order.enumerated() {
            let score = drawn && index == order.count - 1 ? 100 * (order.count - index + 1) : 100 * (order.count - index)
            let result = "RESULT room=\(room) race=1 place=\(index + 1) nick=\(racer) reason=time score=\(score)"
            try feed(&audit, order[0], result + " max=64 moves=9 time=9000", wall: wall)
        }
        try feed(&audit, order[0], "END room=\(room) race=1 count=\(order.count)", wall: wall)
    }

    private static func scored(_ nick: String, points: Int, streak: Int, races: Int, sheet: String, rank: Int = 1) -> String {
        "SCORED arena=1 rank=\(rank) nick=\(nick) points=\(points) streak=\(streak) fire=\(streak >= 2 ? "yes" : "no") "
            + "races=\(races) performance=1900 sheet=\(sheet)"
    }

    @Test func pointsThatFollowTheRulesPass() throws {
        var audit = try Self.audit()
        try Self.race(&audit, room: "quick-1", ["ana", "bo"])
        try Self.feed(
            &audit, "ana", Self.scored("ana", points: 2, streak: 1, races: 1, sheet: "2"),
            Self.scored("bo", points: 0, streak: 0, races: 1, sheet: "0", rank: 2))
        #expect(audit.racesScored == 1)
    }

    @Test func aPlantedWrongScoreIsCaught() throws {
        var audit = try Self.audit()
        try Self.race(&audit, room: "quick-1", ["ana", "bo"])
        #expect(throws: ArenaAudit.Violation.self) {
            try Self.feed(&audit, "bo", Self.scored("ana", points: 3, streak: 1, races: 1, sheet: "3"))
        }
        #expect(throws: ArenaAudit.Violation.self) {
            try Self.feed(&audit, "bo", "STANDING arena=1 rank=2 nick=bo points=1 streak=0 fire=no races=1 performance=1100 sheet=1")
        }
    }

    @Test func onFireAfterTwoWinsAndBerserkAddsOneToAWin() throws {
        var audit = try Self.audit()
        try Self.race(&audit, room: "quick-1", ["ana", "bo"])
        try Self.race(&audit, room: "quick-2", ["ana", "bo"])
        try Self.race(&audit, room: "quick-3", ["ana", "bo"], berserk: ["ana", "bo"])
        // A draw on fire scores 2 and puts the fire out.
        try Self.race(&audit, room: "quick-4", ["ana", "bo"], drawn: true)
        try Self.feed(&audit, "ana", Self.scored("ana", points: 11, streak: 0, races: 4, sheet: "2252"))
        try Self.feed(&audit, "ana", Self.scored("bo", points: 1, streak: 0, races: 4, sheet: "0001", rank: 2))
    }

    /// Alone first wins, between draws, last loses (shared last too).
    @Test func aRaceOfThreeScoresAloneFirstBetweenAndLast() throws {
        var audit = try Self.audit(["ana", "bo", "cy", "di"])
        try Self.race(&audit, room: "quick-1", ["ana", "bo", "cy"])
        try Self.race(&audit, room: "quick-2", ["di", "bo", "cy"], drawn: true)
        try Self.feed(
            &audit, "ana", Self.scored("ana", points: 2, streak: 1, races: 1, sheet: "2"),
            Self.scored("bo", points: 1, streak: 0, races: 2, sheet: "10"), Self.scored("cy", points: 0, streak: 0, races: 2, sheet: "00"),
            Self.scored("di", points: 2, streak: 1, races: 1, sheet: "2"))
    }

    @Test func aRaceEndedAfterTheArenaScoresNothingAndFrozenStandingsNeverChange() throws {
        var audit = try Self.audit()
        try Self.race(&audit, room: "quick-1", ["ana", "bo"], wall: 60_000)
        let frozen = "STANDING arena=1 rank=1 nick=ana points=0 streak=0 fire=no races=0 performance=- sheet="
        try Self.feed(&audit, "ana", frozen, wall: 61_000)
        #expect(throws: ArenaAudit.Violation.self) {
            try Self.feed(&audit, "ana", Self.scored("ana", points: 2, streak: 1, races: 1, sheet: "2"), wall: 60_000)
        }
        #expect(throws: ArenaAudit.Violation.self) {
            try Self.feed(&audit, "ana", frozen.replacingOccurrences(of: "rank=1", with: "rank=2"), wall: 62_000)
        }
    }

    @Test func aPlayerMatchedWhileRacingIsCaught() throws {
        var audit = try Self.audit(["ana", "bo", "cy"])
        let matched = "state=waiting size=4 target=2048 assists=no limit=180 private=no players=2 watchers=0"
        try Self.feed(&audit, "ana", "MATCHED room=quick-1 \(matched)")
        #expect(throws: ArenaAudit.Violation.self) { try Self.feed(&audit, "ana", "MATCHED room=quick-2 \(matched)") }
    }

    /// Arena seeds, with every fault: the audit's invariants hold and races are scored.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func arenaSeedsKeepEveryInvariant(seed: UInt64) {
        let report = Simulation.run(seed: seed, settings: SimulationSettings(arenas: true))
        #expect(report.violation == nil, "\(report.violation.map { "\($0)" } ?? "")")
        #expect(report.arenaRacesScored > 0)
    }
}
