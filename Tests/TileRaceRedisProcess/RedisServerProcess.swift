import Foundation
import TileRaceRedis
import TileRaceTransport

/// A real `redis-server` of our own, for a test or a benchmark (`tilerace
/// bench store`): on a free loopback port, with its append-only file (synced
/// on every write) in a fresh temporary directory that goes away with it. It can be stopped, killed and restarted on the
/// same port and directory, so a restart reloads what was written.
///
/// Readiness is checked with plain protocol lines (`LineClient`), not the
/// code under test. Use it from one thread at a time.
public final class RedisServerProcess {
    /// Why the server could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// One line for people.
        public var description: String
        /// Whether there is no `redis-server` to run at all.
        public var isNotInstalled: Bool { description == RedisServerProcess.notInstalled }
    }

    /// The message when there is no `redis-server` to run.
    public static let notInstalled =
        "redis-server is not installed: apt-get install redis-server (Debian) or brew install redis (macOS)"

    /// The environment variable that names the `redis-server` to run
    /// instead of looking on the PATH (`/nonexistent` acts as a machine
    /// without one).
    public static let executableVariable = "TILERACE_REDIS_SERVER"

    /// Whether there is a `redis-server` to run.
    public static var isInstalled: Bool { findExecutable() != nil }

    /// Where it listens (127.0.0.1, database 0).
    public private(set) var address: RedisAddress
    /// Its working directory (the append-only file lives here).
    public let directory: String
    private let executable: String
    private let extraArguments: [String]
    /// For a sentinel: the lines of its config file after `port`, `dir` and `logfile`.
    private let sentinelSettings: [String]?
    private var process: Process?

    /// Starts a server on a free port and waits (at most 5 s) until it
    /// answers PING. `arguments` are added to the command line.
    /// - Throws: `Failure` when `redis-server` is missing or does not start.
    public convenience init(arguments: [String] = []) throws {
        try self.init(arguments: arguments, sentinelSettings: nil)
    }

    /// A sentinel (`redis-server FILE --sentinel`) watching the primary `name` at
    /// `primary` with `quorum`, its timeouts short for tests: it finds the replicas and
    /// other sentinels by itself, and rewrites its config file in its directory.
    public convenience init(sentinelOf name: String, primary: RedisAddress, quorum: Int = 2) throws {
        try self.init(
            arguments: [],
            sentinelSettings: [
                "sentinel monitor \(name) \(primary.host) \(primary.port) \(quorum)",
                "sentinel down-after-milliseconds \(name) 1500", "sentinel failover-timeout \(name) 3000",
                "sentinel parallel-syncs \(name) 2",
            ])
    }

    private init(arguments: [String], sentinelSettings: [String]?) throws {
        guard let executable = RedisServerProcess.findExecutable() else { throw Failure(description: RedisServerProcess.notInstalled) }
        self.executable = executable
        extraArguments = arguments
        self.sentinelSettings = sentinelSettings
        directory = NSTemporaryDirectory() + "tilerace-redis-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        address = RedisAddress(host: "127.0.0.1", port: 0)
        var lastFailure = Failure(description: "no free port for redis-server")
        // Another process may take the port between picking and binding it: try a few.
        for _ in 0..<5 {
            guard let port = RedisServerProcess.freePort() else { continue }
            address.port = port
            do {
                try launch()
                return
            } catch let failure as Failure {
                lastFailure = failure
            }
        }
        removeDirectory()
        throw lastFailure
    }

    deinit {
        stop()
    }

    /// The server's process id while it runs (benchmarks read its CPU time).
    public var processIdentifier: Int32? { process?.isRunning == true ? process?.processIdentifier : nil }

    /// Whether the server process is running.
    public var isRunning: Bool { process?.isRunning ?? false }

    /// Stops the server (SIGTERM), waits for it to exit, and deletes its
    /// directory (a later `restart` starts empty).
    public func stop() {
        terminate()
        removeDirectory()
    }

    /// Kills the server (SIGKILL), as a crash would, and waits for it to exit.
    public func kill() {
        guard let process, process.isRunning else { return }
        _ = systemKill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stalls the server (SIGSTOP), as a hung machine would: connections
    /// are still accepted by the system, and nothing is answered until
    /// `resume`. A paused server can still be stopped, killed or restarted.
    public func pause() {
        guard let process, process.isRunning else { return }
        _ = systemKill(process.processIdentifier, SIGSTOP)
    }

    /// Lets a paused server go on (SIGCONT): it answers what waited.
    public func resume() {
        guard let process, process.isRunning else { return }
        _ = systemKill(process.processIdentifier, SIGCONT)
    }

    /// Starts the server again on the same port and directory (so it reloads
    /// its append-only file), stopping it first if it runs; waits until it
    /// answers PING.
    public func restart() throws {
        terminate()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try launch()
    }

    private func terminate() {
        guard let process, process.isRunning else { return }
        // A paused server would hold SIGTERM until resumed.
        resume()
        process.terminate()
        process.waitUntilExit()
    }

    // MARK: Starting

    private func launch() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [
                "--port", String(address.port), "--bind", "127.0.0.1", "--dir", directory, "--appendonly", "yes",
                "--appendfsync", "always", "--save", "", "--daemonize", "no", "--logfile", directory + "/redis.log",
            ] + extraArguments
        if let sentinelSettings {
            let file = directory + "/sentinel.conf"
            let lines = ["port \(address.port)", "bind 127.0.0.1", "dir \(directory)", "logfile \(directory)/redis.log"] + sentinelSettings
            try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
            process.arguments = [file, "--sentinel"]
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try RedisServerProcess.withSignalsUnblocked { try process.run() }
        } catch {
            throw Failure(description: "cannot run \(executable): \(error)")
        }
        self.process = process
        try waitUntilReady(process)
    }

    /// Waits (at most 5 s) until the server answers PING with PONG (not
    /// LOADING, while it reads its file back).
    private func waitUntilReady(_ process: Process) throws {
        let deadline = Date().addingTimeInterval(5)
        var lastProblem = "no answer"
        while Date() < deadline {
            guard process.isRunning else {
                throw Failure(description: "redis-server exited at once (status \(process.terminationStatus)): \(logTail())")
            }
            do {
                let client = try LineClient(host: address.host, port: address.port, timeoutMilliseconds: 500)
                try client.send("PING")
                let answer = try client.readLine(timeoutMilliseconds: 1000)
                if answer == "+PONG" { return }
                lastProblem = "PING answered \(answer ?? "nothing")"
            } catch {
                lastProblem = error.description
            }
            // Nothing to wait on until the server listens: look again shortly.
            usleep(20_000)
        }
        process.terminate()
        process.waitUntilExit()
        throw Failure(description: "redis-server on port \(address.port) not ready within 5 s (\(lastProblem)): \(logTail())")
    }

    private func logTail() -> String {
        let log = (try? String(contentsOfFile: directory + "/redis.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").suffix(3).joined(separator: " | ")
    }

    private func removeDirectory() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `body` with no signal blocked on this thread. A child inherits
    /// the mask of the thread that starts it, and Dispatch's worker threads
    /// block most signals: without this, redis-server would ignore SIGTERM.
    private static func withSignalsUnblocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// The `redis-server` to run: the one `TILERACE_REDIS_SERVER` names
    /// when it is set (nil when that is not an executable file), otherwise
    /// the first on the PATH, or where Debian and Homebrew put it.
    public static func findExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment[executableVariable], !named.isEmpty {
            return FileManager.default.isExecutableFile(atPath: named) ? named : nil
        }
        let path = environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.map { $0 + "/redis-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A port that was free a moment ago: listen on port 0 on loopback, read it, close.
    private static func freePort() -> Int? {
        guard let (fd, port) = try? Socket.listen(address: "127.0.0.1", port: 0) else { return nil }
        FileDescriptor.close(fd)
        return port
    }
}

private func systemKill(_ process: Int32, _ signal: Int32) -> Int32 { kill(process, signal) }
