import Dispatch
import TileRaceProtocol
import TileRaceRedis
import TileRaceTransport

/// The leaderboard in a Redis server shared by a community of servers.
/// `OK SUBMIT` follows Redis's reply, which with `appendfsync always`
/// (checked at start) comes after the change is synced; with sentinels, a
/// change is acknowledged only once a replica holds it too (`WAIT 1`), so
/// the loss of one machine and the fail-over lose nothing acknowledged.
///
/// When Redis fails, the store is down (`StoreHealth`): requests are
/// refused at once while one `PING` at a time checks whether it is back.
/// Owned by its serial queue; the connection has its own.
final class RedisLeaderboardService: LeaderboardService, @unchecked Sendable {
    let warnings: [String]
    private let commands = RedisLeaderboardCommands()
    private let connection: RedisConnection
    private let queue = DispatchQueue(label: "tilerace.server.redis-leaderboard")
    private let log: ServerLog
    private var health = StoreHealth()
    private var isClosed = false
    /// With sentinels and strict durability: how long a change waits for a replica.
    private let replicaWaitMilliseconds: Int?

    /// Connects to Redis and checks its durability settings: without `acceptsRelaxedDurability`
    /// it refuses to start unless `appendonly yes` and `appendfsync always`, or with sentinels,
    /// a replica connected to the primary; with it, it starts and logs a warning.
    /// - Throws: `cannotConnect`, `unreachable`, or `notDurable`.
    init(
        address endpoint: RedisEndpoint, acceptsRelaxedDurability: Bool = false, log: ServerLog, timeoutMilliseconds: Int = 2000
    ) throws(StoreError) {
        let connection = RedisConnection(endpoint: endpoint, timeoutMilliseconds: timeoutMilliseconds) { line in
            log(.info, "store.primary", [.init("store", "\(endpoint)")], message: "leaderboard store \(endpoint): \(line)")
        }
        let store = "\(endpoint)"
        let settings: [RESPValue]
        switch connection.pipelineAndWait([["PING"], ["CONFIG", "GET", "appendonly"], ["CONFIG", "GET", "appendfsync"], ["ROLE"]]) {
        case .success(let values): settings = values
        case .failure(.cannotConnect(let address, let reason, _)):
            // Not "retrying": the server does not start without its store.
            connection.close()
            throw .cannotConnect(address, reason: reason)
        case .failure(let error):
            connection.close()
            throw .unreachable(store: store, reason: error.description)
        }
        guard settings.count == 4, settings[0].string == "PONG" else {
            connection.close()
            let answer = settings.first.map(RedisLeaderboardCommands.describe) ?? "no reply"
            throw .unreachable(store: store, reason: "it did not answer PING: \(answer)")
        }
        let appendOnly = settings[1].array?.last?.string
        let fsync = settings[2].array?.last?.string
        var warnings: [String] = []
        var replicaWait: Int?
        if case .sentinels = endpoint {
            // The promise is a second copy on another machine, not the primary's disk.
            let replicas = settings[3].array.flatMap { $0.count == 3 ? $0[2].array?.count : nil } ?? 0
            if acceptsRelaxedDurability {
                warnings.append(
                    "warning: --store-durability relaxed: changes are acknowledged before a replica of \(store) holds them; a fail-over can lose them"
                )
            } else if replicas == 0 {
                connection.close()
                throw .notDurable(
                    store: store, detail: "has no replica connected to its primary (ROLE), so a fail-over could lose a change")
            } else {
                replicaWait = max(1, timeoutMilliseconds / 2)
            }
        } else if appendOnly != "yes" || fsync != "always" {
            let detail =
                appendOnly == nil || fsync == nil
                ? "does not let us read its appendonly and appendfsync settings (CONFIG GET)"
                : "has appendonly \(appendOnly ?? "?") and appendfsync \(fsync ?? "?") (not yes and always)"
            guard acceptsRelaxedDurability else {
                connection.close()
                throw .notDurable(store: store, detail: detail)
            }
            warnings.append(
                "warning: --store-durability relaxed: the leaderboard store \(store) \(detail); a submission acknowledged just before a crash of Redis can be lost"
            )
        }
        replicaWaitMilliseconds = replicaWait
        self.connection = connection
        self.log = log
        self.warnings = warnings
    }

    func perform(_ request: LeaderboardRequest, completion: @escaping @Sendable (LeaderboardAnswer) -> Void) {
        if case .rate(let race) = request { return rate(race, attempt: 1, completion: completion) }
        if case .review(_, true, _) = request { return approve(request, completion: completion) }
        let commands = commands
        let changes =
            switch request {
            case .submit, .ban, .unban, .removeEntry, .report, .dismiss, .assist, .unassist, .review: true
            case .top, .record, .status, .bans, .proveClaim, .rate, .reports, .held: false
            }
        send(commands.command(for: request), changes: changes, completion: completion) {
            completion(commands.answer(to: request, reply: $0))
        }
    }

    func close() {
        queue.sync { isClosed = true }
        connection.close()
    }

    // MARK: Running scripts

    private static let unavailable = LeaderboardAnswer.failed(
        ProtocolError(.unavailable, "the shared leaderboard cannot be reached right now; nothing was changed, try again in a moment"),
        reason: nil)

    /// Retries when another server changed a racer's rating between the read
    /// and the write.
    private static let rateAttempts = 5

