import TileRaceProtocol
import TileRaceRedis

/// The Redis store's requests and replies, with no I/O; each request is one
/// script, so one atomic step.
struct RedisLeaderboardCommands: Sendable {
    let keys: RedisLeaderboardKeys
    /// Entries kept per board: `Leaderboard.capacity`, or fewer in tests.
    let capacity: Int

    init(keys: RedisLeaderboardKeys = .standard, capacity: Int = Leaderboard.capacity) {
        self.keys = keys
        self.capacity = max(1, capacity)
    }

    func command(for request: LeaderboardRequest) -> [String] {
        switch request {
        case .submit(let submission):
            return submitCommand(submission)
        case .top(let query, _) where query.board == .rating:
            return Self.script(RedisLeaderboardScripts.ratings, keys: [keys.ratings, keys.assisted], arguments: [])
        case .top(let query, let today):
            let board = Leaderboard.board(of: query, today: today)
            return Self.script(
                RedisLeaderboardScripts.board, keys: [keys.board(board), keys.entries(board), keys.assisted],
                arguments: [board.isSprint ? "sprint" : ""])
        case .record(let query, let today):
            let board = Self.board(of: query, today: today)
            return Self.script(
                RedisLeaderboardScripts.record, keys: [keys.entries(board), keys.logs(board)],
                arguments: [Names.nicknameKey(query.nickname)])
        case .status:
            return ["PING"]
        case .ban(let ban):
            // The record's words after its number, which the script gives it.
            let words = LeaderboardRecord.ban(sequence: 1, ban).text.split(separator: " ").dropFirst(2).joined(separator: " ")
            return Self.script(RedisLeaderboardScripts.ban, keys: [keys.bans, keys.sequence], arguments: [ban.target.key, words])
        case .unban(let target):
            return Self.script(RedisLeaderboardScripts.unban, keys: [keys.bans, keys.sequence], arguments: [target.key])
        case .bans:
            return ["HVALS", keys.bans]
        case .removeEntry(let order, let today):
            let board = Self.board(of: order.query, today: today)
            return Self.script(
                RedisLeaderboardScripts.removeEntry,
                keys: [keys.board(board), keys.entries(board), keys.logs(board), keys.boardsOf, keys.sequence],
                arguments: [Names.nicknameKey(order.query.nickname)])
        case .proveClaim(let nickname, let token, let today):
            return Self.script(
                RedisLeaderboardScripts.proveClaim, keys: [keys.claims, keys.boardsOf, keys.ratings, keys.assisted],
                arguments: [Names.nicknameKey(nickname), token ?? "", Leaderboard.expiryCutoff(on: today) ?? ""])
        case .rate(let race):
            return readRatings(of: race)
        case .report(let report):
            return Self.script(
                RedisLeaderboardScripts.report, keys: [keys.reports, keys.sequence], arguments: [LeaderboardRecord.reportFields(report)])
        case .reports:
            return ["HVALS", keys.reports]
        case .dismiss(let id):
            return Self.script(RedisLeaderboardScripts.dismiss, keys: [keys.reports, keys.sequence], arguments: [String(id)])
        case .assist(let nickname, let reason):
            let words = LeaderboardRecord.assist(sequence: 1, nickname: nickname, reason: reason).text.split(separator: " ").dropFirst(2)
            return Self.script(
                RedisLeaderboardScripts.assist, keys: [keys.assisted, keys.ratings, keys.sequence],
                arguments: [Names.nicknameKey(nickname), words.joined(separator: " ")])
        case .unassist(let nickname):
            return Self.script(
                RedisLeaderboardScripts.unassist, keys: [keys.assisted, keys.sequence], arguments: [Names.nicknameKey(nickname)])
        case .held:
            return ["HVALS", keys.held]
        case .review(let id, true, _):
            // The first step of an approval: the held record (`approval(of:)` then places it).
            return ["HGET", keys.held, String(id)]
        case .review(let id, false, _):
            return Self.script(RedisLeaderboardScripts.reject, keys: [keys.held, keys.sequence], arguments: [String(id)])
        }
    }

