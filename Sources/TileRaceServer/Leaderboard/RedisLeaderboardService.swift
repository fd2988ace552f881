import Dispatch
import TileRaceProtocol
import TileRaceRedis

/// The leaderboard kept in a Redis server, shared by every TileRace server
/// that names it (`tilerace serve --store redis://HOST:PORT`): one set of
/// boards, nickname claims and daily boards for a whole community.
///
/// Each request is one Lua script (`RedisLeaderboardScripts`), so each
/// submission is one atomic step whichever server makes it. `OK SUBMIT`
/// follows Redis's reply, which with `appendfsync always` comes after the
/// change is synced to its append-only file (checked at start).
///
/// When a request gets no reply in time, or Redis refuses or drops the
/// connection, the store is down (`StoreHealth`): SUBMIT, TOP and RECORD
/// then answer `ERR unavailable` at once, without asking Redis, while one
/// `PING` at a time (0.25 s after, then waiting twice as long after each
/// failed one, up to 4 s) asks whether it is back; its answer brings the
/// store up again. The outage is logged once, and its end too. Owned by its
/// serial queue (the health and `isClosed`); the connection has its own.
final class RedisLeaderboardService: LeaderboardService, @unchecked Sendable {
    /// How strictly the store's durability is checked at start.
    enum Durability: Sendable {
        /// Refuse to start unless Redis syncs every change (`appendonly yes`, `appendfsync always`).
        case strict
        /// Start anyway, and say so in the log.
        case relaxed
    }

    let warnings: [String]
    private let connection: RedisConnection
    private let queue = DispatchQueue(label: "tilerace.server.redis-leaderboard")
    private let log: ServerLog
    private var health = StoreHealth()
    private var isClosed = false

    /// Connects to Redis and checks its durability settings.
    /// - Throws: `cannotConnect` when no connection can be made to Redis,
    ///   `unreachable` when it does not answer, `notDurable` when it does not
    ///   sync each change and `durability` is `strict`.
    init(address: RedisAddress, durability: Durability, log: ServerLog, timeoutMilliseconds: Int = 2000) throws(StoreError) {
        let connection = RedisConnection(address: address, timeoutMilliseconds: timeoutMilliseconds)
        let store = "\(address)"
        let settings: [RESPValue]
        switch connection.pipelineAndWait([["PING"], ["CONFIG", "GET", "appendonly"], ["CONFIG", "GET", "appendfsync"]]) {
        case .success(let values): settings = values
        case .failure(.cannotConnect(_, let reason, _)):
            // Not "retrying": the server does not start without its store.
            connection.close()
            throw .cannotConnect(address, reason: reason)
        case .failure(let error):
            connection.close()
            throw .unreachable(store: store, reason: error.description)
        }
        guard settings.count == 3, settings[0].string == "PONG" else {
            connection.close()
            throw .unreachable(store: store, reason: "it did not answer PING: \(settings.first.map(Self.describe) ?? "no reply")")
        }
        let appendOnly = settings[1].array?.last?.string
        let fsync = settings[2].array?.last?.string
        var warnings: [String] = []
        if appendOnly != "yes" || fsync != "always" {
            let detail =
                appendOnly == nil || fsync == nil
                ? "does not let us read its appendonly and appendfsync settings (CONFIG GET)"
                : "has appendonly \(appendOnly ?? "?") and appendfsync \(fsync ?? "?") (not yes and always)"
            guard durability == .relaxed else {
                connection.close()
                throw .notDurable(store: store, detail: detail)
            }
            warnings.append(
                "warning: --store-durability relaxed: the leaderboard store \(store) \(detail); a submission acknowledged just before a crash of Redis can be lost"
            )
        }
        self.connection = connection
        self.log = log
        self.warnings = warnings
    }

