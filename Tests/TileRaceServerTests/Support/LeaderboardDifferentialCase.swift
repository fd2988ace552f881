import TileRaceEngine
import TileRaceProtocol
import TileRaceRedis

@testable import TileRaceServer

/// One random sequence of leaderboard requests, decided by its seed alone,
/// sent to the journal's store and to the Redis store alike: submissions by
/// a few nicknames spelled in varying case, with right, missing, wrong and
/// others' tokens, nicknames in use by another connection, refused games
/// sent again, scores that tie (and some at the largest the Redis board holds
/// exactly), daily games, sprints (times that tie, and some at the longest
/// sprint), days that pass and jumps past the claim expiry, on
/// boards of 1 to 5 entries (so entries fall off and claims can expire), and
/// `TOP`, `RECORD` and the operator's `REMOVE-ENTRY` now and then, and
/// rated races (`rate`, two steps on Redis: `LeaderboardDifferentialTests`)
/// with the claims their racers prove (`proveClaim`) and the rating board,
/// players' reports (`report`, `reports`, `dismiss`: ids that exist or not), the operator's `ASSIST` (its
/// refunds) and `UNASSIST`, games held for review (docs/fair-play.md), their list, approvals (two steps
/// on Redis) and rejections, of ids held, decided already or never held. Every answer must be the same; at the end
/// so must every board, claim, record number and stored text.
///
/// The requests are the ones the core makes: a new claim token per game,
/// the same one when a refused game is sent again, never a game sent again
/// after it was stored.
///
/// The Redis side is the store's commands and replies
/// (`RedisLeaderboardCommands`, what `RedisLeaderboardService` sends), so
/// many cases run at once on one connection, each under a key prefix of its
/// own (`LeaderboardDifferentialTests`).
struct LeaderboardDifferentialCase {
    /// Decides everything.
    let seed: UInt64
    /// Entries per board.
    let capacity: Int
    /// The Redis store's commands, under the case's own keys.
    let redis: RedisLeaderboardCommands
    /// The journal's store (in memory).
    private let file: FileLeaderboardService
    private var random: SplitMix64
    private let nicknames: [String]
    private var day: Int
    private var stepsLeft: Int
    /// The latest token each nickname key was given.
    private var tokens: [String: String] = [:]
    /// The last game refused, which may be sent again.
    private var refused: LeaderboardSubmission?
    /// The requests so far, with the journal's store's answers, for the report.
    private var steps: [(request: LeaderboardRequest, answer: LeaderboardAnswer)] = []

    private static let allNicknames = ["ana", "bo", "cyd", "dee", "eve", "fox"]
    private static let logs: [String?] = [nil, "LRUD", "LLURX03D", "L@0R@153X03@87"]
    /// The largest score the Redis board orders exactly (`RedisLeaderboardScripts`).
    private static let largestExactScore = (1 << 23) - 1
    /// The longest sprint time (`LiveGame.maximumSprintTime`).
    private static let longestSprint = LiveGame.maximumSprintTime