    /// The held entry of an approval's first step (`HGET`); nil when none.
    func heldEntry(in reply: RESPValue) throws(ProtocolError) -> HeldEntry? {
        guard let text = reply.string else { return nil }
        guard case .held(let entry) = try Self.record(text) else { throw Self.unexpected(reply) }
        return entry
    }

    /// The first step of rating a race: its racers' stored ratings.
    func readRatings(of race: RatedRace) -> [String] {
        ["HMGET", keys.ratings] + race.racers.map { Names.nicknameKey($0.nickname) }
    }

    /// From the stored ratings, the new ratings and the script that writes
    /// them unless one changed meanwhile; nil for a race that cannot be rated.
    func ratingUpdate(of race: RatedRace, stored reply: RESPValue) throws(ProtocolError) -> (
        command: [String], changes: [RatingChange]
    )? {
        guard let values = reply.array, values.count == race.racers.count else { throw Self.unexpected(reply) }
        let ratings = try Self.records(in: reply) { if case .rating(let rating) = $0 { rating } else { nil } }
        let stored = Dictionary(ratings.map { (Names.nicknameKey($0.nickname), $0) }, uniquingKeysWith: { _, last in last })
        guard let rated = Leaderboard.rate(race, stored: stored, lastSequence: 0) else { return nil }
        var arguments: [String] = []
        for (index, record) in rated.records.enumerated() {
            guard case .rating(let rating) = record else { continue }
            arguments += [
                Names.nicknameKey(rating.nickname), values[index].string ?? "", rating.nickname, LeaderboardRecord.ratingFields(rating),
            ]
        }
        let command = Self.script(RedisLeaderboardScripts.rate, keys: [keys.ratings, keys.sequence, keys.boardsOf], arguments: arguments)
        return (command, rated.changes)
    }

    private static func record(_ text: String, kind: String = "record") throws(ProtocolError) -> LeaderboardRecord {
        do throws(LeaderboardRecordError) {
            return try LeaderboardRecord(text: text)
        } catch {
            throw ProtocolError(.internal, "a stored \(kind) cannot be read: \(error.detail)")
        }
    }

    /// The records of an array reply (holes skipped), each as `wanted`
    /// takes it; one it does not take is an unexpected reply.
    private static func records<Value>(
        in reply: RESPValue, kind: String = "record", _ wanted: (LeaderboardRecord) -> Value?
    ) throws(ProtocolError) -> [Value] {
        guard let values = reply.array else { throw unexpected(reply) }
        var taken: [Value] = []
        for value in values {
            guard let text = value.string else { continue }
            guard let item = wanted(try record(text, kind: kind)) else { throw unexpected(value) }
            taken.append(item)
        }
        return taken
    }

