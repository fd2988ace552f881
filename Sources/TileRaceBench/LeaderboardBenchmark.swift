import Foundation
import TileRaceCLI
import TileRaceProtocol
import TileRaceServer
import TileRaceTransport

/// `tilerace-bench leaderboard`: the leaderboard at scale. Fills a temporary
/// data directory with `claims` nickname claims, times opening it (what a
/// server's start costs), starts a server on it, and times `SUBMIT` round
/// trips over loopback, each under a new nickname (so each one adds a claim,
/// the costly case), across the journal's compactions.
struct LeaderboardBenchmark {
    var claims: Int
    var submissions: Int

    /// What was measured.
    struct Result {
        var fillSeconds: Double
        var dataBytes: Int
        var openSeconds: Double
        var openResidentMegabytes: Double
        var serverStartSeconds: Double
        /// Each `SUBMIT` round trip, in seconds, sorted.
        var submitTimes: [Double]
    }

    static func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let claims = try arguments.integer("--claims", in: 0...10_000_000, default: 100_000)
        let submissions = try arguments.integer("--submissions", in: 1...1_000_000, default: 2000)
        BenchCommand.noteDebugBuild(console)
        do throws(BenchmarkFailure) {
            let result = try LeaderboardBenchmark(claims: claims, submissions: submissions).run()
            for line in LeaderboardBenchmark.lines(for: result, claims: claims) { console.print(line) }
            return CLI.success
        } catch {
            throw CommandLineError(error.message)
        }
    }

    /// Runs it in a temporary directory, removed afterwards.
    func run() throws(BenchmarkFailure) -> Result {
        let directory = NSTemporaryDirectory() + "tilerace-bench-leaderboard-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fillSeconds = try measure { () throws(BenchmarkFailure) in try fill(directory) }
        let dataBytes = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).reduce(0) { total, name in
            total + (((try? FileManager.default.attributesOfItem(atPath: directory + "/" + name))?[.size] as? Int) ?? 0)
        }
        var store: LeaderboardStore?
        let openSeconds = try measure { () throws(BenchmarkFailure) in store = try open(directory) }
        let resident = ServerBenchmark.maximumResidentMegabytes()
        store?.close()
        store = nil

        var configuration = RaceServer.Configuration()
        configuration.bindAddress = "127.0.0.1"
        configuration.port = 0
        configuration.dataDirectory = directory
        configuration.log = .silent
        configuration.limits.requestsPerSecond = 100_000
        configuration.limits.requestBurst = 100_000
        let server = RaceServer(configuration: configuration)
        var port = 0
        let serverStartSeconds = try measure { () throws(BenchmarkFailure) in
            do throws(ServerError) {
                port = try server.start()
            } catch {
                throw BenchmarkFailure("the server did not start: \(error.message)")
            }
        }
        defer { server.stop() }
        return Result(
            fillSeconds: fillSeconds, dataBytes: dataBytes, openSeconds: openSeconds, openResidentMegabytes: resident,
            serverStartSeconds: serverStartSeconds, submitTimes: try submit(port: port).sorted())
    }

    private func fill(_ directory: String) throws(BenchmarkFailure) {
        let store = try open(directory)
        defer { store.close() }
        let batch = 100_000
        var written = 0
        while written < claims {
            let count = min(batch, claims - written)
            let records = (0..<count).map { offset in
                let number = written + offset
                return LeaderboardRecord.claim(
                    NicknameClaim(
                        sequence: number + 1, nickname: "c\(number)", token: String(format: "%032x", number)
                    ))
            }
            do throws(StoreError) {
                try store.commit(records)
            } catch {
                throw BenchmarkFailure("could not fill the leaderboard: \(error.message)")
            }
            written += count
        }
    }

    private func open(_ directory: String) throws(BenchmarkFailure) -> LeaderboardStore {
        do throws(StoreError) {
            return try LeaderboardStore.open(directory: directory)
        } catch {
            throw BenchmarkFailure("could not open the leaderboard: \(error.message)")
        }
    }

    private func submit(port: Int) throws(BenchmarkFailure) -> [Double] {
        do throws(LineClient.Failure) {
            return try LineClient.timedSubmissions(port: port, greetingAs: "bench", count: submissions) { "n\($0)" }
        } catch {
            throw BenchmarkFailure("the submitting client failed: \(error.message)")
        }
    }

    private func measure(_ work: () throws(BenchmarkFailure) -> Void) throws(BenchmarkFailure) -> Double {
        let started = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    static func lines(for result: Result, claims: Int) -> [String] {
        func milliseconds(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        let times = result.submitTimes
        func percentile(_ fraction: Double) -> Double {
            times.isEmpty ? 0 : times[min(times.count - 1, Int(fraction * Double(times.count)))]
        }
        return [
            "leaderboard with \(claims) claims: written in \(String(format: "%.2f", result.fillSeconds)) s, "
                + "\(String(format: "%.1f", Double(result.dataBytes) / 1e6)) MB on disk",
            "opening it (a server's start): \(String(format: "%.2f", result.openSeconds)) s, "
                + "resident memory then \(String(format: "%.0f", result.openResidentMegabytes)) MB; "
                + "a server started on it in \(String(format: "%.2f", result.serverStartSeconds)) s",
            "SUBMIT under a new nickname (\(times.count) in a row, over loopback, each synced to disk): "
                + "p50 \(milliseconds(percentile(0.5))), p99 \(milliseconds(percentile(0.99))), max \(milliseconds(times.last ?? 0))",
        ]
    }
}
