import Dispatch
import TileRaceProtocol
import TileRaceRedis
import TileRaceTransport

/// The TileRace race server (protocol.md), with the persistent leaderboard.
/// Use it from `tilerace serve` or embed it:
///
/// ```swift
/// var configuration = RaceServer.Configuration()
/// configuration.port = 2048
/// configuration.additionalPortAttempts = 20   // 2049, 2050, ... if 2048 is taken
/// configuration.log = .silent
/// let server = RaceServer(configuration: configuration)
/// let port = try server.start()
/// ...
/// server.stop()   // BYE to everyone, then closes
/// ```
///
/// Players are served by shards (`ServerShard`, one per core by default);
/// rooms never interact, so races on different shards run in parallel.
/// The public methods may be called from any other thread.
public final class RaceServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// The address to listen on: `0.0.0.0` (all IPv4), `::` (all IPv6 and
        /// IPv4), `127.0.0.1` (this machine only), or any local address.
        public var bindAddress = "0.0.0.0"
        /// The port; 0 picks a free one.
        public var port = 2048
        /// How many following ports to try when `port` is taken (0: none).
        public var additionalPortAttempts = 0
        /// Where the leaderboard is kept; nil keeps it in memory only.
        public var dataDirectory: String?
        /// Start even when leaderboard records are known to be missing (a
        /// deleted journal or snapshot), keeping what is left.
        public var acceptsLeaderboardLoss = false
        public var limits = ServerLimits.standard
        public var log = ServerLog.standardError()
        /// The clock for timers, race times and dates.
        public var clock: any ServerClock = SystemClock()
        public var random = RandomSource.system
        /// Share the leaderboard, and rooms, through this Redis instead of
        /// `dataDirectory`.
        public var redisStore: RedisEndpoint?
        /// Start on a Redis store that does not sync every change to its
        /// append-only file (the log says so at start).
        public var acceptsRelaxedStoreDurability = false
        /// `HOST:PORT` for a Redis store's room directory; nil: the bind address,
        /// or this machine's first non-loopback address, with the listening port.
        public var advertisedAddress: String?
        /// How often rooms are published to the directory; they expire after three times this.
        public var directoryIntervalMilliseconds = 2000
        /// A leaderboard store to use instead of `dataDirectory` (tests: a
        /// disk that is slow or fails on command).
        var makeStore: (@Sendable () -> any LeaderboardPersisting)?
        /// Nil: the data directory's `operator.secret`; with neither, operator
        /// requests are off.
        public var operatorSecretFile: String?
        /// The operator's secret itself (tests), instead of a file.
        public var operatorSecret: String?
        /// How often the operator's bans are read again from the store
        /// (bans made by other servers sharing it).
        public var banRefreshMilliseconds = 2000
        /// The name in the greeting's `server=` field: `tilerace-<version>`.
        public var serverName = "tilerace-\(TileRaceVersion.current)"
        /// How many shards (queues serving players) to run; 1 serves
        /// everyone on one queue.
        public var shards = Socket.processorCount

        /// The defaults: all interfaces, port 2048, leaderboard in memory, log on standard error.
        public init() {}
    }

    public let configuration: Configuration

    private let queue = DispatchQueue(label: "tilerace.server")
    private let queueKey = DispatchSpecificKey<Bool>()
    private var shards: [ServerShard] = []
    /// What the shards share (set at the start, on `queue`).
    private var registry: Registry?
    private var leaderboard: (any LeaderboardService)?
    private var directory: RedisRoomDirectory?
    private var listener: Listener?
    private var nextConnectionNumber = 1
    private var nextShard = 0
    private var phase = Phase.idle
    private var stopWaiters: [() -> Void] = []
    /// The connections the shards say goodbye to as the server stops, summed as they count them.
    private var goodbyeCount = 0

    private enum Phase { case idle, running, stopping, stopped }

    public init(configuration: Configuration) {
        self.configuration = configuration
        queue.setSpecific(key: queueKey, value: true)
    }

    public var port: Int? {
        queue.sync { listener?.port }
    }

    /// Opens the leaderboard and starts listening.
    /// - Returns: the port it listens on.
    /// - Throws: `addressInUse` when every port tried is taken,
    ///   `invalidAddress`, `cannotListen`, or `leaderboard`.
    @discardableResult
    public func start() throws(ServerError) -> Int {
        precondition(DispatchQueue.getSpecific(key: queueKey) == nil, "RaceServer.start() called on the server's own queue")
        let result: Result<Int, ServerError> = queue.sync { Result { () throws(ServerError) in try startOnQueue() } }
        return try result.get()
    }

    /// Sends everyone `BYE`, flushes (up to the close timeout), closes the
    /// leaderboard. Must not be called from the server's own queue.
    public func stop() {
        precondition(DispatchQueue.getSpecific(key: queueKey) == nil, "RaceServer.stop() called on the server's own queue")
        let done = DispatchSemaphore(value: 0)
        queue.async { self.beginStop { done.signal() } }
        done.wait()
    }

    /// This machine's IPv4 addresses other than loopback, sorted: where friends
    /// on the network can reach a server bound to all interfaces.
    public static func localAddresses() -> [String] {
        Socket.interfaceAddresses()
    }

    /// The number of open connections (for tests and monitoring).
    public var connectionCount: Int {
        let shards = queue.sync { self.shards }
        return shards.reduce(0) { sum, shard in sum + shard.queue.sync { shard.connectionCount } }
    }

    /// For tests: nil before the start or when no shard hosts it.
    func shard(hostingRoom key: String) -> Int? {
        queue.sync { registry }?.withState { $0.rooms[key]?.shard }
    }

    // MARK: Starting and stopping

    private func startOnQueue() throws(ServerError) -> Int {
        dispatchPrecondition(condition: .onQueue(queue))
        if let listener { return listener.port }
        guard phase == .idle else {
            throw .cannotListen(address: configuration.bindAddress, port: configuration.port, reason: "the server was stopped")
        }
        Socket.ignoreBrokenPipeSignal()
        let leaderboard = try openLeaderboard()
        let (fd, port): (Int32, Int)
        do throws(ServerError) {
            (fd, port) = try bind()
        } catch {
            leaderboard.close()
            throw error
        }
        let operatorSecret: String?
        do throws(ServerError) {
            operatorSecret = try loadOperatorSecret()
        } catch {
            leaderboard.close()
            FileDescriptor.close(fd)
            throw error
        }
        self.leaderboard = leaderboard
        for warning in leaderboard.warnings { configuration.log(.error, LogEntry("store.warning", message: warning)) }
        let count = max(1, configuration.shards)
        let registry = Registry(shardCount: count)
        self.registry = registry
        // Read before the first connection is let in (none when the store does
        // not answer within 5 s: they come with the next read).
        if case .bans(let bans) = leaderboard.answer(.bans) { _ = registry.withState { $0.changeBans { $0 = ServerRegistry.keyed(bans) } } }
        if let redis = configuration.redisStore {
            let bound = configuration.bindAddress
            let host = bound == "0.0.0.0" || bound == "::" ? Socket.interfaceAddresses().first ?? "127.0.0.1" : bound
            let advertised = configuration.advertisedAddress ?? ServerAddress.format(host: host, port: port)
            directory = RedisRoomDirectory(
                address: redis, advertisedAddress: advertised, expiryMilliseconds: 3 * configuration.directoryIntervalMilliseconds)
            configuration.log(
                .info, "server.sharing-rooms", [.init("store", "\(redis)"), .init("advertise", advertised)],
                message: "sharing rooms through \(redis) as \(advertised)")
        }
        var settings = ServerShard.Settings(log: configuration.log, leaderboard: leaderboard, directory: directory)
        if configuration.redisStore == nil, let directory = configuration.dataDirectory { settings.arenaFile = directory + "/arenas.json" }
        let hasFiles = configuration.dataDirectory != nil || configuration.makeStore != nil
        let storeKind: ServerInfo.Store = configuration.redisStore != nil ? .redis : hasFiles ? .file : .memory
        shards = (0..<count).map { index in
            let core = ServerCore(
                limits: configuration.limits, clock: configuration.clock, random: configuration.random,
                serverName: configuration.serverName, logLevel: configuration.log.level, registry: registry, shard: index,
                storeKind: storeKind, operatorSecret: operatorSecret)
            if index == ServerCore.arenaShard { restoreArenas(in: core, file: settings.arenaFile) }
            return ServerShard(index: index, core: core, settings: settings)
        }
        for shard in shards {
            shard.shards = shards
            // Shard 0 publishes the rooms of all shards (they are in the registry).
            let directoryInterval = shard.index == 0 && directory != nil ? configuration.directoryIntervalMilliseconds : nil
            let banInterval = shard.index == 0 ? configuration.banRefreshMilliseconds : nil
            shard.queue.sync { shard.start(directoryEvery: directoryInterval, bansEvery: banInterval) }
        }
        let listener = Listener(fd: fd, port: port, queue: queue)
        self.listener = listener
        listener.start(
            accepted: { [weak self] socket, peer in self?.accepted(socket, peer: peer) },
            failed: { [weak self] message in self?.configuration.log(.error, LogEntry("server.accept-failed", message: message)) })
        phase = .running
        let store = configuration.redisStore.map { "\($0)" } ?? configuration.dataDirectory
        let data = store.map { "leaderboard in \($0)" } ?? "leaderboard in memory only"
        configuration.log(
            .info, "server.listening",
            [
                .init("address", configuration.bindAddress), .init("port", port), .init("store", store ?? "memory"),
                .init("shards", count),
            ],
            message:
                "tilerace server listening on \(ServerAddress.format(host: configuration.bindAddress, port: port)) (\(data); \(count) shard\(count == 1 ? "" : "s"))"
        )
        return port
    }

    /// The arenas kept by the last run: the data directory's `arenas.json`,
    /// or the Redis store's snapshot under this server's address.
    private func restoreArenas(in core: ServerCore, file: String?) {
        let kept: [UInt8]?
        if let file {
            kept = try? FileSystem.read(file)
        } else {
            switch directory?.keptArenas() {
            case .success(let bytes): kept = bytes
            case .failure(let error):
                return configuration.log(
                    .error,
                    LogEntry("arena.not-restored", message: "error: the kept arenas could not be read (\(error)); starting without them"))
            case nil: kept = nil
            }
        }
        guard let kept else { return }
        configuration.log(.info, LogEntry("arena.restored", message: core.restoreArenas(kept)))
    }

    /// The leaderboard service the configuration names: Redis, a test's
    /// store, the data directory's journal, or memory only.
    private func openLeaderboard() throws(ServerError) -> any LeaderboardService {
        do throws(StoreError) {
            if let redis = configuration.redisStore {
                return try RedisLeaderboardService(
                    address: redis, acceptsRelaxedDurability: configuration.acceptsRelaxedStoreDurability, log: configuration.log)
            }
            if let makeStore = configuration.makeStore { return FileLeaderboardService(store: makeStore()) }
            let store =
                try configuration.dataDirectory.map { (directory: String) throws(StoreError) in
                    try LeaderboardStore.open(
                        directory: directory, acceptingLoss: configuration.acceptsLeaderboardLoss,
                        today: UTCTime.date(epochMilliseconds: configuration.clock.wallMilliseconds))
                } ?? LeaderboardStore.inMemory()
            // From here on the store belongs to the service's queues.
            return FileLeaderboardService(store: store)
        } catch {
            throw .leaderboard(error)
        }
    }

    /// Nil (logged) when there is none.
    private func loadOperatorSecret() throws(ServerError) -> String? {
        if let secret = configuration.operatorSecret { return secret }
        do throws(OperatorSecretError) {
            if let file = configuration.operatorSecretFile {
                let secret = try OperatorSecret.read(path: file)
                configuration.log(.info, "operator requests unlocked by the secret in \(file)")
                return secret
            }
            guard configuration.redisStore == nil, let directory = configuration.dataDirectory else {
                configuration.log(
                    .info, "operator requests are off: no data directory to keep an operator secret in (give --operator-secret-file FILE)")
                return nil
            }
            let (secret, isNew) = try OperatorSecret.loadOrCreate(inDataDirectory: directory, random: configuration.random)
            let path = OperatorSecret.path(inDataDirectory: directory)
            configuration.log(
                .info, isNew ? "operator secret made in \(path) (mode 0600; tilerace admin reads it)" : "operator secret in \(path)")
            return secret
        } catch {
            throw .operatorSecret(error)
        }
    }

    private func bind() throws(ServerError) -> (Int32, Int) {
        let address = configuration.bindAddress
        let first = configuration.port
        let last = first == 0 ? 0 : min(65535, first + max(0, configuration.additionalPortAttempts))
        for candidate in first...last {
            do throws(Socket.ListenFailure) {
                return try Socket.listen(address: address, port: candidate)
            } catch {
                switch error {
                case .invalidAddress: throw .invalidAddress(address)
                case .addressInUse: continue
                case .system(let call, let code):
                    throw .cannotListen(address: address, port: candidate, reason: "\(call): \(FileDescriptor.describe(code))")
                }
            }
        }
        throw .addressInUse(address: address, ports: first...last)
    }

    private func beginStop(_ completion: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        if phase == .idle || phase == .stopped {
            phase = .stopped
            return completion()
        }
        stopWaiters.append(completion)
        guard phase == .running else { return }
        phase = .stopping
        listener?.stop()
        // Each shard counts the connections it says goodbye to as it begins
        // to stop; the counts meet here, and are logged once, before the end.
        let counted = DispatchGroup()
        let stopped = DispatchGroup()
        for shard in shards {
            counted.enter()
            stopped.enter()
            shard.queue.async {
                let count = shard.connectionCount
                self.queue.async {
                    self.goodbyeCount += count
                    counted.leave()
                }
                shard.beginStop { stopped.leave() }
            }
        }
        counted.notify(queue: queue) { [weak self] in
            guard let self else { return }
            let count = goodbyeCount
            configuration.log(
                .info, "server.stopping", [.init("connections", count)],
                message: count == 0
                    ? "shutting down: no connection to say goodbye to"
                    : "shutting down: saying goodbye to \(count) connection\(count == 1 ? "" : "s")")
            stopped.notify(queue: queue) { [weak self] in self?.finishStop() }
        }
    }

    private func finishStop() {
        guard phase == .stopping else { return }
        phase = .stopped
        leaderboard?.close()
        directory?.withdraw()
        configuration.log(.info, LogEntry("server.stopped", message: "tilerace server stopped"))
        let waiters = stopWaiters
        stopWaiters = []
        for waiter in waiters { waiter() }
    }

    // MARK: Connections

    /// Hands an accepted connection to the next shard in turn (its session
    /// moves to the shard of the room it enters).
    private func accepted(_ fd: Int32, peer: String) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard phase == .running, !shards.isEmpty else { return FileDescriptor.close(fd) }
        let id = ConnectionID(number: nextConnectionNumber)
        nextConnectionNumber += 1
        let shard = shards[nextShard]
        nextShard = (nextShard + 1) % shards.count
        shard.queue.async { shard.accepted(fd, peer: peer, id: id) }
    }
}