    /// What Redis's `reply` to the command of `request` answers. A reply that cannot be
    /// read fails the request (`internal`); the service answers an error reply before this.
    func answer(to request: LeaderboardRequest, reply: RESPValue) -> LeaderboardAnswer {
        do throws(ProtocolError) {
            switch request {
            case .submit(let submission):
                return try Self.receipt(from: reply, submission)
            case .top(let query, let today) where query.board == .rating:
                let stored = try Self.records(in: reply) { if case .rating(let rating) = $0 { rating } else { nil } }
                let (page, summary) = Leaderboard.ratingPage(query, of: stored, today: today)
                return .ratingPage(page, summary)
            case .top(let query, let today):
                let board = Leaderboard.board(of: query, today: today)
                let (page, summary) = Leaderboard.page(query, of: board, ranked: try Self.entries(from: reply, on: board))
                return .page(page, summary)
            case .record(let query, let today):
                guard let parts = reply.array, parts.count == 2 else { throw Self.unexpected(reply) }
                guard let text = parts[0].string else { return .record(nil) }
                var entry = try RedisLeaderboardValue.entry(text, on: Self.board(of: query, today: today))
                entry.log = parts[1].string
                return .record(entry)
            case .status:
                return .status(isUp: reply.string == "PONG")
            case .ban:
                return .moderated(found: true)
            case .report:
                guard reply.integer != nil else { throw Self.unexpected(reply) }
                return .moderated(found: true)
            case .reports:
                let reports = try Self.records(in: reply, kind: "report") { if case .report(let report) = $0 { report } else { nil } }
                return .reports(reports.sorted { $0.id < $1.id })
            case .assist:
                guard let parts = reply.array, parts.count == 3, let refunded = parts[0].integer, let points = parts[1].integer,
                    let isNew = parts[2].integer
                else { throw Self.unexpected(reply) }
                return .assisted(refunded: refunded, points: points, isNew: isNew == 1)
            case .unban, .removeEntry, .dismiss, .unassist:
                guard let count = reply.integer else { throw Self.unexpected(reply) }
                return .moderated(found: count > 0)
            case .bans:
                return .bans(try Self.records(in: reply, kind: "ban") { if case .ban(_, let ban) = $0 { ban } else { nil } })
            case .proveClaim(let nickname, let token, let today):
                guard let parts = reply.array, let outcome = parts.first?.string else { throw Self.unexpected(reply) }
                switch outcome {
                case "ok":
                    guard parts.count == 2, let text = parts[1].string else { throw Self.unexpected(reply) }
                    guard !text.isEmpty else { return .provenRating(Glicko2.newcomer) }
                    guard case .rating(let rating) = try Self.record(text) else { throw Self.unexpected(reply) }
                    return .provenRating(rating.current(onDay: UTCTime.dayNumber(of: today) ?? 0))
                case "unclaimed": return .refused(LeaderboardRules.unclaimed(nickname))
                case "bad-token": return .refused(LeaderboardRules.badToken(parts.last?.string ?? nickname, tokenGiven: token != nil))
                case "assisted": return .refused(LeaderboardRules.assisted(parts.last?.string ?? nickname))
                default: throw Self.unexpected(reply)
                }
            case .rate:
                // Two steps, run by the service (`readRatings`, `ratingUpdate`).
                throw Self.unexpected(reply)
            case .held:
                let held = try Self.records(in: reply) { if case .held(let entry) = $0 { entry } else { nil } }
                return .held(held.sorted { $0.sequence < $1.sequence })
            case .review(_, true, _):
                // The approval's second step: the submit script's answer.
                guard let outcome = reply.array?.first?.string, ["ok", "gone"].contains(outcome) else { throw Self.unexpected(reply) }
                return .moderated(found: outcome == "ok")
            case .review(_, false, _):
                guard let count = reply.integer else { throw Self.unexpected(reply) }
                return .moderated(found: count > 0)
            }
        } catch {
            return .failed(ProtocolError(.internal, "the leaderboard store answered wrongly; try again"), reason: error.message)
        }
    }

    // MARK: Commands

    private static func script(_ body: String, keys: [String], arguments: [String]) -> [String] {
        ["EVAL", body, String(keys.count)] + keys + arguments
    }

    private static func board(of query: RecordQuery, today: String) -> LeaderboardBoardID {
        LeaderboardBoardID(kind: query.board, date: query.date, today: today)
    }

    private func submitCommand(_ submission: LeaderboardSubmission) -> [String] {
        let entry = HeldEntry(
            sequence: 0, nickname: submission.nickname, result: submission.result, date: submission.date,
            dailyDate: submission.dailyDate, sprintTime: submission.sprintTime, log: submission.log, rule: submission.heldRule ?? "")
        return placing(
            entry, token: submission.token, newToken: submission.newToken, isInUseByAnother: submission.isInUseByAnother,
            isHeld: submission.heldRule != nil)
    }

    /// The approval of a held entry: the submit script without a claim, given the held id.
    func approval(of entry: HeldEntry) -> [String] {
        placing(entry, token: nil, newToken: "", isInUseByAnother: false, isHeld: false, approvedID: entry.sequence)
    }