    func perform(_ request: LeaderboardRequest, completion: @escaping @Sendable (LeaderboardAnswer) -> Void) {
        switch request {
        case .submit(let submission):
            run(Self.submitCommand(submission)) { reply throws(ProtocolError) in
                try Self.receipt(from: reply, submission)
            } completion: {
                completion($0)
            }
        case .top(let query, let today):
            let board = Leaderboard.board(of: query, today: today)
            run(Self.script(RedisLeaderboardScripts.board, keys: [Keys.board(board), Keys.entries(board)], arguments: [])) {
                reply throws(ProtocolError) in
                let entries = try Self.entries(from: reply)
                let (page, summary) = Leaderboard.page(query, of: board, ranked: entries)
                return .page(page, summary)
            } completion: {
                completion($0)
            }
        case .record(let query, let today):
            let board: LeaderboardBoardID = query.board == .all ? .allTime : .daily(query.date ?? today)
            let key = Names.nicknameKey(query.nickname)
            run(Self.script(RedisLeaderboardScripts.record, keys: [Keys.entries(board), Keys.logs(board)], arguments: [key])) {
                reply throws(ProtocolError) in
                guard let parts = reply.array, parts.count == 2 else { throw Self.unexpected(reply) }
                guard let line = parts[0].string else { return .record(nil) }
                var entry = try Self.entry(from: line)
                entry.log = parts[1].string
                return .record(entry)
            } completion: {
                completion($0)
            }
        }
    }

    func close() {
        queue.sync { isClosed = true }
        connection.close()
    }

    // MARK: Running scripts

    /// The answer while the store cannot be reached.
    private static let unavailable = LeaderboardAnswer.failed(
        ProtocolError(.unavailable, "the shared leaderboard cannot be reached right now; nothing was changed, try again in a moment"),
        reason: nil)

    /// Sends a command, or answers `ERR unavailable` at once while the store
    /// is down; turns its reply into an answer, or an outage into `ERR unavailable`.
    private func run(
        _ command: [String], answer: @escaping @Sendable (RESPValue) throws(ProtocolError) -> LeaderboardAnswer,
        completion: @escaping @Sendable (LeaderboardAnswer) -> Void
    ) {
        queue.async { [self] in
            guard health.isUp else {
                completion(Self.unavailable)
                return
            }
            connection.send(command, on: queue) { result in
                switch result {
                case .success(.error(let message)):
                    self.note(self.health.answered())
                    completion(
                        .failed(
                            ProtocolError(.internal, "the leaderboard store refused the request; try again"), reason: "redis: \(message)"))
                case .success(let reply):
                    self.note(self.health.answered())
                    do throws(ProtocolError) {
                        completion(try answer(reply))
                    } catch {
                        completion(
                            .failed(ProtocolError(.internal, "the leaderboard store answered wrongly; try again"), reason: error.message))
                    }
                case .failure(.closed):
                    completion(Self.unavailable)
                case .failure(let error):
                    self.requestFailed(error)
                    completion(Self.unavailable)
                }
            }
        }
    }

    /// Sends the probe that is due, if one is: a `PING`, whose answer brings
    /// the store up, and whose failure schedules the next.
    private func probe() {
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
        guard let transition = health.requestFailed(at: Self.now()) else { return }
        note(transition, error)
        scheduleProbe()
    }

