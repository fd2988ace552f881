import Dispatch
import Foundation
import TileRaceProtocol
import TileRaceRedis
import TileRaceServer
import TileRaceTransport

/// `tilerace serve`: runs the race server until SIGINT or SIGTERM.
struct ServeCommand: Command {
    let name = "serve"
    let summary = "host races: run the TileRace server (protocol.md)"
    let usage = [
        "tilerace serve [--port 2048] [--bind ADDRESS] [--data DIR | --store file:DIR | --store redis://HOST:PORT[/DB]",
        "               | --store redis-sentinel://HOST:PORT[,HOST:PORT...]/NAME]",
        "               [--store-durability strict|relaxed] [--advertise HOST:PORT] [--max-per-address N] [--exempt-loopback]",
        "               [--resume-grace SECONDS] [--max-connections N] [--max-rooms N] [--countdown MS] [--progress-wait MS]",
        "               [--shards N] [--arena-every DURATION [--arena-length DURATION]]",
        "               [--accept-leaderboard-loss] [--quiet | --verbose] [--log-format text|json] [--config FILE]",
        "               [--operator-secret-file FILE]",
    ]
    let options: [Arguments.Option] = [
        .value("--port", "N", "TCP port to listen on (default 2048; 0 picks a free one)"),
        .value("--bind", "ADDRESS", "address to listen on: 0.0.0.0 (default, all IPv4), :: (IPv6 and IPv4), 127.0.0.1 (this machine)"),
        .value("--data", "DIR", "where the leaderboard is kept (default $XDG_DATA_HOME/tilerace or ~/.local/share/tilerace)"),
        .value(
            "--store", "STORE",
            "file:DIR (the same as --data DIR), redis://HOST:PORT[/DB]: a Redis server shared with other servers (leaderboard, claims, "
                + "rooms), or redis-sentinel://HOST:PORT[,HOST:PORT...]/NAME: the primary NAME that these sentinels name"
        ),
        .value(
            "--store-durability", "MODE",
            "strict (default): refuse a Redis store that does not sync every change (appendonly yes, appendfsync always), and with "
                + "sentinels, acknowledge a change once a replica holds it; relaxed: start anyway, acknowledge at once"
        ),
        .value("--advertise", "HOST:PORT", "with a Redis store: where players reach this server (default: its first address and its port)"),
        .value("--max-per-address", "N", "connections at once from one remote address (default 16)"),
        .flag("--exempt-loopback", "no per-address limit for connections from this machine (benchmarks, test rigs)"),
        .value("--resume-grace", "SECONDS", "how long a dropped player's seat is held for them to come back (default 30; 0: not held)"),
        .value("--max-connections", "N", "connections at once in all (default 1000)"),
        .value("--max-rooms", "N", "rooms at once besides daily (default 256; raise it with --max-connections: 8 racers a room)"),
        .value("--shards", "N", "queues serving players, each hosting some rooms (default: one per core)"),
        .value("--countdown", "MS", "milliseconds from everyone ready to the start (default 3000; benchmarks use less)"),
        .value("--arena-every", "DURATION", "start an arena at every whole multiple of DURATION (UTC), e.g. 1h (default: none)"),
        .value("--arena-length", "DURATION", "how long a scheduled arena runs, e.g. 30m (default 30m, at most --arena-every)"),
        .value(
            "--progress-wait", "MS",
            "how long a racer's news of the others (PROGRESS) may wait to go with the reply to its next move, in one write (default 50; 0: at once)"
        ),
        .flag("--accept-leaderboard-loss", "start although leaderboard records are missing (a deleted file), keeping the rest"),
        .flag("--quiet", "log errors only"),
        .flag("--verbose", "also log every request"),
        .value("--log-format", "FORMAT", "text (default): a line a person reads; json: one JSON object a line for log collectors"),
        .value("--config", "FILE", "read these settings from FILE, one `key value` a line (port 2048, quiet yes); options given here win"),
        .value(
            "--operator-secret-file", "FILE",
            "the operator secret (AUTH, tilerace admin) is read from FILE (default: DATA/operator.secret, made at the first start)"),
    ]
    let details = """
        Logs one line per connection, race and error on standard error, each with
        a UTC timestamp. SIGINT (Ctrl-C) or SIGTERM: stops accepting, sends BYE to
        every client, flushes and exits 0. Clients connect with
        `tilerace play --host <this machine> --port N`, or by hand with `nc`.

        A config file (--config FILE) holds the same settings as the options, one
        a line: the option's name without -- and its value (`port 2048`,
        `data /var/lib/tilerace`); a flag takes yes or no (`quiet yes`). # starts
        a comment; a value may be "quoted". Options on the command line win over
        the file. An unknown setting, one set twice or a bad value stops the start
        with the file's name and line. Deploy/tilerace.conf lists every setting.

        The first start makes an operator secret in the data directory
        (operator.secret, mode 0600), which unlocks `tilerace admin` (who, kick,
        ban, unban, bans, remove-entry, announce); --operator-secret-file FILE
        names another; with a Redis store and no such file, operator requests are off.
        """

