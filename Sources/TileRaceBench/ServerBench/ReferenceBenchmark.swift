import Dispatch
import Foundation
import TileRaceRedisProcess
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tilerace-bench server --redis`: the same load, in one run, against a
/// `tilerace serve` process and a `redis-server` process, each pinned to the
/// server's CPUs (the load to its own), and the server process's CPU time
/// per request read from /proc. Four rows: TileRace practice (`MOVE`),
/// TileRace race (`MOVE` with `PROGRESS` to the room), Redis `SET`, Redis
/// `PUBLISH` to groups the room's size (`ReferenceConnection` says exactly
/// what each sends).
///
/// `run` blocks the calling thread until done.
struct ReferenceBenchmark {
    /// What to run.
    struct Options {
        var connections = 1000
        var requestsPerSecond = 40
        var roomSize = 8
        var seconds = 10
        var shards = 1
        var serverCPUs: CPUAffinity?
        var loadCPUs: CPUAffinity?
        /// The `tilerace` that serves (`ServedProcess.executable`).
        var serverExecutable = "tilerace"
    }

    /// One measured row.
    struct Row {
        var name: String
        var seconds: Double = 0
        var roundTrips: [UInt64] = []
        var fannedOut = 0
        var serverCPUSeconds: Double?
        var serverThreads: Int?
        var loadCPUSeconds = 0.0
        var loadCores = 1
        /// The time the machine's host took from the server's CPUs and from
        /// the load's in the window (`StolenTime`; both every CPU when not
        /// pinned), where /proc/stat tells.
        var serverStolenSeconds: Double?
        var loadStolenSeconds: Double?
        /// The load's longest turn, in ns (`ReferenceLoad.Figures.longestTurn`).
        var loadLongestTurn: UInt64 = 0
        var errorCount = 0
        var firstErrors: [String] = []
        /// Why it was not measured, when it was not.
        var notMeasured: String?

        var requestsPerSecond: Double { seconds > 0 ? Double(roundTrips.count) / seconds : 0 }
        /// The server's CPU time per timed request, in µs.
        var serverMicrosecondsPerRequest: Double? {
            guard let serverCPUSeconds, !roundTrips.isEmpty else { return nil }
            return serverCPUSeconds / Double(roundTrips.count) * 1e6
        }
        /// The load's CPU, as a share of the cores it may use.
        var loadShare: Double { seconds > 0 ? loadCPUSeconds / seconds / Double(max(1, loadCores)) : 0 }
    }

    let options: Options
    /// Why the Redis rows are missing where there is no redis-server (not a failure).
    static let noRedis = "no redis-server installed"

    /// Whether every row was measured without errors (the Redis rows may be
    /// missing for want of a redis-server): the exit status.
    static func isComplete(_ rows: [Row]) -> Bool {
        rows.allSatisfy { $0.errorCount == 0 && ($0.notMeasured ?? noRedis) == noRedis }
    }

    /// The four rows; `progress` hears what is being done.
    func run(progress: (String) -> Void) throws(BenchmarkFailure) -> [Row] {
        if let loadCPUs = options.loadCPUs {
            do throws(CPUAffinity.Failure) {
                try loadCPUs.pin(process: getpid())
            } catch {
                throw BenchmarkFailure("--load-cpus: \(error.message)")
            }
        }
        ReferenceBenchmark.raiseDescriptorLimit()
        Socket.ignoreBrokenPipeSignal()
        var rows: [Row] = []
        progress("starting \(options.serverExecutable) serve --shards \(options.shards)")
        let served = try pinnedStart { () throws(BenchmarkFailure) in
            try ServedProcess(executable: options.serverExecutable, shards: options.shards, connections: options.connections)
        }
        defer { served.stop() }
        try pin(served.processIdentifier)
        for (name, role) in [("TileRace practice MOVE", Phase.practice), ("TileRace race MOVE", Phase.race)] {
            progress("measuring \(name)")
            rows.append(measureOrSay(name, phase: role, port: served.port, server: served.processIdentifier))
        }
        served.stop()
        let redis: RedisServerProcess
        do throws(BenchmarkFailure) {
            progress("starting redis-server (in memory: no append-only file)")
            redis = try pinnedStart { () throws(BenchmarkFailure) in
                do {
                    return try RedisServerProcess(arguments: ["--appendonly", "no", "--maxclients", "20000"])
                } catch {
                    throw BenchmarkFailure("\(error)")
                }
            }
        } catch {
            let reason = RedisServerProcess.isInstalled ? error.message : ReferenceBenchmark.noRedis
            return rows + [Row(name: "Redis SET", notMeasured: reason), Row(name: "Redis PUBLISH", notMeasured: reason)]
        }
        defer { redis.stop() }
        guard let redisProcess = redis.processIdentifier else { throw BenchmarkFailure("redis-server stopped at once") }
        try pin(redisProcess)
        for (name, role) in [("Redis SET", Phase.redisSet), ("Redis PUBLISH", Phase.redisPublish)] {
            progress("measuring \(name)")
            rows.append(measureOrSay(name, phase: role, port: redis.address.port, server: redisProcess))
        }
        return rows
    }

    enum Phase {
        case practice, race, redisSet, redisPublish
    }

    /// The connections of a phase, whole rooms (or channel groups) per load thread.
    func connections(for phase: Phase, threads: Int) -> [[ReferenceConnection]] {
        var shares: [[ReferenceConnection]] = Array(repeating: [], count: max(1, threads))
        for index in 0..<options.connections {
            let group = index / options.roomSize
            let members = min(options.roomSize, options.connections - group * options.roomSize)
            let share = group % shares.count
            switch phase {
            case .practice: shares[share].append(ReferenceConnection(role: .practice, index: index))
            case .redisSet: shares[share].append(ReferenceConnection(role: .redisSet, index: index))
            case .race:
                let role = ReferenceConnection.Role.racer(room: group, creates: index % options.roomSize == 0, members: members)
                shares[share].append(ReferenceConnection(role: role, index: index))
            case .redisPublish:
                shares[share].append(ReferenceConnection(role: .redisPublisher(channel: group), index: index))
                // Each of the group's other members hears it, as PROGRESS goes to a room's other racers.
                if index % options.roomSize != 0 {
                    shares[share].append(ReferenceConnection(role: .redisSubscriber(channel: group), index: options.connections + index))
                }
            }
        }
        return shares
    }

    private var loadThreads: Int { options.loadCPUs?.cpus.count ?? 1 }

    /// A row, or one that says why it could not be measured (the other rows still are).
    private func measureOrSay(_ name: String, phase: Phase, port: Int, server: Int32) -> Row {
        do throws(BenchmarkFailure) {
            return try measure(name, phase: phase, port: port, server: server)
        } catch {
            return Row(name: name, notMeasured: error.message)
        }
    }

    private func measure(_ name: String, phase: Phase, port: Int, server: Int32) throws(BenchmarkFailure) -> Row {
        let window = ReferenceLoad.Window()
        let shares = connections(for: phase, threads: loadThreads)
        let total = shares.reduce(0) { $0 + $1.count }
        let interval = UInt64(1_000_000_000 / max(1, options.requestsPerSecond))
        let loads = shares.enumerated().map { position, share in
            ReferenceLoad(
                connections: share, host: "127.0.0.1", port: port, interval: interval, cpu: options.loadCPUs?.cpus[position], window: window
            )
        }
        for load in loads { load.start() }
        // Every connection playing (greeted, in its game or race; Redis: connected, subscribed), at most 60 s.
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        while window.readyConnections < total, !window.bounds.isAbandoned, DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(10_000)
        }
        var row = Row(name: name, loadCores: loads.count)
        guard window.readyConnections == total else {
            window.abandon()
            for load in loads { load.finished.wait() }
            let first = loads.flatMap(\.figures.firstErrors).first.map { ": \($0)" } ?? ""
            throw BenchmarkFailure("\(window.readyConnections) of \(total) connections ready after 60 s\(first)")
        }
        // A second's warm-up, then the measured window.
        let start = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        let end = start + UInt64(options.seconds) * 1_000_000_000
        window.open(start: start, end: end)
        ReferenceBenchmark.sleep(until: start)
        let serverBefore = ServerBenchmark.cpuSeconds(ofProcess: Int(server))
        let loadBefore = ReferenceBenchmark.ownCPUSeconds()
        let stolenBefore = stolenSeconds()
        ReferenceBenchmark.sleep(until: end)
        let serverAfter = ServerBenchmark.cpuSeconds(ofProcess: Int(server))
        row.loadCPUSeconds = ReferenceBenchmark.ownCPUSeconds() - loadBefore
        let stolenAfter = stolenSeconds()
        if let before = stolenBefore.server, let after = stolenAfter.server { row.serverStolenSeconds = after - before }
        if let before = stolenBefore.load, let after = stolenAfter.load { row.loadStolenSeconds = after - before }
        row.seconds = Double(end - start) / 1e9
        row.serverThreads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server)/task"))?.count
        if let serverBefore, let serverAfter { row.serverCPUSeconds = serverAfter - serverBefore }
        for load in loads {
            load.finished.wait()
            row.roundTrips += load.figures.roundTrips
            row.fannedOut += load.figures.fannedOut
            row.errorCount += load.figures.errorCount
            row.firstErrors += load.figures.firstErrors
            row.loadLongestTurn = max(row.loadLongestTurn, load.figures.longestTurn)
        }
        row.roundTrips.sort()
        return row
    }

    /// The seconds stolen so far from the server's CPUs and from the load's.
    private func stolenSeconds() -> (server: Double?, load: Double?) {
        (StolenTime.seconds(ofCPUs: options.serverCPUs?.cpus), StolenTime.seconds(ofCPUs: options.loadCPUs?.cpus))
    }

    /// Starts a server process from this thread pinned to the server's CPUs,
    /// so it and every thread it starts inherit them; then this thread goes
    /// back to the load's CPUs (or all).
    private func pinnedStart<Server>(_ body: () throws(BenchmarkFailure) -> Server) throws(BenchmarkFailure) -> Server {
        guard let serverCPUs = options.serverCPUs else { return try body() }
        do throws(CPUAffinity.Failure) {
            try serverCPUs.pin()
        } catch {
            throw BenchmarkFailure("--server-cpus: \(error.message)")
        }
        defer {
            let back = options.loadCPUs ?? CPUAffinity(cpus: Array(0..<ProcessInfo.processInfo.processorCount))
            try? back.pin()
        }
        return try body()
    }

    /// Pins every thread the server already has (threads it starts later inherit).
    private func pin(_ process: Int32) throws(BenchmarkFailure) {
        guard let serverCPUs = options.serverCPUs else { return }
        do throws(CPUAffinity.Failure) {
            try serverCPUs.pin(process: process)
        } catch {
            throw BenchmarkFailure("--server-cpus: \(error.message)")
        }
    }

    private static func sleep(until time: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        if time > now { usleep(UInt32(min(UInt64(UInt32.max), (time - now) / 1000))) }
    }

    private static func ownCPUSeconds() -> Double {
        ServerBenchmark.cpuSeconds(ofProcess: Int(getpid())) ?? 0
    }

    /// Two connections per player (PUBLISH's subscribers) need more descriptors than the usual 1024.
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(resource, &limit)
    }
}
