import Foundation
import TileRaceCLI
import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `tilerace serve` started as a child process on a free loopback port,
/// for `tilerace-bench server --redis`: a process of its own, as
/// `redis-server` is, so that its CPU time (from /proc) is the server's
/// alone. Its leaderboard lives in a temporary directory, removed at `stop`.
///
/// Used by the one thread that runs the benchmark.
final class ServedProcess {
    let port: Int
    private let process: Process
    private let directory: String

    /// Starts `executable serve` with `shards` shards for `connections`
    /// connections, and waits (at most 10 s) for its greeting.
    init(executable: String, shards: Int, connections: Int) throws(BenchmarkFailure) {
        guard let (listener, port) = try? Socket.listen(address: "127.0.0.1", port: 0) else {
            throw BenchmarkFailure("no free port for the server")
        }
        FileDescriptor.close(listener)
        self.port = port
        directory = NSTemporaryDirectory() + "tilerace-bench-serve-" + UUID().uuidString
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // Room for two rows' connections: a row's may come while the last
        // row's are still closing (a slow server: under valgrind, say).
        process.arguments = [
            "serve", "--port", String(port), "--bind", "127.0.0.1", "--data", directory, "--shards", String(shards),
            "--exempt-loopback", "--max-connections", String(2 * connections + 100), "--max-rooms", String(max(256, connections)),
            "--countdown", "100", "--resume-grace", "0",
            "--quiet",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchmarkFailure("cannot run \(executable) serve: \(error)")
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            guard process.isRunning else {
                throw BenchmarkFailure("\(executable) serve exited at once (status \(process.terminationStatus))")
            }
            if let client = try? LineClient(host: "127.0.0.1", port: port, timeoutMilliseconds: 500),
                let greeting = try? client.readLine(timeoutMilliseconds: 1000), greeting.hasPrefix("HELLO ")
            {
                return
            }
            usleep(20_000)  // not listening yet: look again shortly
        }
        stop()
        throw BenchmarkFailure("\(executable) serve did not greet within 10 s on port \(port)")
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Stops the server (SIGTERM; SIGKILL after 5 s) and removes its directory.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The `tilerace` that serves: `given` (`--server-executable`), or by
    /// default the one in `program`'s folder (the build folder of this `tilerace-bench`).
    static func executable(given: String?, besides program: String = ownPath) throws(CommandLineError) -> String {
        if let given {
            guard FileManager.default.isExecutableFile(atPath: given) else {
                throw CommandLineError("--server-executable: \(Arguments.quoted(given)) is not an executable file")
            }
            return given
        }
        let sibling = URL(fileURLWithPath: program).deletingLastPathComponent().appendingPathComponent("tilerace").path
        guard FileManager.default.isExecutableFile(atPath: sibling) else {
            throw CommandLineError(
                "no tilerace next to tilerace-bench (\(sibling)): build both (swift build -c release), or give --server-executable FILE")
        }
        return sibling
    }

    /// This program's executable (Linux: /proc/self/exe).
    static var ownPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