    /// The case of `seed`, with an empty journal store in memory; its Redis
    /// store is what lies under `case<seed>:`.
    init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed)
        capacity = 1 + Int(random.next() % 5)
        nicknames = Array(Self.allNicknames.prefix(2 + Int(random.next() % 5)))
        day = UTCTime.dayNumber(of: "2026-01-01")! + Int(random.next() % 300)
        stepsLeft = 1 + Int(random.next() % 24)
        redis = RedisLeaderboardCommands(keys: RedisLeaderboardKeys(prefix: "case\(seed):"), capacity: capacity)
        file = FileLeaderboardService(store: LeaderboardStore.inMemory(Leaderboard(capacity: capacity)))
    }

    /// The next request and the journal's store's answer to it; nil when the case is over.
    mutating func next() -> (request: LeaderboardRequest, expected: LeaderboardAnswer)? {
        guard stepsLeft > 0 else { return nil }
        stepsLeft -= 1
        let request = nextRequest()
        let box = AnswerBox()
        file.perform(request) { box.put($0) }
        let expected = box.take()
        steps.append((request, expected))
        learn(from: request, expected)
        return (request, expected)
    }

    /// Checks Redis's reply to the command of the step `next` gave.
    /// - Returns: the report when its answer differs.
    func check(_ request: LeaderboardRequest, expected: LeaderboardAnswer, reply: RESPValue) -> String? {
        check(expected: expected, answer: redis.answer(to: request, reply: reply))
    }

    /// Checks the Redis store's answer to the step `next` gave.
    /// - Returns: the report when it differs.
    func check(expected: LeaderboardAnswer, answer: LeaderboardAnswer) -> String? {
        answer == expected ? nil : report("the Redis store answered \(Self.describe(answer))")
    }

    /// Checks what Redis holds at the end against the journal's store.
    /// - Returns: the report when anything differs.
    func check(_ stored: RedisLeaderboardDump) -> String? {
        let differences = Self.differences(between: file.leaderboard, and: stored)
        return differences.isEmpty ? nil : report(differences.joined(separator: "\n"))
    }

    /// Closes the journal's store.
    func close() {
        file.close()
    }

    private func report(_ difference: String) -> String {
        let lines = steps.enumerated().map {
            "  \($0.offset + 1). \(Self.describe($0.element.request)) -> \(Self.describe($0.element.answer))"
        }
        return """
            case \(seed) (boards of \(capacity)) differs; run it alone with LEADERBOARD_DIFFERENTIAL_SEED=\(seed)
            \(lines.joined(separator: "\n"))
            \(difference)
            """
    }

    // MARK: Requests

    private var today: String { Self.date(day) }

    private static func date(_ day: Int) -> String {
        UTCTime.date(epochMilliseconds: day * 86_400_000)
    }

    private mutating func number(below bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }

    private mutating func nextRequest() -> LeaderboardRequest {
        switch number(below: 100) {
        case 0..<65: break
        case 65..<90: day += 1 + number(below: 3)
        default: day += 25 + number(below: 20)  // about the claim expiry (30 days)
        }
        switch number(below: 100) {
        case 0..<8:
            let sort = [LeaderboardQuery.SortKey.rank, .nickname, .score][number(below: 3)]
            let order = [nil, LeaderboardQuery.Order.asc, .desc][number(below: 3)]
            var query = LeaderboardQuery(
                board: nextBoard(), date: nextDailyDate(), sort: sort, order: order, offset: number(below: 3), limit: 1 + number(below: 6))
            // The rating board's one-line answer (`nick=`), now and then.
            if query.board == .rating, number(below: 3) == 0 { query.nickname = nextNickname() }
            return .top(query, today: today)
        case 8..<14:
            let query = RecordQuery(nickname: nextNickname(), board: nextBoard(), date: nextDailyDate())
            return .record(query, today: today)
        case 19..<24:
            let nickname = nextNickname()
            let token: String? = [tokens[Names.nicknameKey(nickname)], nil, "wrong", nextKnownToken()][number(below: 4)]
            return .proveClaim(nickname: nickname, token: token, today: today)
        case 24..<32:
            // A rated race of 2 or more distinct nicknames, some places equal.
            let count = 2 + number(below: nicknames.count - 1)
            var names = nicknames
            var racers: [RatedRace.Racer] = []
            for _ in 0..<count {
                let base = names.remove(at: number(below: names.count))
                let nickname = number(below: 3) == 0 ? base.capitalized : base
                racers.append(RatedRace.Racer(nickname: nickname, place: 1 + number(below: count)))
            }
            return .rate(RatedRace(racers: racers, date: today))
        case 32..<36:
            let sort = [LeaderboardQuery.SortKey.rank, .nickname, .score][number(below: 3)]
            // Now and then one nickname's line, listed or not (`unlisted=`).
            let nickname = number(below: 3) == 0 ? nextNickname() : nil
            let query = LeaderboardQuery(
                board: .rating, sort: sort, offset: number(below: 2), limit: 1 + number(below: 6), nickname: nickname)
            return .top(query, today: today)
        case 36..<39:
            // A player's report, with the room lines and shared races it carries (or none).
            let lines = (0..<number(below: 3)).map { index in
                ChatLine(room: "fri", nickname: nextNickname(), text: ["gg", "lol, you're slow", "100% ✓ = yes"][index])
            }
            let races = (0..<number(below: 3)).map { SharedRace(id: 1 + $0 * 2, room: "fri", seed: String(number(below: 1000))) }
            let report = PlayerReport(
                id: 1, reporter: nextNickname(), nickname: nextNickname(), milliseconds: day * 86_400_000 + number(below: 86_400_000),
                reason: ["cheats", "says rude things, twice"][number(below: 2)], races: races, lines: lines)
            return .report(report)
        case 39..<41:
            return .reports
        case 41..<43:
            return .dismiss(id: 1 + number(below: 8))
        case 43..<45:
            return .held(id: nil)
        case 45..<50:
            // The operator decides on a held game (or on an id decided already, or never held).
            let heldIDs = file.leaderboard.held.keys.sorted()
            let id = heldIDs.isEmpty || number(below: 5) == 0 ? 1 + number(below: 40) : heldIDs[number(below: heldIDs.count)]
            return .review(id: id, isApproved: number(below: 2) == 0, reason: ["", "computed"][number(below: 2)])
        case 14..<19:
            // The operator takes an entry off (perhaps one that is not there).
            let query = RecordQuery(nickname: nextNickname(), board: nextBoard(), date: nextDailyDate())
            return .removeEntry(RemovalOrder(query: query, reason: "cheating"), today: today)
        case 50..<54:
            // The operator marks a nickname assisted (perhaps again), or lifts the mark.
            let nickname = nextNickname()
            return number(below: 4) == 0
                ? .unassist(nickname: nickname) : .assist(nickname: nickname, reason: ["", "engine"][number(below: 2)])
        default:
            return .submit(nextSubmission())
        }
    }

    /// Any kind of board.
    private mutating func nextBoard() -> LeaderboardKind {
        LeaderboardKind.allCases[number(below: LeaderboardKind.allCases.count)]
    }

    /// A daily board's date for a query: none (today's), yesterday's, or today's named.
    private mutating func nextDailyDate() -> String? {
        [nil, Self.date(day - 1), today][number(below: 3)]
    }

    /// One of the case's nicknames, each letter upper or lower case.
    private mutating func nextNickname() -> String {
        let base = nicknames[number(below: nicknames.count)]
        return String(base.map { number(below: 4) == 0 ? Character($0.uppercased()) : $0 })
    }

    private mutating func nextSubmission() -> LeaderboardSubmission {
        if var again = refused, number(below: 4) == 0 {
            // The refused game sent again, today, perhaps with its token now.
            again.date = today
            again.token = number(below: 2) == 0 ? tokens[Names.nicknameKey(again.nickname)] : again.token
            again.isInUseByAnother = number(below: 3) == 0
            return again
        }
        let nickname = nextNickname()
        let token: String? =
            switch number(below: 100) {
            case 0..<60: tokens[Names.nicknameKey(nickname)]
            case 60..<75: nil
            case 75..<85: "wrong"
            default: nextKnownToken()
            }
        let score = number(below: 10) == 0 ? Self.largestExactScore - number(below: 3) : number(below: 8) * 4
        let result = GameResult(
            score: score, largestTile: 64, moves: number(below: 500), milliseconds: 1000 + number(below: 100_000), size: 4, target: 2048,
            assists: number(below: 3), seed: String(number(below: 100_000)))
        let daily: String? =
            switch number(below: 100) {
            case 0..<30: today
            case 30..<35: Self.date(day - 1)  // a game of yesterday's challenge, finished today
            default: nil
            }
        let sprint: Int? =
            switch number(below: 100) {
            case 0..<25: 1000 * (1 + number(below: 4))  // ties
            case 25..<30: Self.longestSprint - number(below: 3)
            default: nil
            }
        return LeaderboardSubmission(
            result: result, log: Self.logs[number(below: Self.logs.count)], date: today, dailyDate: daily, nickname: nickname,
            token: token, newToken: String(random.next(), radix: 16) + String(random.next(), radix: 16),
            isInUseByAnother: number(below: 12) == 0, sprintTime: sprint, heldRule: number(below: 4) == 0 ? "rate" : nil)
    }

    /// One of the tokens claims gave so far (perhaps another nickname's).
    private mutating func nextKnownToken() -> String? {
        let known = tokens.values.sorted()
        return known.isEmpty ? nil : known[number(below: known.count)]
    }

    /// Keeps the token a claim gave, and the game a refusal left unsent.
    private mutating func learn(from request: LeaderboardRequest, _ answer: LeaderboardAnswer) {
        guard case .submit(let submission) = request else { return }
        switch answer {
        case .submitted(let receipt, _):
            if let token = receipt.token { tokens[Names.nicknameKey(receipt.nickname)] = token }
            refused = nil
        case .refused:
            refused = submission
        case .page, .record, .failed, .status, .bans, .moderated, .rated, .ratingPage, .provenRating, .reports, .assisted, .held:
            break
        }
    }

    // MARK: Comparing the stores

    /// What the Redis store holds that differs from the journal store's
    /// leaderboard, a line each; empty when nothing does.
    static func differences(between expected: Leaderboard, and stored: RedisLeaderboardDump) -> [String] {
        var differences: [String] = []
        if stored.sequence != expected.lastSequence {
            differences.append("last record number: \(stored.sequence) in Redis, \(expected.lastSequence) in the journal's store")
        }
        for key in Set(stored.claims.keys).union(expected.claims.keys).sorted() {
            let text = expected.claims[key].map { LeaderboardRecord.claim($0).text }
            if stored.claims[key] != text {
                differences.append("claim of \(key): \(stored.claims[key] ?? "none") in Redis, \(text ?? "none") in the journal's store")
            } else if let text, (try? LeaderboardRecord(text: text)) != expected.claims[key].map(LeaderboardRecord.claim) {
                differences.append("claim of \(key) does not read back: \(text)")
            }
        }
        var boardCounts: [String: Int] = [:]
        let boards = Set(stored.ranking.keys).union(stored.entries.keys).union(stored.logs.keys).union(expected.boards.keys)
        for board in boards.sorted() {
            let entries = expected.entries(on: board)
            let keys = entries.map { Names.nicknameKey($0.nickname) }
            for key in keys { boardCounts[key, default: 0] += 1 }
            if stored.ranking[board] ?? [] != keys {
                differences.append("\(board) ranks \(stored.ranking[board] ?? []) in Redis, \(keys) in the journal's store")
            }
            let texts = Dictionary(uniqueKeysWithValues: zip(keys, entries.map { RedisLeaderboardValue.text(of: $0, on: board) }))
            if stored.entries[board] ?? [:] != texts {
                differences.append("\(board) entries: \(stored.entries[board] ?? [:]) in Redis, \(texts) in the journal's store")
            }
            let logs = Dictionary(uniqueKeysWithValues: zip(keys, entries).compactMap { key, entry in entry.log.map { (key, $0) } })
            if stored.logs[board] ?? [:] != logs {
                differences.append("\(board) logs: \(stored.logs[board] ?? [:]) in Redis, \(logs) in the journal's store")
            }
            for (key, entry) in zip(keys, entries) {
                var unlogged = entry
                unlogged.log = nil
                if let text = texts[key], (try? RedisLeaderboardValue.entry(text, on: board)) != unlogged {
                    differences.append("\(board) entry of \(key) does not read back: \(text)")
                }
            }
        }
        // A rated nickname counts once in boards-of, so its claim never expires.
        for key in expected.ratings.keys { boardCounts[key, default: 0] += 1 }
        let ratings = expected.ratings.mapValues { LeaderboardRecord.rating($0).text }
        if stored.ratings != ratings {
            differences.append("ratings: \(stored.ratings) in Redis, \(ratings) in the journal's store")
        }
        let reports = Dictionary(uniqueKeysWithValues: expected.reports.map { (String($0.key), LeaderboardRecord.report($0.value).text) })
        if stored.reports != reports {
            differences.append("reports: \(stored.reports) in Redis, \(reports) in the journal's store")
        }
        for text in stored.reports.values where (try? LeaderboardRecord(text: text)).map({ reports.values.contains($0.text) }) != true {
            differences.append("report does not read back: \(text)")
        }
        let assisted = expected.assisted.mapValues(\.text)
        if stored.assisted != assisted {
            differences.append("assisted: \(stored.assisted) in Redis, \(assisted) in the journal's store")
        }
        let held = Dictionary(uniqueKeysWithValues: expected.held.map { (String($0.key), LeaderboardRecord.held($0.value).text) })
        if stored.held != held {
            differences.append("held: \(stored.held) in Redis, \(held) in the journal's store")
        }
        if stored.boardsOf != boardCounts {
            differences.append("boards-of: \(stored.boardsOf) in Redis; the boards hold \(boardCounts)")
        }
        return differences
    }

    // MARK: Describing steps

    private static func describe(_ request: LeaderboardRequest) -> String {
        switch request {
        case .submit(let submission):
            var fields = Fields(positionals: ["SUBMIT", submission.nickname])
            if let token = submission.token { fields.append("token", token) }
            fields.append("new-token", submission.newToken)
            if submission.isInUseByAnother { fields.append("in-use", true) }
            fields.append("date", submission.date)
            if let daily = submission.dailyDate { fields.append("daily", daily) }
            if let sprint = submission.sprintTime { fields.append("sprint", sprint) }
            if let rule = submission.heldRule { fields.append("held", rule) }
            submission.result.append(to: &fields)
            if let log = submission.log { fields.append("log", log) }
            return fields.words.joined(separator: " ")
        case .top(let query, let today):
            return (["TOP"] + query.fields.words + ["today=\(today)"]).joined(separator: " ")
        case .record(let query, let today):
            return (["RECORD"] + query.fields.words + ["today=\(today)"]).joined(separator: " ")
        case .status:
            return "STATUS"
        case .removeEntry(let order, let today):
            return (["REMOVE-ENTRY"] + order.fields.words + ["today=\(today)"]).joined(separator: " ")
        case .ban(let ban):
            return (["BAN"] + ban.fields.words).joined(separator: " ")
        case .unban(let target):
            return "UNBAN \(target)"
        case .bans:
            return "BANS"
        case .proveClaim(let nickname, let token, let today):
            return "PROVE \(nickname) token=\(token ?? "none") today=\(today)"
        case .rate(let race):
            return "RATE " + race.racers.map { "\($0.nickname)=\($0.place)" }.joined(separator: " ") + " today=\(race.date)"
        case .report(let report):
            return "REPORT " + LeaderboardRecord.reportFields(report)
        case .reports:
            return "REPORTS"
        case .dismiss(let id):
            return "DISMISS \(id)"
        case .assist(let nickname, let reason):
            return "ASSIST \(nickname) reason=\(reason)"
        case .unassist(let nickname):
            return "UNASSIST \(nickname)"
        case .held:
            return "REVIEW"
        case .review(let id, let isApproved, let reason):
            return "\(isApproved ? "APPROVE" : "REJECT") \(id) reason=\(reason)"
        }
    }

    private static func describe(_ answer: LeaderboardAnswer) -> String {
        switch answer {
        case .submitted(let receipt, let warnings):
            (["OK SUBMIT"] + receipt.fields.words + warnings).joined(separator: " ")
        case .page(let entries, let summary):
            "OK TOP \(summary.fields.words.joined(separator: " ")): "
                + entries.map { "\($0.rank). \($0.nickname) \($0.result.score) \($0.date)" + ($0.sprintTime.map { " sprint \($0)" } ?? "") }
                .joined(separator: ", ")
        case .record(let entry?):
            "RECORD seq=\(entry.sequence) nick=\(entry.nickname) score=\(entry.score) date=\(entry.date) log=\(entry.log ?? "none")"
        case .record(nil):
            "no record"
        case .refused(let error):
            "ERR \(error.code.rawValue) \(error.message)"
        case .failed(let error, let reason):
            "ERR \(error.code.rawValue) \(error.message) (\(reason ?? ""))"
        case .status(let isUp):
            "STATUS up=\(isUp ? "yes" : "no")"
        case .bans(let bans):
            "BANS " + bans.map { $0.fields.words.joined(separator: " ") }.joined(separator: ", ")
        case .moderated(let found):
            "OK found=\(found)"
        case .provenRating(let rating):
            "PROVEN \(rating.rating)/\(rating.deviation)/\(rating.volatility)"
        case .rated(let changes):
            "RATED "
                + changes.map { "\($0.nickname) \($0.after.rating)/\($0.after.deviation)/\($0.after.volatility)" }.joined(separator: ", ")
        case .assisted(let refunded, let points, let isNew):
            "ASSISTED refunded=\(refunded) points=\(points) new=\(isNew)"
        case .ratingPage(let entries, let summary):
            "OK TOP \(summary.fields.words.joined(separator: " ")): "
                + entries.map { $0.fields.words.joined(separator: " ") }.joined(separator: ", ")
        case .reports(let reports):
            "REPORTS " + reports.map { LeaderboardRecord.report($0).text }.joined(separator: ", ")
        case .held(let held):
            "HELD " + held.map { LeaderboardRecord.held($0).text }.joined(separator: ", ")
        }
    }
}

extension RedisLeaderboardValue {
    /// The value the submit script stores for `entry` on `board`.
    static func text(of entry: BoardEntry, on board: LeaderboardBoardID) -> String {
        var stored = entry
        stored.log = nil
        return LeaderboardRecord.entry(board, stored).text
    }
}
