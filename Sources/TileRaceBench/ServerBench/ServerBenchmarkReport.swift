import Foundation
import TileRaceCLI
import TileRaceTransport

/// Runs `tilerace-bench server` from its arguments and prints its figures.
enum ServerBenchmarkReport {
    static func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        if arguments.has("--redis") { return try runReference(arguments, console: console) }
        for option in ["--server-cpus", "--load-cpus", "--server-executable"] where arguments.value(option) != nil {
            throw CommandLineError("\(option) needs --redis (it sets up the servers started as processes)")
        }
        var options = ServerBenchmark.Options()
        options.host = arguments.value("--host")
        options.port = try arguments.integer("--port", in: 1...65535, default: 2048)
        options.players = try arguments.integer("--players", in: 1...5000, default: 200)
        options.movesPerSecond = try arguments.integer("--rate", in: 1...1000, default: 20)
        options.roomSize = try arguments.integer("--room-size", in: 1...16, default: 8)
        options.seconds = try arguments.integer("--seconds", in: 1...3600, default: 10)
        options.submitters = try arguments.integer("--submitters", in: 0...100, default: 0)
        options.loadQueues = try arguments.integer("--load-queues", in: 1...64, default: LoadShard.defaultCount)
        options.serverProcess = try arguments.value("--server-pid").map { _ throws(CommandLineError) in
            try arguments.integer("--server-pid", in: 1...Int(Int32.max), default: 1)
        }
        options.serverShards = try arguments.value("--shards").map { _ throws(CommandLineError) in
            try arguments.integer("--shards", in: 1...256, default: 1)
        }
        if options.serverShards != nil, options.host != nil {
            throw CommandLineError("--shards applies to the server started here, not to one given by --host")
        }
        if options.serverProcess != nil, options.host == nil {
            throw CommandLineError("--server-pid needs --host (the server started here is measured with the load)")
        }
        if arguments.value("--port") != nil, options.host == nil {
            throw CommandLineError("--port needs --host (without it, a server is started here on a free port)")
        }
        BenchCommand.noteDebugBuild(console)
        let target =
            options.host.map { "\($0):\(options.port)" } ?? "a server in this process on 127.0.0.1 (leaderboard in a temporary directory)"
        console.print(
            "load: \(options.players) players in rooms of \(options.roomSize) at \(options.movesPerSecond) moves/s each"
                + (options.submitters > 0 ? ", \(options.submitters) submitting as fast as answered" : "")
                + "; \(options.seconds) s against \(target)")
        switch ServerBenchmark(options: options).run() {
        case .failure(let failure):
            console.printError("tilerace-bench server: \(failure.message)")
            return CLI.failure
        case .success(let report):
            let trips = report.roundTrips
            func percentile(_ fraction: Double) -> String {
                guard !trips.isEmpty else { return "-" }
                let index = min(trips.count - 1, Int((Double(trips.count) * fraction).rounded(.up)) - 1)
                return milliseconds(trips[max(0, index)])
            }
            console.print(
                "moves acknowledged: \(Int(Double(report.moves) / report.seconds)) per second (\(report.moves) in \(String(format1: report.seconds)) s)"
            )
            console.print(
                "MOVE round trip: p50 \(percentile(0.5)) ms, p99 \(percentile(0.99)) ms, p99.9 \(percentile(0.999)) ms, max \(trips.last.map(milliseconds) ?? "-") ms"
            )
            console.print("PROGRESS lines received: \(Int(Double(report.progressLines) / report.seconds)) per second")
            if options.submitters > 0 {
                console.print("submissions acknowledged: \(String(format1: Double(report.submissions) / report.seconds)) per second")
            }
            console.print(
                "errors: \(report.errors.count)" + (report.errors.isEmpty ? "" : " (first: \(report.errors[0]))"))
            let scope = options.host == nil ? "server and load together" : "load generator only"
            console.print(
                "CPU (\(scope)): \(String(format1: report.processCPUSeconds / report.seconds * 100)) % of one core; "
                    + "peak memory \(String(format1: report.maximumResidentMegabytes)) MB")
            if let serverCPU = report.serverCPUSeconds {
                let perMove = report.moves > 0 ? serverCPU / Double(report.moves) * 1e6 : 0
                console.print(
                    "server CPU: \(String(format1: serverCPU / report.seconds * 100)) % of one core; \(String(format1: perMove)) µs per move"
                )
            } else if options.serverProcess != nil {
                console.print("server CPU: not measurable here (no /proc)")
            }
            return report.errors.isEmpty ? CLI.success : CLI.failure
        }
    }

    /// `bench server --redis`: the same-run table of TileRace and Redis.
    private static func runReference(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        for option in ["--host", "--port", "--server-pid", "--submitters", "--load-queues"] where arguments.value(option) != nil {
            throw CommandLineError("\(option) does not apply to --redis (it starts its own servers; --load-cpus sets the load's threads)")
        }
        var options = ReferenceBenchmark.Options()
        options.connections = try arguments.integer("--players", in: 1...5000, default: 200)
        options.requestsPerSecond = try arguments.integer("--rate", in: 1...1000, default: 20)
        options.roomSize = try arguments.integer("--room-size", in: 1...16, default: 8)
        options.seconds = try arguments.integer("--seconds", in: 1...3600, default: 10)
        options.shards = try arguments.integer("--shards", in: 1...256, default: 1)
        do throws(CPUAffinity.Failure) {
            options.serverCPUs = try arguments.value("--server-cpus").map { text throws(CPUAffinity.Failure) in
                try CPUAffinity(parsing: text)
            }
            options.loadCPUs = try arguments.value("--load-cpus").map { text throws(CPUAffinity.Failure) in try CPUAffinity(parsing: text) }
        } catch {
            throw CommandLineError("--server-cpus/--load-cpus: \(error.message)")
        }
        options.serverExecutable = try ServedProcess.executable(given: arguments.value("--server-executable"))
        BenchCommand.noteDebugBuild(console)
        console.print(
            "same run: \(options.connections) connections at \(options.requestsPerSecond) requests/s each "
                + "(\(options.connections * options.requestsPerSecond)/s), rooms and channel groups of \(options.roomSize), "
                + "\(options.seconds) s each after a 1 s warm-up; server \(options.shards) shard(s)"
                + (options.serverCPUs.map { " on CPUs \($0)" } ?? "") + ", load on "
                + (options.loadCPUs.map { "CPUs \($0), a thread each" } ?? "one thread"))
        let rows: [ReferenceBenchmark.Row]
        do throws(BenchmarkFailure) {
            rows = try ReferenceBenchmark(options: options).run { console.print("  \($0)") }
        } catch {
            console.printError("tilerace-bench server: \(error.message)")
            return CLI.failure
        }
        let asked = options.connections * options.requestsPerSecond
        for line in ReferenceTable.lines(for: rows, requestsPerSecond: asked) { console.print(line) }
        return ReferenceBenchmark.isComplete(rows) ? CLI.success : CLI.failure
    }

    private static func milliseconds(_ nanoseconds: UInt64) -> String {
        String(format2: Double(nanoseconds) / 1e6)
    }
}

extension String {
    /// A number with one decimal: "12.3".
    init(format1 value: Double) {
        let scaled = (value * 10).rounded()
        self = "\(Int(scaled) / 10).\(abs(Int(scaled) % 10))"
    }

    /// A number with two decimals: "0.42".
    init(format2 value: Double) {
        let scaled = Int((value * 100).rounded())
        let fraction = abs(scaled % 100)
        self = "\(scaled / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
