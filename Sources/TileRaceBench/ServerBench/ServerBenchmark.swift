import Dispatch
import Foundation
import TileRaceServer
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tilerace-bench server`: a load of real protocol clients racing in rooms
/// at a fixed rate per player (and, optionally, clients submitting to the
/// leaderboard as fast as it acknowledges), against a server started in this
/// process on 127.0.0.1 or one given by address. The generator runs its
/// clients with non-blocking sockets on a few serial queues (`LoadShard`s,
/// whole rooms each), so that it costs little next to the server.
///
/// `run` blocks the calling thread until done; the shards own the players.
final class ServerBenchmark: @unchecked Sendable {
    /// What to run.
    struct Options {
        var host: String?
        var port = 2048
        var players = 200
        var movesPerSecond = 20
        var roomSize = 8
        var seconds = 10
        var submitters = 0
        /// Queues the load runs on (default: one per core, at most 4).
        var loadQueues = LoadShard.defaultCount
        /// The process id of a server given by `host` on this machine, whose
        /// CPU time is then measured too (Linux: from /proc).
        var serverProcess: Int?
        /// Shards of the server started here (nil: the default, one per core).
        var serverShards: Int?
    }

    /// What was measured.
    struct Report {
        var seconds: Double
        var moves: Int
        var roundTrips: [UInt64]
        var progressLines: Int
        var submissions: Int
        var errors: [String]
        var processCPUSeconds: Double
        /// The server process's CPU seconds while measuring (with `serverProcess`).
        var serverCPUSeconds: Double?
        var maximumResidentMegabytes: Double
    }

    private let options: Options
    private let shards: [LoadShard]

    init(options: Options) {
        self.options = options
        shards = (0..<max(1, options.loadQueues)).map { LoadShard(index: $0, roomSize: options.roomSize) }
    }

    /// Runs the load; returns the figures, or a message saying why it could not run.
    func run() -> Result<Report, BenchmarkFailure> {
        var server: RaceServer?
        var directory: String?
        var port = options.port
        var host = options.host ?? "127.0.0.1"
        if options.host == nil {
            directory = NSTemporaryDirectory() + "tilerace-bench-" + UUID().uuidString
            var configuration = RaceServer.Configuration()
            configuration.bindAddress = "127.0.0.1"
            configuration.port = 0
            configuration.dataDirectory = directory
            configuration.log = .silent
            configuration.limits.countdownMilliseconds = 200
            configuration.limits.maximumConnections = max(1000, options.players + options.submitters + 10)
            configuration.limits.exemptsLoopback = true  // every simulated player comes from 127.0.0.1
            if let shards = options.serverShards { configuration.shards = shards }
            let started = RaceServer(configuration: configuration)
            do throws(ServerError) {
                port = try started.start()
            } catch {
                return .failure(BenchmarkFailure("cannot start a server: \(error.message)"))
            }
            server = started
            host = "127.0.0.1"
        }
        defer {
            server?.stop()
            if let directory { try? FileManager.default.removeItem(atPath: directory) }
        }
        Socket.ignoreBrokenPipeSignal()
        if let failure = connectAll(host: host, port: port) { return .failure(failure) }
        let interval = UInt64(1_000_000_000 / max(1, options.movesPerSecond))
        for shard in shards { shard.startMoving(interval: interval) }
        // Warm up: every room's first race starts (after the server's
        // countdown, 3 s on a default server), then a second more.
        waitUntilRacing()
        Thread.sleep(forTimeInterval: 1)
        let cpuBefore = ServerBenchmark.processCPUSeconds()
        let serverCPUBefore = options.serverProcess.flatMap(ServerBenchmark.cpuSeconds(ofProcess:))
        let started = DispatchTime.now().uptimeNanoseconds
        for shard in shards { shard.queue.sync { shard.setMeasuring(true) } }
        Thread.sleep(forTimeInterval: Double(options.seconds))
        for shard in shards { shard.queue.sync { shard.setMeasuring(false) } }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let cpu = ServerBenchmark.processCPUSeconds() - cpuBefore
        let serverCPUAfter = options.serverProcess.flatMap(ServerBenchmark.cpuSeconds(ofProcess:))
        var report = Report(
            seconds: elapsed, moves: 0, roundTrips: [], progressLines: 0, submissions: 0, errors: [], processCPUSeconds: cpu,
            maximumResidentMegabytes: ServerBenchmark.maximumResidentMegabytes())
        if let serverCPUBefore, let serverCPUAfter { report.serverCPUSeconds = serverCPUAfter - serverCPUBefore }
        for shard in shards {
            shard.queue.sync {
                report.roundTrips += shard.roundTrips
                report.progressLines += shard.progressLines
                report.submissions += shard.submissions
                report.errors += shard.errors
                shard.stop()
            }
        }
        report.roundTrips.sort()
        report.moves = report.roundTrips.count
        return .success(report)
    }

    private func connectAll(host: String, port: Int) -> BenchmarkFailure? {
        var made: [(player: LoadPlayer, shard: LoadShard, members: Int)] = []
        for index in 0..<options.players {
            let room = index / options.roomSize
            let members = min(options.roomSize, options.players - room * options.roomSize)
            let role = LoadPlayer.Role.racer(room: "bench\(room)", creates: index % options.roomSize == 0)
            made.append((LoadPlayer(nickname: "p\(index)", role: role, seed: UInt64(index + 1)), shards[room % shards.count], members))
        }
        for index in 0..<options.submitters {
            made.append((LoadPlayer(nickname: "s\(index)", role: .submitter, seed: UInt64(100_000 + index)), shards[0], 0))
        }
        for (player, shard, members) in made {
            let fd: Int32
            do throws(Socket.ConnectFailure) {
                fd = try Socket.connect(host: host, port: port, timeoutMilliseconds: 5000, isNonBlocking: true)
            } catch {
                return BenchmarkFailure("cannot connect to \(host):\(port): \(error.reason)")
            }
            shard.queue.sync { shard.add(player, fd: fd, roomMembers: members) }
            // The creator of a room goes first, so the others find it.
            if case .racer(_, true) = player.role { waitUntilJoined(player, on: shard) }
        }
        return nil
    }

    /// Waits (at most 10 s) until every racer's first race started.
    private func waitUntilRacing() {
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while shards.reduce(0, { sum, shard in sum + shard.queue.sync { shard.racersWaiting } }) > 0,
            DispatchTime.now().uptimeNanoseconds < deadline
        {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    private func waitUntilJoined(_ player: LoadPlayer, on shard: LoadShard) {
        let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
        while shard.queue.sync(execute: { !player.hasJoined }), DispatchTime.now().uptimeNanoseconds < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    #if canImport(Glibc)
        private static let ownProcess = RUSAGE_SELF.rawValue
    #else
        private static let ownProcess = RUSAGE_SELF
    #endif

    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(ServerBenchmark.ownProcess, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Another process's user and system CPU seconds, from /proc (Linux; nil elsewhere).
    static func cpuSeconds(ofProcess process: Int) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: state is field 3; utime and stime are fields 14 and 15.
        let fields = text[text.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func maximumResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(ServerBenchmark.ownProcess, &usage)
        #if canImport(Darwin)
            return Double(usage.ru_maxrss) / 1_048_576
        #else
            return Double(usage.ru_maxrss) / 1024
        #endif
    }
}

/// Why a benchmark could not run.
struct BenchmarkFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
