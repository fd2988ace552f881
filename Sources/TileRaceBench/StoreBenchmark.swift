import Dispatch
import Foundation
import TileRaceCLI
import TileRaceRedis
import TileRaceRedisProcess
import TileRaceServer
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tilerace-bench store`: `SUBMIT` throughput and latency against the
/// journal (files, each submission synced) and against Redis (each
/// submission one script, synced to its append-only file), in the same run:
/// a server is started here on each store in turn, and `clients`
/// connections each submit `submissions` games as fast as they are
/// answered, each under a new nickname.
struct StoreBenchmark {
    var clients: Int
    var submissions: Int

    /// One store's figures.
    struct Figures {
        var store: String
        /// Every `SUBMIT` round trip, in seconds, sorted.
        var times: [Double]
        var seconds: Double
    }

    static func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let benchmark = StoreBenchmark(
            clients: try arguments.integer("--clients", in: 1...256, default: 8),
            submissions: try arguments.integer("--submissions", in: 1...100_000, default: 200))
        BenchCommand.noteDebugBuild(console)
        var given: RedisAddress?
        if let text = arguments.value("--redis") {
            do throws(RedisError) {
                given = try RedisAddress.parse(text)
            } catch {
                throw CommandLineError("--redis: \(error.description)")
            }
        }
        console.print("\(benchmark.clients) clients x \(benchmark.submissions) SUBMITs, each under a new nickname, over loopback:")
        do throws(BenchmarkFailure) {
            let directory = NSTemporaryDirectory() + "tilerace-bench-store-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let file = try benchmark.run("file store (journal, synced)") { $0.dataDirectory = directory }
            console.print(StoreBenchmark.line(for: file))
            let redis: RedisAddress
            var started: RedisServerProcess?
            if let given {
                redis = given
            } else {
                do {
                    let server = try RedisServerProcess()
                    started = server
                    redis = server.address
                } catch let failure as RedisServerProcess.Failure where failure.isNotInstalled {
                    console.print("redis store: not measured (no redis-server installed; or give --redis redis://HOST:PORT)")
                    return CLI.success
                } catch {
                    throw BenchmarkFailure("could not start redis-server: \(error)")
                }
            }
            defer { started?.stop() }
            let result = try benchmark.run("redis store (appendfsync always)") { $0.redisStore = .server(redis) }
            console.print(StoreBenchmark.line(for: result))
            return CLI.success
        } catch {
            throw CommandLineError(error.message)
        }
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
            let prefix = "s\(getpid())x\(client)x"
            return .success(try LineClient.timedSubmissions(port: port, greetingAs: "bench\(client)", count: count) { prefix + String($0) })
        } catch {
            return .failure(BenchmarkFailure("submitting client \(client) failed: \(error.message)"))
        }
    }

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
