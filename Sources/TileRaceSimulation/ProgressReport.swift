import Dispatch
import Foundation

/// What the seeds run so far came to, gathered from the threads that run
/// them: failures are printed as they come, and progress now and then.
///
/// Owned by its serial queue: `add` may be called from any thread.
final class ProgressReport: @unchecked Sendable {
    private let queue = DispatchQueue(label: "tilerace.sim.progress")
    private let seedCount: Int
    private let started: UInt64
    private var done = 0
    private var failed: [SimulationViolation] = []
    private var raceCount = 0
    private var stepCount = 0
    private var quickRaceCount = 0
    private var ratedRaceCount = 0
    private var createsRefusedFullCount = 0

    init(seedCount: Int, started: UInt64) {
        self.seedCount = seedCount
        self.started = started
    }

    /// Counts a finished run (prints its violation, if any).
    func add(_ report: SimulationReport) {
        queue.sync {
            done += 1
            raceCount += report.racesStarted
            stepCount += report.steps
            quickRaceCount += report.quickRacesMatched
            ratedRaceCount += report.ratedRacesRated
            createsRefusedFullCount += report.createsRefusedFull
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
    var races: Int { queue.sync { raceCount } }
    var steps: Int { queue.sync { stepCount } }
    var quickRaces: Int { queue.sync { quickRaceCount } }
    var ratedRaces: Int { queue.sync { ratedRaceCount } }
    var createsRefusedFull: Int { queue.sync { createsRefusedFullCount } }
}
