import Testing
import TileRaceProtocol

@testable import TileRaceSimulation

/// The deterministic simulator on every `swift test`: a fixed set of seeds,
/// the seeds that found the defects of issue 20 (pinned as regression
/// tests), and the promise that one seed makes one run.
@Suite struct SimulationTests {
    /// Seeds `first ..< first + 20`, each a run of 2 to 5 players on two
    /// servers with faults, must keep every invariant; in each twenty,
    /// players with claimed nicknames make a quick race (`MATCHED`), and
    /// racers' `PROGRESS` reaches the others (each line checked), some of it
    /// after waiting for the racer's next reply. (Rated
    /// races, which faults often cut short: `claimedPlayersRaceRated`.)
    @Test(arguments: [1, 21, 41, 61])
    func fixedSeedsKeepEveryInvariant(first: UInt64) {
        var quickRaces = 0
        var progressLines = 0
        var linesThatWaited = 0
        for seed in first..<first + 20 {
            let report = Simulation.run(seed: seed)
            quickRaces += report.quickRacesMatched
            progressLines += report.progressLines
            linesThatWaited += report.linesThatWaited
            #expect(report.violation == nil, "\(report.violation.map(String.init(describing:)) ?? "")")
            // A run that plays, not one cut short: some hundreds of steps (the
            // shortest seeds, two players who race once, run about a thousand).
            #expect(report.steps > 500, "seed \(seed) ran only \(report.steps) steps")
        }
        #expect(quickRaces > 0, "no quick race in seeds \(first) to \(first + 19)")
        #expect(progressLines > 0, "no PROGRESS in seeds \(first) to \(first + 19)")
        #expect(linesThatWaited > 0, "no PROGRESS waited for a racer's reply in seeds \(first) to \(first + 19)")
    }

    /// Four players on a healthy network, seeds 1 to 10: claimed players
    /// finish quick races and rated rooms' races, and every rating the
    /// results carry is the one `RatingAudit` computes; with one room a
    /// server (`Simulation.maximumRooms`), some `CREATE`s meet a full
    /// server (`ERR too-many-rooms`, the room limit checked every step).
    @Test func claimedPlayersRaceRated() {
        var quickRaces = 0
        var ratedRaces = 0
        var createsRefusedFull = 0
        for seed in UInt64(1)...10 {
            let report = Simulation.run(seed: seed, settings: SimulationSettings(players: 4...4, injectsFaults: false))
            quickRaces += report.quickRacesMatched
            ratedRaces += report.ratedRacesRated
            createsRefusedFull += report.createsRefusedFull
            #expect(report.violation == nil, "\(report.violation.map(String.init(describing:)) ?? "")")
        }
        #expect(quickRaces > 0)
        #expect(ratedRaces > 0)
        #expect(createsRefusedFull > 0)
    }

    /// Seeds that found defects: 2 (the client trapped resuming with nothing
    /// to resend; Ctrl-C left a ghost seat), 186 (a practice game started
    /// while the line failed, its PRACTICE lost, resynced onto the wrong
    /// game), 1684 (a fake "You resigned · score 0" after coming back to a
    /// room whose race named an earlier seat of ours), 22674 (the same as
    /// 186, where the two games' figures agreed at the resync entry), 26907
    /// (a practice entry queued ahead of HELLO after going back home from a
    /// moved server), 32214 (a RESTART lost with the line, the figures at
    /// the resync entry agreeing by chance), 105588 (a practice entry queued
    /// ahead of HELLO after following `ERR moved`).
    /// They run without the `INFO` probes added since, which would change
    /// every step after the first; the operator and the outage fault (which
    /// never fired before issue 25's session) do change their runs, so they
    /// are now seeds that once failed rather than the exact runs.
    @Test(arguments: [2, 186, 1684, 22674, 26907, 32214, 105588] as [UInt64])
    func seedsThatFoundDefectsStayFixed(seed: UInt64) {
        let report = Simulation.run(seed: seed, settings: SimulationSettings(probesInfo: false))
        #expect(report.violation == nil, "\(report.violation.map(String.init(describing:)) ?? "")")
    }

    /// Seeds of issue 44 (found by the release build): 702563 (a race left to a bot moving at
    /// random on a 5x5 board outran the drain: slow, not stuck), 708410 and 807776 (a RESTART
    /// lost with the line; the client played on to "no moves", adopted the server's earlier
    /// copy on resuming, and still showed the race over); 740924 (from the 100,000 seeds after
    /// them: a player draining its race pressed arrows in remove-tile mode for ever); 533 and 1072
    /// (the room invariant: a rated READY's answer, come after a drop, was sent on the resumed connection);
    /// 763606 (a player's random keys on a board holding a 1024 outran the drain: slow, not stuck); 778498 (a board
    /// dealt and paused offline went to the server once connected with its clock running).
    @Test(arguments: [702563, 708410, 807776, 740924, 533, 1072, 763606, 778498] as [UInt64])
    func seedsOfIssue44StayFixed(seed: UInt64) {
        let report = Simulation.run(seed: seed)
        #expect(report.violation == nil, "\(report.violation.map(String.init(describing:)) ?? "")")
    }

    /// Seeds where the operator marks a winner of a rated race assisted and its opponents get
    /// points back (a refund of half what was lost breaks "the points given back equal what
    /// was lost to that player" in each; a rating board listing assisted nicknames breaks
    /// "an assisted nickname is on no board" in each too).
    @Test(arguments: [91, 183, 233] as [UInt64])
    func theOperatorsAssistGivesBackWhatWasLost(seed: UInt64) {
        let report = Simulation.run(seed: seed)
        #expect(report.violation == nil, "\(report.violation.map(String.init(describing:)) ?? "")")
    }

