import Dispatch
import Foundation

package enum SimulationCommand {
    struct Request: Equatable {
        var firstSeed: UInt64 = 1
        var seedCount = 1000
        var settings = SimulationSettings()
        var isTraced = false
        var isHelp = false
        var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// A bad command line, in one sentence.
    struct UsageError: Error, Equatable {
        var message: String
    }

    static let usage = """
        usage: tilerace-sim [--seeds N] [--from S] [--clients K] [--servers M] [--no-faults] [--reports] [--cheats] [--arenas]
                            [--jobs J]
               tilerace-sim --seed S [--trace] [--clients K] [--servers M] [--no-faults] [--reports] [--cheats] [--arenas]

        Runs the deterministic simulation: real server cores, clients and bots on a
        simulated network with faults, invariants checked after every step.
          --seeds N     run N seeds (default 1000), starting at --from S (default 1)
          --seed S      run one seed; with --trace, print every event of it
          --clients K   simulated players per run, 1 to 8 (default: 2 to 5, drawn by each seed)
          --servers M   servers sharing one store and room directory, 1 to 3 (default 2)
          --no-faults   no cuts, stalls, refusals, server stops or store outages
          --reports     players also report others from the final standings (other draws change)
          --cheats      cheating players too, and an operator reviewing held games (other draws change)
          --arenas      the operator creates arenas and racers play them (other draws change)
          --jobs J      seeds run at once, on J threads (default: the processors, here \(ProcessInfo.processInfo.activeProcessorCount))
        Exit status: 0 when every run kept every invariant, 1 when one did not, 2 for a bad command line.
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var request = Request()
        var seen: Set<String> = []
        var index = 0
        func value(_ option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(option) needs a value") }
            return arguments[index]
        }
        func number<Number: FixedWidthInteger>(_ option: String, in range: ClosedRange<Number>) throws(UsageError) -> Number {
            let text = try value(option)
            guard let parsed = Number(text), range.contains(parsed) else {
                throw UsageError(
                    message: "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
            }
            return parsed
        }
        while index < arguments.count {
            let option = arguments[index]
            guard seen.insert(option).inserted else { throw UsageError(message: "\(option) is given twice") }
            switch option {
            case "--seeds": request.seedCount = try number(option, in: 1...100_000_000)
            case "--from": request.firstSeed = try number(option, in: 0...UInt64.max - 100_000_000)
            case "--seed":
                request.firstSeed = try number(option, in: 0...UInt64.max)
                request.seedCount = 1
            case "--clients":
                let count: Int = try number(option, in: 1...8)
                request.settings.players = count...count
            case "--servers": request.settings.servers = try number(option, in: 1...3)
            case "--no-faults": request.settings.injectsFaults = false
            case "--reports": request.settings.reports = true
            case "--cheats": request.settings.cheats = true
            case "--arenas": request.settings.arenas = true
            case "--jobs": request.jobs = try number(option, in: 1...256)
            case "--trace": request.isTraced = true
            case "--help", "-h": request.isHelp = true
            default: throw UsageError(message: "unknown option \"\(option)\" (see tilerace-sim --help)")
            }
            index += 1
        }
        if request.isTraced, !seen.contains("--seed") { throw UsageError(message: "--trace replays one seed: give --seed S") }
        if seen.contains("--seed"), seen.contains("--seeds") || seen.contains("--from") {
            throw UsageError(message: "--seed runs one seed: leave out --seeds and --from")
        }
        return request
    }

    /// Runs the command line; never returns.
    package static func main() -> Never {
        let request: Request
        do {
            request = try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("tilerace-sim: \(error.message)\n".utf8))
            exit(2)
        }
        if request.isHelp {
            print(usage)
            exit(0)
        }
        TrapReporter.install()
        exit(run(request))
    }

    static func run(_ request: Request) -> Int32 {
        let started = DispatchTime.now().uptimeNanoseconds
        if request.isTraced {
            TrapReporter.running(request.firstSeed, on: 0)
            let report = Simulation.run(seed: request.firstSeed, settings: request.settings, isTraced: true)
            for line in report.trace { print(line) }
            if let violation = report.violation { print(violation) }
            print(
                "seed \(report.seed): \(report.racesStarted) races (\(report.quickRacesMatched) quick races matched, "
                    + "\(report.ratedRacesRated) rated races rated), \(report.steps) steps")
            return report.violation == nil ? 0 : 1
        }
        let progress = ProgressReport(seedCount: request.seedCount, started: started)
        let jobs = min(request.jobs, request.seedCount)
        // Each thread runs every `jobs`-th seed; the reports meet on the progress queue.
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            var offset = job
            while offset < request.seedCount {
                TrapReporter.running(request.firstSeed + UInt64(offset), on: job)
                let report = Simulation.run(seed: request.firstSeed + UInt64(offset), settings: request.settings)
                progress.add(report)
                offset += jobs
            }
        }
        let failures = progress.failures
        let totals = progress.sums
        let seconds = elapsed(since: started)
        print(
            "\(request.seedCount) seed(s) from \(request.firstSeed) on \(jobs) thread(s): \(failures.count) failing; "
                + "\(totals.races) races (\(totals.quickRaces) quick races matched, \(totals.ratedRaces) rated races rated), "
                + "\(totals.createsRefusedFull) CREATEs refused for a full server, "
                + (request.settings.cheats
                    ? "\(totals.held) cheaters' games held (\(totals.approved) approved, \(totals.rejected) rejected), " : "")
                + (request.settings.arenas ? "\(totals.arenaRaces) arena races scored, " : "")
                + "\(totals.steps) steps in \(String(format: "%.1f", seconds)) s: "
                + "\(rate(Double(request.seedCount), seconds)) seeds/s, \(rate(Double(totals.races), seconds)) races/s")
        if !failures.isEmpty {
            print("failing seeds: \(failures.map { String($0.seed) }.joined(separator: " "))")
        }
        return failures.isEmpty ? 0 : 1
    }

    static func elapsed(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func rate(_ count: Double, _ seconds: Double) -> String {
        String(format: "%.1f", count / max(seconds, 1e-9))
    }
}