    /// Optimistic: reads the ratings, rates, and writes only if nobody changed
    /// them meanwhile; else reads again.
    private func rate(_ race: RatedRace, attempt: Int, completion: @escaping @Sendable (LeaderboardAnswer) -> Void) {
        let commands = commands
        send(commands.readRatings(of: race), completion: completion) { [self] reply in
            let update: (command: [String], changes: [RatingChange])
            do throws(ProtocolError) {
                guard let made = try commands.ratingUpdate(of: race, stored: reply) else { return completion(.rated([])) }
                update = made
            } catch {
                completion(.failed(ProtocolError(.internal, "the leaderboard store answered wrongly; try again"), reason: error.message))
                return
            }
            send(update.command, changes: true, completion: completion) { [self] reply in
                guard reply.string != "ok" else { return completion(.rated(update.changes)) }
                guard attempt < Self.rateAttempts else {
                    completion(
                        .failed(ProtocolError(.internal, "the ratings changed under us; try again"), reason: "rating: too many retries"))
                    return
                }
                rate(race, attempt: attempt + 1, completion: completion)
            }
        }
    }

    /// Reads the held record, then places it with the submit script, which
    /// answers `gone` when another operator decided on it meanwhile.
    private func approve(_ request: LeaderboardRequest, completion: @escaping @Sendable (LeaderboardAnswer) -> Void) {
        let commands = commands
        send(commands.command(for: request), completion: completion) { [self] reply in
            let entry: HeldEntry
            do throws(ProtocolError) {
                guard let held = try commands.heldEntry(in: reply) else { return completion(.moderated(found: false)) }
                entry = held
            } catch {
                completion(.failed(ProtocolError(.internal, "the leaderboard store answered wrongly; try again"), reason: error.message))
                return
            }
            send(commands.approval(of: entry), changes: true, completion: completion) { reply in
                completion(commands.answer(to: request, reply: reply))
            }
        }
    }

    private static let unreplicated = LeaderboardAnswer.failed(
        ProtocolError(.unavailable, "the shared leaderboard could not keep a second copy of this right now; try again in a moment"),
        reason: nil)

    /// An error reply fails the request; an outage, or a store known to be
    /// down, answers `ERR unavailable`. A command that `changes` the store is
    /// answered, with sentinels, once a replica confirms it (`WAIT`), else
    /// `ERR unavailable`.
    private func send(
        _ command: [String], changes: Bool = false, completion: @escaping @Sendable (LeaderboardAnswer) -> Void,
        replied: @escaping @Sendable (RESPValue) -> Void
    ) {
        guard changes, let wait = replicaWaitMilliseconds else { return send(command, completion: completion, replied: replied) }
        send(command, completion: completion) { [self] reply in
            send(["WAIT", "1", String(wait)], completion: completion) { replicas in
                guard (replicas.integer ?? 0) >= 1 else { return completion(Self.unreplicated) }
                replied(reply)
            }
        }
    }

    private func send(
        _ command: [String], completion: @escaping @Sendable (LeaderboardAnswer) -> Void,
        replied: @escaping @Sendable (RESPValue) -> Void
    ) {
        queue.async { [self] in
            guard health.isUp else { return completion(Self.unavailable) }
            connection.send(command, on: queue) { result in
                switch result {
                case .success(.error(let message)):
                    self.note(self.health.answered())
                    completion(
                        .failed(
                            ProtocolError(.internal, "the leaderboard store refused the request; try again"), reason: "redis: \(message)"))
                case .success(let reply):
                    self.note(self.health.answered())
                    replied(reply)
                case .failure(.closed):
                    completion(Self.unavailable)
                case .failure(let error):
                    self.requestFailed(error)
                    completion(Self.unavailable)
                }
            }
        }
    }

    /// A `PING`: its answer brings the store up, its failure schedules the
    /// next.
    private func probe() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !isClosed, let number = health.startProbe(at: Self.now()) else { return }
        connection.send(["PING"], on: queue) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.error(let message)):
                probeFailed(number, .server(message))
            case .success:
                note(health.answered())
            case .failure(.closed):
                break
            case .failure(let error):
                probeFailed(number, error)
            }
        }
    }

    /// A request failed: down, when it was up, with the first probe scheduled.
    private func requestFailed(_ error: RedisError) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let transition = health.requestFailed(at: Self.now()) else { return }
        note(transition, error)
        scheduleProbe()
    }

    /// Probe `number` failed: the next one is scheduled.
    private func probeFailed(_ number: Int, _ error: RedisError) {
        dispatchPrecondition(condition: .onQueue(queue))
        note(health.probeFailed(number, at: Self.now()), error)
        scheduleProbe()
    }

    /// Runs `probe` when the next one is due.
    private func scheduleProbe() {
        guard !isClosed, let due = health.nextProbe else { return }
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: UInt64(due) * 1_000_000)) { [weak self] in self?.probe() }
    }

    /// Logs a change of the store's health: each outage once, and its end.
    private func note(_ transition: StoreHealth.Transition?, _ error: RedisError? = nil) {
        switch transition {
        case .wentDown:
            let reason = error.map { "\($0)" } ?? "no reply"
            log(
                .error, "store.down", [.init("store", "\(connection.endpoint)"), .init("reason", reason)],
                message:
                    "error: leaderboard store \(connection.endpoint) unreachable (\(reason)); SUBMIT, TOP and RECORD answer ERR unavailable until it is back"
            )
        case .cameBack:
            log(
                .info, "store.up", [.init("store", "\(connection.endpoint)")],
                message: "leaderboard store \(connection.endpoint) reachable again")
        case nil:
            break
        }
    }

    /// Milliseconds of uptime, the clock of `StoreHealth`.
    private static func now() -> Int {
        MonotonicClock.milliseconds()
    }
}
