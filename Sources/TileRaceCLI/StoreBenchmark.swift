import Dispatch
import Foundation
import TileRaceRedis
import TileRaceServer
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tilerace bench store`: `SUBMIT` throughput and latency against the
/// journal (files, each submission synced) and against Redis (each
/// submission one script, synced to its append-only file), in the same run:
/// a server is started here on each store in turn, and `clients`
/// connections each submit `submissions` games as fast as they are
/// answered, each under a new nickname.
struct StoreBenchmark {
    /// Connections submitting at once.
    var clients: Int
    /// Submissions per connection.
    var submissions: Int

    /// One store's figures.
    struct Figures {
        /// Which store, for the report.
        var store: String
        /// Every `SUBMIT` round trip, in seconds, sorted.
        var times: [Double]
        /// Wall time of the whole run.
        var seconds: Double
    }

    /// Measures the store of `configuration` (its port and log are set here).
    func run(_ store: String, configure: (inout RaceServer.Configuration) -> Void) throws(BenchmarkFailure) -> Figures {
        var configuration = RaceServer.Configuration()
        configuration.bindAddress = "127.0.0.1"
        configuration.port = 0
        configuration.log = .silent
        configuration.limits.requestsPerSecond = 100_000
        configuration.limits.requestBurst = 100_000
        configuration.limits.exemptsLoopback = true
        configure(&configuration)
        let server = RaceServer(configuration: configuration)
        let port: Int
        do throws(ServerError) {
            port = try server.start()
        } catch {
            throw BenchmarkFailure("the server on \(store) did not start: \(error.message)")
        }
        defer { server.stop() }
        let results = Results(count: clients)
        let group = DispatchGroup()
        let started = DispatchTime.now().uptimeNanoseconds
        let submissions = submissions
        for client in 0..<clients {
            DispatchQueue.global().async(group: group) {
                results.set(client, Self.submit(port: port, client: client, count: submissions))
            }
        }
        group.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        var times: [Double] = []
        for result in results.all {
            switch result {
            case .success(let some): times += some
            case .failure(let failure): throw failure
            case nil: throw BenchmarkFailure("a client did not finish")
            }
        }
        return Figures(store: store, times: times.sorted(), seconds: seconds)
    }

    private static func submit(port: Int, client: Int, count: Int) -> Swift.Result<[Double], BenchmarkFailure> {
        do throws(LineClient.Failure) {
            let connection = try LineClient(host: "127.0.0.1", port: port)
            _ = try connection.readLine()
            try connection.expect("HELLO tilerace 1 bench\(client)", "OK HELLO")
            var times: [Double] = []
            for index in 0..<count {
                try connection.expect("PRACTICE seed=\(index)", "OK PRACTICE")
                try connection.expect("RESIGN", "OK RESIGN")
                let started = DispatchTime.now().uptimeNanoseconds
                try connection.expect("SUBMIT s\(getpid())x\(client)x\(index)", "OK SUBMIT")
                times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
            }
            return .success(times)
        } catch {
            return .failure(BenchmarkFailure("submitting client \(client) failed: \(error.message)"))
        }
    }

    /// The report line for one store.
    static func line(for result: Figures) -> String {
        let times = result.times
        func percentile(_ fraction: Double) -> String {
            let value = times.isEmpty ? 0 : times[min(times.count - 1, Int(fraction * Double(times.count)))]
            return String(format: "%.2f ms", value * 1000)
        }
        let rate = Double(times.count) / max(result.seconds, 1e-9)
        return "\(result.store): \(String(format: "%.0f", rate)) SUBMIT/s (\(times.count) in \(String(format: "%.2f", result.seconds)) s); "
            + "p50 \(percentile(0.5)), p99 \(percentile(0.99)), max \(percentile(1))"
    }

    /// The clients' results, each written once by its own client and read after all are done.
    private final class Results: @unchecked Sendable {
        private var values: [Result<[Double], BenchmarkFailure>?]
        private let queue = DispatchQueue(label: "tilerace.bench.store.results")
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<[Double], BenchmarkFailure>) { queue.sync { values[index] = value } }
        var all: [Result<[Double], BenchmarkFailure>?] { queue.sync { values } }
    }
}

/// A `redis-server` the store benchmark starts for itself (durable: append-only file synced on every write).
final class BenchRedisServer {
    let address: RedisAddress
    private let process: Process
    private let directory: String

    /// Starts one on a free port, or returns nil when none is installed.
    init?() throws(BenchmarkFailure) {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":")
        guard let executable = paths.map({ "\($0)/redis-server" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        directory = NSTemporaryDirectory() + "tilerace-bench-redis-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let port = 20_000 + Int(getpid() % 20_000)
        address = RedisAddress(host: "127.0.0.1", port: port)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--dir", directory, "--appendonly", "yes", "--appendfsync", "always",
            "--save", "", "--daemonize", "no", "--logfile", directory + "/redis.log",
        ]
        do {
            try process.run()
        } catch {
            throw BenchmarkFailure("could not start \(executable): \(error)")
        }
        let connection = RedisConnection(address: address, timeoutMilliseconds: 500)
        defer { connection.close() }
        for _ in 0..<100 {
            if case .success(.simple("PONG")) = connection.sendAndWait(["PING"]) { return }
            usleep(50_000)
        }
        stop()
        throw BenchmarkFailure("redis-server did not answer on port \(port) within 5 s")
    }

    /// Kills it and removes its directory.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