    /// What the options ask for: the server's configuration (its log not yet made) and how to log.
    typealias Settings = (configuration: RaceServer.Configuration, logLevel: ServerLog.Level, logFormat: ServerLog.Format)

    /// One given on the command line drops the others from the config file.
    static let exclusiveGroups: [Set<String>] = [["--quiet", "--verbose"], ["--data", "--store"]]

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let settings = try settings(arguments, environment: ProcessInfo.processInfo.environment)
        var configuration = settings.configuration
        let level = settings.logLevel
        // Log lines are written off the server's queue: a full pipe never stalls it.
        let logWriter = LogWriter(format: settings.logFormat, sink: console.writeError)
        configuration.log = ServerLog(level: level, format: settings.logFormat) { line in logWriter.write(line) }
        defer { logWriter.waitUntilWritten(timeoutMilliseconds: 2000) }

        let server = RaceServer(configuration: configuration)
        // Signals are caught before the server starts, so none is lost.
        let signals = StopSignals(label: "tilerace.serve.signals")
        defer { signals.release() }
        let stopRequested = signals.stopRequested
        do throws(ServerError) {
            let port = try server.start()
            if level >= .info, configuration.bindAddress == "0.0.0.0" || configuration.bindAddress == "::" {
                for address in RaceServer.localAddresses() {
                    configuration.log(
                        .info,
                        LogEntry(
                            "server.join-hint", [.init("host", address), .init("port", port)],
                            message: "friends can join with: tilerace play --host \(address) --port \(port)"))
                }
            }
        } catch {
            let hint = if case .addressInUse = error { "; is another server running? pick another port with --port N" } else { "" }
            return failure(error.message + hint, console: console)
        }
        stopRequested.wait()
        server.stop()
        return CLI.success
    }

    /// Over its `--config` file's settings; a bad file value names the file and line.
    func settings(_ commandLine: Arguments, environment: [String: String]) throws(CommandLineError) -> Settings {
        try commandLine.requireNoPositionals()
        guard let path = commandLine.value("--config") else { return try settings(from: commandLine, environment: environment) }
        let file = try ConfigFile.read(path: path, options: options, excluded: ["--config"])
        let arguments = commandLine.overriding(try file.arguments, exclusiveGroups: Self.exclusiveGroups)
        do throws(CommandLineError) {
            return try settings(from: arguments, environment: environment)
        } catch {
            guard let option = error.option, !commandLine.has(option),
                let location = file.location(of: option)
            else { throw error }
            throw CommandLineError("\(location): \(error.message)")
        }
    }

    /// What the options ask for, checked.
    private func settings(from arguments: Arguments, environment: [String: String]) throws(CommandLineError) -> Settings {
        guard !(arguments.has("--quiet") && arguments.has("--verbose")) else {
            throw CommandLineError("--quiet and --verbose cannot be used together", option: "--verbose")
        }
        var configuration = RaceServer.Configuration()
        configuration.port = try arguments.integer("--port", in: 0...65535, default: 2048)
        configuration.bindAddress = arguments.value("--bind") ?? "0.0.0.0"
        try chooseStore(arguments, environment: environment, &configuration)
        configuration.limits.maximumConnectionsPerAddress = try arguments.integer(
            "--max-per-address", in: 1...100_000, default: ServerLimits.standard.maximumConnectionsPerAddress)
        configuration.limits.exemptsLoopback = arguments.has("--exempt-loopback")
        configuration.limits.resumeGraceMilliseconds =
            try arguments.integer("--resume-grace", in: 0...3600, default: ServerLimits.standard.resumeGraceMilliseconds / 1000) * 1000
        configuration.limits.maximumConnections = try arguments.integer(
            "--max-connections", in: 1...1_000_000, default: ServerLimits.standard.maximumConnections)
        configuration.limits.maximumRooms = try arguments.integer(
            "--max-rooms", in: 1...1_000_000, default: ServerLimits.standard.maximumRooms)
        configuration.limits.countdownMilliseconds = try arguments.integer(
            "--countdown", in: 0...60_000, default: ServerLimits.standard.countdownMilliseconds)
        configuration.limits.progressWaitMilliseconds = try arguments.integer(
            "--progress-wait", in: 0...ServerLimits.standard.progressIntervalMilliseconds,
            default: ServerLimits.standard.progressWaitMilliseconds)
        configuration.shards = try arguments.integer("--shards", in: 1...256, default: configuration.shards)
        try scheduleArenas(arguments, &configuration.limits)
        configuration.acceptsLeaderboardLoss = arguments.has("--accept-leaderboard-loss")
        configuration.operatorSecretFile = arguments.value("--operator-secret-file")
        configuration.serverName = "tilerace-\(CLI.version)"
        let level: ServerLog.Level = arguments.has("--quiet") ? .error : arguments.has("--verbose") ? .debug : .info
        let format = try arguments.choice("--log-format", as: ServerLog.Format.self) ?? .text
        return (configuration, level, format)
    }

    /// `--arena-every` and `--arena-length`: arenas of the default settings (4x4 to 2048, 3 min races, unrated).
    private func scheduleArenas(_ arguments: Arguments, _ limits: inout ServerLimits) throws(CommandLineError) {
        func seconds(_ option: String) throws(CommandLineError) -> Int? {
            guard let text = arguments.value(option) else { return nil }
            do throws(ProtocolError) {
                return try BanOrder.Duration.seconds(text, key: option)
            } catch {
                throw CommandLineError(error.message.replacingOccurrences(of: "\(option)=", with: "\(option) "), option: option)
            }
        }
        guard let every = try seconds("--arena-every") else {
            if arguments.has("--arena-length") { throw CommandLineError("--arena-length needs --arena-every", option: "--arena-length") }
            return
        }
        let length = try seconds("--arena-length") ?? min(every, 1800)
        guard length <= every, ArenaSettings.lengthRange.contains(length), every >= 60 else {
            throw CommandLineError(
                "--arena-every must be 1m or more, and --arena-length 10s or more and at most --arena-every", option: "--arena-every")
        }
        limits.arenaEverySeconds = every
        limits.scheduledArena.length = length
    }

    /// `--store`, `--data`, `--store-durability` and `--advertise`.
    private func chooseStore(
        _ arguments: Arguments, environment: [String: String], _ configuration: inout RaceServer.Configuration
    ) throws(CommandLineError) {
        let store = arguments.value("--store")
        if store != nil, arguments.value("--data") != nil {
            throw CommandLineError("--store and --data cannot be used together (--store file:DIR is --data DIR)", option: "--store")
        }
        switch arguments.value("--store-durability") {
        case nil, "strict": configuration.acceptsRelaxedStoreDurability = false
        case "relaxed": configuration.acceptsRelaxedStoreDurability = true
        case let other?:
            throw CommandLineError("--store-durability must be strict or relaxed, not \(other)", option: "--store-durability")
        }
        if let advertised = arguments.value("--advertise") {
            guard ServerAddress.isValid(advertised) else {
                throw CommandLineError(
                    "--advertise needs HOST:PORT (an IPv6 address in brackets: [::1]:2048), not \(advertised)", option: "--advertise")
            }
            configuration.advertisedAddress = advertised
        }
        if let store, store.hasPrefix("file:") {
            let directory = String(store.dropFirst(5))
            guard !directory.isEmpty else { throw CommandLineError("--store file: needs a directory: --store file:DIR", option: "--store") }
            configuration.dataDirectory = directory
        } else if let store, store.lowercased().hasPrefix("redis") {
            do throws(RedisError) {
                configuration.redisStore = try RedisEndpoint.parse(store)
            } catch {
                throw CommandLineError("--store: \(error.description)", option: "--store")
            }
        } else if let store {
            throw CommandLineError("--store must be file:DIR, \(RedisEndpoint.forms), not \(store)", option: "--store")
        }
        if configuration.redisStore == nil, configuration.advertisedAddress != nil {
            throw CommandLineError("--advertise is for servers sharing a Redis store (--store redis://...)", option: "--advertise")
        }
        if store == nil { configuration.dataDirectory = try Self.dataDirectory(arguments, environment: environment) }
    }

    /// `--data`, or the default one.
    static func dataDirectory(_ arguments: Arguments, environment: [String: String]) throws(CommandLineError) -> String {
        if let directory = arguments.value("--data") {
            guard !directory.isEmpty else { throw CommandLineError("--data needs a directory", option: "--data") }
            return directory
        }
        guard let directory = DataPaths.dataDirectory(environment: environment) else {
            throw CommandLineError("cannot find a data directory (HOME is not set); give one with --data DIR")
        }
        return directory
    }
}