    /// Probe `number` failed: the next one is scheduled.
    private func probeFailed(_ number: Int, _ error: RedisError) {
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
            log(
                .error,
                "error: leaderboard store \(connection.address) unreachable (\(error.map { "\($0)" } ?? "no reply")); SUBMIT, TOP and RECORD answer ERR unavailable until it is back"
            )
        case .cameBack:
            log(.info, "leaderboard store \(connection.address) reachable again")
        case nil:
            break
        }
    }

    /// Milliseconds of uptime, the clock of `StoreHealth`.
    private static func now() -> Int {
        Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }

    // MARK: Commands and replies

    private static func script(_ body: String, keys: [String], arguments: [String]) -> [String] {
        ["EVAL", body, String(keys.count)] + keys + arguments
    }

    private static func submitCommand(_ submission: LeaderboardSubmission) -> [String] {
        var keys = [Keys.claims, Keys.sequence, Keys.boardsOf]
        var boards: [LeaderboardBoardID] = [.allTime]
        if let daily = submission.dailyDate { boards.append(.daily(daily)) }
        for board in boards { keys += [Keys.board(board), Keys.entries(board), Keys.logs(board)] }
        let result = submission.result
        let fields =
            "\(result.largestTile) \(result.moves) \(result.milliseconds) \(result.size) \(result.target) \(result.assists) \(result.seed)"
        let arguments = [
            submission.nickname, Names.nicknameKey(submission.nickname), submission.token ?? "", submission.newToken, submission.date,
            Leaderboard.expiryCutoff(on: submission.date) ?? "", submission.isInUseByAnother ? "1" : "0", String(result.score), fields,
            submission.log ?? "", String(Leaderboard.capacity),
        ]
        return script(RedisLeaderboardScripts.submit, keys: keys, arguments: arguments)
    }

    private static func receipt(from reply: RESPValue, _ submission: LeaderboardSubmission) throws(ProtocolError) -> LeaderboardAnswer {
        guard let parts = reply.array, let outcome = parts.first?.string else { throw unexpected(reply) }
        switch outcome {
        case "taken":
            return .refused(LeaderboardRules.nicknameInUse(submission.nickname))
        case "bad-token" where parts.count == 3:
            let nickname = parts[1].string ?? submission.nickname
            return .refused(LeaderboardRules.badToken(nickname, tokenGiven: parts[2].string == "1"))
        case "ok" where parts.count == 6:
            guard let nickname = parts[1].string, let claimed = parts[2].string, let rank = parts[4].integer, let best = parts[5].integer
            else { throw unexpected(reply) }
            let receipt = SubmitReceipt(
                nickname: nickname, board: submission.dailyDate == nil ? .all : .daily, score: submission.result.score,
                rank: rank > 0 ? rank : nil, best: best, improved: parts[3].string == "1", token: claimed.isEmpty ? nil : claimed)
            return .submitted(receipt, warnings: [])
        default:
            throw unexpected(reply)
        }
    }

    private static func entries(from reply: RESPValue) throws(ProtocolError) -> [BoardEntry] {
        guard let values = reply.array else { throw unexpected(reply) }
        var entries: [BoardEntry] = []
        for value in values {
            // An entry dropped between the two reads of the script cannot happen (scripts are atomic); skip a hole anyway.
            guard let line = value.string else { continue }
            entries.append(try entry(from: line))
        }
        return entries
    }

    /// Reads `sequence nickname date score max moves milliseconds size target assists seed`.
    static func entry(from line: String) throws(ProtocolError) -> BoardEntry {
        let words = line.split(separator: " ").map(String.init)
        guard words.count == 11, let sequence = Int(words[0]), let score = Int(words[3]), let largest = Int(words[4]),
            let moves = Int(words[5]), let milliseconds = Int(words[6]), let size = Int(words[7]), let target = Int(words[8]),
            let assists = Int(words[9])
        else {
            throw ProtocolError(.internal, "unreadable leaderboard entry in Redis: \(TextFilter.quoted(String(line.prefix(80))))")
        }
        let result = GameResult(
            score: score, largestTile: largest, moves: moves, milliseconds: milliseconds, size: size, target: target, assists: assists,
            seed: words[10])
        return BoardEntry(sequence: sequence, nickname: words[1], result: result, date: words[2])
    }

    private static func unexpected(_ reply: RESPValue) -> ProtocolError {
        ProtocolError(.internal, "unexpected reply from the leaderboard store: \(describe(reply))")
    }

    private static func describe(_ value: RESPValue) -> String {
        String(String(describing: value).prefix(120))
    }

    /// The keys, all under `tilerace:` (layout in `RedisLeaderboardScripts`).
    enum Keys {
        static let prefix = "tilerace:"
        static let claims = prefix + "claims"
        static let sequence = prefix + "sequence"
        static let boardsOf = prefix + "boards-of"
        static func board(_ board: LeaderboardBoardID) -> String { prefix + "board:\(board)" }
        static func entries(_ board: LeaderboardBoardID) -> String { prefix + "entries:\(board)" }
        static func logs(_ board: LeaderboardBoardID) -> String { prefix + "logs:\(board)" }
    }
}