    /// The submit script's command for `entry`'s game (see the script for its arguments).
    private func placing(
        _ entry: HeldEntry, token: String?, newToken: String, isInUseByAnother: Bool, isHeld: Bool, approvedID: Int? = nil
    ) -> [String] {
        var scriptKeys = [keys.claims, keys.sequence, keys.boardsOf, keys.held]
        let boards = entry.boards
        for board in boards { scriptKeys += [keys.board(board), keys.entries(board), keys.logs(board)] }
        scriptKeys.append(keys.assisted)
        let result = entry.result
        let arguments =
            [
                entry.nickname, Names.nicknameKey(entry.nickname), token ?? "", newToken, entry.date,
                Leaderboard.expiryCutoff(on: entry.date) ?? "", isInUseByAnother ? "1" : "0", String(result.score),
                LeaderboardRecord.entryFields(result: result, date: entry.date, log: nil), entry.log ?? "", String(capacity),
                entry.sprintTime.map(String.init) ?? "",
                LeaderboardRecord.entryFields(result: result, date: entry.date, sprintTime: entry.sprintTime, log: nil),
                isHeld ? LeaderboardRecord.heldFields(entry) : "", approvedID.map(String.init) ?? "",
            ] + boards.map(\.description)
        return Self.script(RedisLeaderboardScripts.submit, keys: scriptKeys, arguments: arguments)
    }

    // MARK: Replies

    private static func receipt(from reply: RESPValue, _ submission: LeaderboardSubmission) throws(ProtocolError) -> LeaderboardAnswer {
        guard let parts = reply.array, let outcome = parts.first?.string else { throw unexpected(reply) }
        switch outcome {
        case "taken":
            return .refused(LeaderboardRules.nicknameInUse(submission.nickname))
        case "bad-token" where parts.count == 3:
            let nickname = parts[1].string ?? submission.nickname
            return .refused(LeaderboardRules.badToken(nickname, tokenGiven: parts[2].string == "1"))
        case "ok" where parts.count == (submission.sprintTime == nil ? 6 : 9):
            guard let nickname = parts[1].string, let claimed = parts[2].string, let rank = parts[4].integer, let best = parts[5].integer
            else { throw unexpected(reply) }
            var receipt = SubmitReceipt(
                nickname: nickname, board: submission.dailyDate == nil ? .all : .daily, score: submission.result.score,
                rank: rank > 0 ? rank : nil, best: best, improved: parts[3].string == "1", token: claimed.isEmpty ? nil : claimed)
            if let sprintTime = submission.sprintTime {
                guard let sprintRank = parts[7].integer, let sprintBest = parts[8].integer else { throw unexpected(reply) }
                receipt.sprintTime = sprintTime
                receipt.sprintRank = sprintRank > 0 ? sprintRank : nil
                receipt.sprintBest = sprintBest
                receipt.sprintImproved = parts[6].string == "1"
            }
            receipt.held = submission.heldRule
            return .submitted(receipt, warnings: [])
        default:
            throw unexpected(reply)
        }
    }

    private static func entries(from reply: RESPValue, on board: LeaderboardBoardID) throws(ProtocolError) -> [BoardEntry] {
        guard let values = reply.array else { throw unexpected(reply) }
        var entries: [BoardEntry] = []
        // An entry dropped between the two reads of the script cannot happen (scripts are atomic); skip a hole anyway.
        for case let text? in values.map(\.string) { entries.append(try RedisLeaderboardValue.entry(text, on: board)) }
        return entries
    }

    private static func unexpected(_ reply: RESPValue) -> ProtocolError {
        ProtocolError(.internal, "unexpected reply from the leaderboard store: \(describe(reply))")
    }

    /// A reply in a line, cut at 120 characters, for messages.
    static func describe(_ value: RESPValue) -> String {
        String(String(describing: value).prefix(120))
    }
}
