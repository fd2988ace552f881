import Dispatch
import Foundation
import TileRaceServer
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tilerace bench server`: a load of real protocol clients racing in rooms
/// at a fixed rate per player (and, optionally, clients submitting to the
/// leaderboard as fast as it acknowledges), against a server started in this
/// process on 127.0.0.1 or one given by address. The generator runs every
/// client on one serial queue with non-blocking sockets, so it costs little
/// next to the server.
///
/// Its state is owned by `queue`; `run` blocks the calling thread until done.
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
        var maximumResidentMegabytes: Double
    }

    private let options: Options
    private let queue = DispatchQueue(label: "tilerace.bench.load")
    private var players: [LoadPlayer] = []
    private var roundTrips: [UInt64] = []
    private var progressLines = 0
    private var submissions = 0
    private var errors: [String] = []
    private var isMeasuring = false

    init(options: Options) {
        self.options = options
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
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.tick(interval: interval) }
        timer.schedule(deadline: .now(), repeating: .milliseconds(1), leeway: .microseconds(500))
        timer.resume()
        // Warm up for a second (rooms fill, first countdowns run), then measure.
        Thread.sleep(forTimeInterval: 1.5)
        let cpuBefore = ServerBenchmark.processCPUSeconds()
        let started = DispatchTime.now().uptimeNanoseconds
        queue.sync {
            roundTrips = []
            progressLines = 0
            submissions = 0
            errors = []
            isMeasuring = true
        }
        Thread.sleep(forTimeInterval: Double(options.seconds))
        let report = queue.sync { () -> Report in
            isMeasuring = false
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            return Report(
                seconds: elapsed, moves: roundTrips.count, roundTrips: roundTrips.sorted(), progressLines: progressLines,
                submissions: submissions, errors: errors,
                processCPUSeconds: ServerBenchmark.processCPUSeconds() - cpuBefore,
                maximumResidentMegabytes: ServerBenchmark.maximumResidentMegabytes())
        }
        timer.cancel()
        queue.sync {
            for player in players { player.channel?.closeNow() }
            players = []
        }
        return .success(report)
    }

    private func connectAll(host: String, port: Int) -> BenchmarkFailure? {
        let roomCount = (options.players + options.roomSize - 1) / options.roomSize
        var made: [LoadPlayer] = []
        for index in 0..<options.players {
            let room = index / options.roomSize
            let role = LoadPlayer.Role.racer(room: "bench\(room)", creates: index % options.roomSize == 0)
            made.append(LoadPlayer(nickname: "p\(index)", role: role, seed: UInt64(index + 1)))
        }
        for index in 0..<options.submitters {
            made.append(LoadPlayer(nickname: "s\(index)", role: .submitter, seed: UInt64(100_000 + index)))
        }
        _ = roomCount
        for (index, player) in made.enumerated() {
            let fd: Int32
            do throws(Socket.ConnectFailure) {
                fd = try Socket.connect(host: host, port: port, timeoutMilliseconds: 5000, isNonBlocking: true)
            } catch {
                return BenchmarkFailure("cannot connect to \(host):\(port): \(error.reason)")
            }
            queue.sync {
                wire(player)
                players.append(player)
                player.start(fd: fd, queue: queue)
            }
            // The creator of a room goes first, so the others find it.
            if case .racer(_, true) = player.role { waitUntilJoined(player) }
            _ = index
        }
        return nil
    }

    private func waitUntilJoined(_ player: LoadPlayer) {
        let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
        while queue.sync(execute: { !player.hasJoined }), DispatchTime.now().uptimeNanoseconds < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    private func wire(_ player: LoadPlayer) {
        player.onRoundTrip = { [weak self] nanoseconds in
            guard let self, self.isMeasuring else { return }
            self.roundTrips.append(nanoseconds)
        }
        player.onProgress = { [weak self] in
            guard let self, self.isMeasuring else { return }
            self.progressLines += 1
        }
        player.onSubmitted = { [weak self] in
            guard let self, self.isMeasuring else { return }
            self.submissions += 1
        }
        player.onError = { [weak self] text in
            guard let self, self.isMeasuring else { return }
            self.errors.append(text)
        }
        player.onJoined = { [weak self, weak player] in
            guard let self, let player, case .racer(let room, _) = player.role else { return }
            self.readyIfFull(room)
        }
        player.onRaceEnded = { [weak player] in player?.ready() }
    }

    /// Once a room has all its players, they all say READY (a room races as
    /// soon as everyone in it is ready).
    private func readyIfFull(_ room: String) {
        let members = players.filter { if case .racer(room, _) = $0.role { true } else { false } }
        let expected = min(options.roomSize, options.players - (Int(room.dropFirst(5)) ?? 0) * options.roomSize)
        guard members.count == expected, members.allSatisfy(\.hasJoined) else { return }
        for member in members { member.ready() }
    }

    private func tick(interval: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        for player in players { player.moveIfDue(now: now, interval: interval) }
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