    @Test func aRunWithoutFaultsRacesAndKeepsEveryInvariant() {
        let report = Simulation.run(seed: 1, settings: SimulationSettings(players: 3...3, injectsFaults: false))
        #expect(report.violation == nil, "\(report.violation.map(String.init(describing:)) ?? "")")
        #expect(report.racesStarted > 0)
        #expect(report.faults == 0)
        #expect(report.infoReplies > 0)
    }

    /// An `OK INFO` that does not count what its server holds breaks the invariant.
    @Test func anInfoThatMiscountsIsCaught() {
        let simulation = Simulation(seed: 1, settings: SimulationSettings(), trace: SimulationTrace(isOn: false, isFull: false))
        simulation.servers.append(SimulatedServer(index: 0))
        simulation.startServer(0)
        let right = ServerInfo(
            version: TileRaceVersion.current, uptimeSeconds: 0, players: 0, rooms: 1, races: 0, tenthsOfMovesPerSecond: 0, store: .memory,
            isStoreUp: true)
        simulation.checkInfo(right, line: "OK INFO ...", server: 0)
        #expect(simulation.violation == nil)
        var wrong = right
        wrong.players = 1
        simulation.checkInfo(wrong, line: "OK INFO players=1", server: 0)
        #expect(simulation.violation?.invariant == "INFO counts what the server holds")
    }

    /// A client that miscounts (`Fault.miscount`) asks with `RESYNC` and
    /// gets the server's copy; the invariants hold all along.
    @Test func clientsThatMiscountAskForTheServersCopyAndGetIt() {
        let reports = (1...10).map { Simulation.run(seed: UInt64($0)) }
        #expect(reports.allSatisfy { $0.violation == nil })
        #expect(reports.map(\.resyncsAnswered).reduce(0, +) > 0)
    }

    /// Every kind of fault the simulator draws happens in a few seeds (an
    /// `outage`, a cut refused for a while, once never fired: its kind fell
    /// through to a store fault).
    @Test func everyKindOfFaultHappens() {
        let lines = (1...8).flatMap { Simulation.run(seed: UInt64($0), isTraced: true).trace }
        let kinds: [(String, (String) -> Bool)] = [
            ("cut", { $0.hasSuffix("'s connection") }),
            ("outage", { $0.contains("'s connection and refuses it for") }),
            ("stall", { $0.contains("stalls ") }),
            ("refuse", { $0.contains("refuses connections for") }),
            ("stop", { $0.contains(": stops for") }),
            ("store", { $0.contains("store: slow for") || $0.contains("store: failing for") || $0.contains("store: down for") }),
            ("fail-over", { $0.contains("store: fails over:") }),
        ]
        for (kind, isFault) in kinds {
            #expect(lines.contains(where: isFault), "no \(kind) fault in seeds 1 to 8")
        }
    }

    /// A fail-over that strikes while a rated race's ratings are on their way
    /// loses them (the store comes back with what it acknowledged): the race
    /// ends unrated, and the store keeps every acknowledged record and claim.
    @Test func aFailOverLosesOnlyWhatWasNotAcknowledged() {
        let report = Simulation.run(seed: 121, isTraced: true)
        #expect(report.violation == nil)
        #expect(report.trace.contains { $0.contains("store: fails over: 2 unacknowledged record(s) lost") })
        #expect(report.trace.contains { $0.contains("could not be rated: failed over") })
    }

    /// Players race leaderboard entries' ghosts (`g`): the servers start
    /// ghost races, and none of them is ever on a board (`WireMonitor`).
    @Test func playersRaceGhostsThatNeverGoOnABoard() {
        let reports = (1...10).map { Simulation.run(seed: UInt64(100 + $0)) }
        #expect(reports.allSatisfy { $0.violation == nil })
        #expect(reports.map(\.ghostRacesStarted).reduce(0, +) > 0)
    }

    /// Players report others from the final standings (`!`): each report is
    /// in the store for the operator, and no player is ever shown one (`WireMonitor`).
    @Test func playersReportOthersAndOnlyTheOperatorSeesIt() {
        // Seeds whose players reach the final standings and press `!` (few do: re-pick them when the draws change).
        let reports = [310, 327, 367, 393].map { Simulation.run(seed: UInt64($0), settings: SimulationSettings(reports: true)) }
        #expect(reports.allSatisfy { $0.violation == nil })
        #expect(reports.map(\.reportsMade).reduce(0, +) > 0)
    }

    /// Players start practice games on the server's seed (`PRACTICE` without
    /// `seed=`), and their games stay the server's (`checkClientAgreesWithServer`).
    @Test func practiceGamesAreDealtByTheServer() {
        let reports = (1...10).map { Simulation.run(seed: UInt64(200 + $0)) }
        #expect(reports.allSatisfy { $0.violation == nil })
        #expect(reports.map(\.practicesAskedToDeal).reduce(0, +) > 0)
    }

    /// Seed 8: a run of some thousands of lines (seed 9, used before,
    /// became a quiet run of two players once one went for quick races).
    @Test func oneSeedMakesOneRunStepForStep() {
        let first = Simulation.run(seed: 8, isTraced: true)
        let second = Simulation.run(seed: 8, isTraced: true)
        #expect(first.steps == second.steps)
        #expect(first.trace.count > 1000)
        #expect(first.trace == second.trace)
        let other = Simulation.run(seed: 10, isTraced: true)
        #expect(other.trace != first.trace)
    }
}
