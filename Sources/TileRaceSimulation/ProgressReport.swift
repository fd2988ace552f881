import Dispatch
import Foundation

/// Gathers results from the seed threads; owned by its serial queue, so `add` may be
/// called from any thread.
final class ProgressReport: @unchecked Sendable {
    private let queue = DispatchQueue(label: "tilerace.sim.progress")
    private let seedCount: Int
    private let started: UInt64
    private var done = 0
    private var failed: [SimulationViolation] = []
    private var totals = Totals()

    init(seedCount: Int, started: UInt64) {
        self.seedCount = seedCount
        self.started = started
    }

    /// Counts a finished run (prints its violation, if any).
    func add(_ report: SimulationReport) {
        queue.sync {
            done += 1
            totals.races += report.racesStarted
            totals.steps += report.steps
            totals.quickRaces += report.quickRacesMatched
            totals.ratedRaces += report.ratedRacesRated
            totals.createsRefusedFull += report.createsRefusedFull
            totals.held += report.gamesHeld
            totals.approved += report.heldApproved
            totals.rejected += report.heldRejected
            totals.arenaRaces += report.arenaRacesScored
            if let violation = report.violation {
                failed.append(violation)
                print(violation)
            }
            if seedCount >= 100, done % max(1, seedCount / 20) == 0 {
                let seconds = SimulationCommand.elapsed(since: started)
                print("\(done) seeds, \(failed.count) failing, \(SimulationCommand.rate(Double(done), seconds)) seeds/s")
            }
            fflush(nil)
        }
    }

    var failures: [SimulationViolation] { queue.sync { failed.sorted { $0.seed < $1.seed } } }
    /// Summed over every run added.
    var sums: Totals { queue.sync { totals } }

    struct Totals {
        var races = 0, steps = 0, quickRaces = 0, ratedRaces = 0, createsRefusedFull = 0
        /// Cheaters' games held (`--cheats`), and the operator's decisions.
        var held = 0, approved = 0, rejected = 0
        var arenaRaces = 0
    }
}
