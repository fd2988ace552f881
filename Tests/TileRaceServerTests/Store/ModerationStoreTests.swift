import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer

/// The operator's bans and removals (protocol.md section 13) and the
/// players' reports (section 5.6), the same for every store, and kept across
/// restarts by the journal's and by Redis.
@Suite struct ModerationStoreTests {
    private static func submission(_ nickname: String, _ score: Int, daily: String? = nil, token: String? = nil) -> LeaderboardSubmission {
        LeaderboardSubmission(
            result: GameResult(score: score, largestTile: 64, moves: 30, milliseconds: 9000, size: 4, target: 2048, assists: 0, seed: "7"),
            log: "LRUD", date: "2026-11-23", dailyDate: daily, nickname: nickname, token: token, newToken: "t-\(nickname)",
            isInUseByAnother: false)
    }

    private static let bo = BanInfo(target: .nickname("Bo"), untilMilliseconds: nil, reason: "rude words")
    private static let address = BanInfo(target: .address("203.0.113.7"), untilMilliseconds: 1_795_345_200_000, reason: "")

    private static let report = PlayerReport(
        id: 1, reporter: "ana", nickname: "Bo", milliseconds: 1_795_341_600_000, reason: "rude, 100% = rude",
        races: [SharedRace(id: 3, room: "fri", seed: "80668514")],
        lines: [ChatLine(room: "fri", nickname: "Bo", text: "lol, you're slow"), ChatLine(room: "fri", nickname: "ana", text: "a=b %")])
    private static let lobbyReport = PlayerReport(
        id: 1, reporter: "cyd", nickname: "eve", milliseconds: 1_795_341_700_000, reason: "spam",
        lines: [ChatLine(room: nil, nickname: "eve", text: "buy gold ✓")])

    /// The reports as stored: numbered in order by the store.
    private static func numbered(_ report: PlayerReport, _ id: Int) -> PlayerReport {
        var numbered = report
        numbered.id = id
        return numbered
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func reportsAreNumberedListedDismissedAndKeptAcrossARestart(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        #expect(store.ask(.reports) == .reports([]))
        #expect(store.ask(.report(Self.report)) == .moderated(found: true))
        #expect(store.ask(.ban(Self.bo)) == .moderated(found: true))
        #expect(store.ask(.report(Self.lobbyReport)) == .moderated(found: true))
        let stored = [Self.numbered(Self.report, 1), Self.numbered(Self.lobbyReport, 3)]
        #expect(store.ask(.reports) == .reports(stored))
        #expect(store.ask(.dismiss(id: 2)) == .moderated(found: false))
        #expect(store.ask(.dismiss(id: 1)) == .moderated(found: true))
        #expect(store.ask(.dismiss(id: 1)) == .moderated(found: false))
        #expect(store.ask(.reports) == .reports([stored[1]]))
        guard let redis = store.redis else { return }
        // Redis keeps them through its restart (appendonly), as the journal does (below).
        try redis.restart()
        let again = try RedisLeaderboardService(address: .server(redis.address), log: .silent)
        defer { again.close() }
        #expect(again.answer(.reports) == .reports([stored[1]]))
        #expect(again.answer(.report(Self.report)) == .moderated(found: true))
        #expect(again.answer(.reports) == .reports([stored[1], Self.numbered(Self.report, 5)]))
    }

    private static func sortedBans(_ answer: LeaderboardAnswer) -> [BanInfo]? {
        guard case .bans(let bans) = answer else { return nil }
        return bans.sorted { $0.target.key < $1.target.key }
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func bansAreStoredReplacedListedAndLifted(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        #expect(store.ask(.bans) == .bans([]))
        #expect(store.ask(.ban(Self.bo)) == .moderated(found: true))
        #expect(store.ask(.ban(Self.address)) == .moderated(found: true))
        #expect(Self.sortedBans(store.ask(.bans)) == [Self.address, Self.bo])
        // A ban of the same target (any case) replaces it.
        let shorter = BanInfo(target: .nickname("BO"), untilMilliseconds: 1_795_341_700_000, reason: "calmer now")
        #expect(store.ask(.ban(shorter)) == .moderated(found: true))
        #expect(Self.sortedBans(store.ask(.bans)) == [Self.address, shorter])
        #expect(store.ask(.unban(.nickname("bo"))) == .moderated(found: true))
        #expect(store.ask(.unban(.nickname("bo"))) == .moderated(found: false))
        #expect(Self.sortedBans(store.ask(.bans)) == [Self.address])
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aRemovedEntryIsGoneFromItsBoardOnly(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        guard case .submitted = store.ask(.submit(Self.submission("Ana", 100, daily: "2026-11-23"))),
            case .submitted = store.ask(.submit(Self.submission("bo", 50)))
        else {
            Issue.record("not submitted")
            return
        }
        let removal = RemovalOrder(query: RecordQuery(nickname: "ANA"), reason: "cheating")
        #expect(store.ask(.removeEntry(removal, today: "2026-11-23")) == .moderated(found: true))
        #expect(store.ask(.removeEntry(removal, today: "2026-11-23")) == .moderated(found: false))
        #expect(store.ask(.record(RecordQuery(nickname: "ana"), today: "2026-11-23")) == .record(nil))
        guard case .page(let entries, _) = store.ask(.top(LeaderboardQuery(), today: "2026-11-23")) else {
            Issue.record("no page")
            return
        }
        #expect(entries.map(\.nickname) == ["bo"])
        // The daily board keeps hers; the claim stays, so her token is still needed.
        guard case .record(let daily?) = store.ask(.record(RecordQuery(nickname: "ana", board: .daily), today: "2026-11-23")) else {
            Issue.record("the daily entry went too")
            return
        }
        #expect(daily.score == 100)
        #expect(store.ask(.submit(Self.submission("ana", 10))) == .refused(LeaderboardRules.badToken("Ana", tokenGiven: false)))
        guard case .submitted(let again, _) = store.ask(.submit(Self.submission("ana", 10, token: "t-Ana"))) else {
            Issue.record("not submitted")
            return
        }
        #expect(again.rank == 2)
    }

    /// The journal keeps bans, removals, reports and dismissals; a
    /// compaction writes the bans and open reports into the snapshot; all
    /// survive a restart.
    @Test(arguments: [1000, 1])
    func theJournalsStoreKeepsThemAcrossRestarts(compactionThreshold: Int) throws {
        let directory = TemporaryDirectory()
        do {
            let service = FileLeaderboardService(
                store: try LeaderboardStore.open(directory: directory.path, compactionThreshold: compactionThreshold))
            defer { service.close() }
            #expect(service.answer(.submit(Self.submission("ana", 100))) != .moderated(found: false))
            #expect(service.answer(.ban(Self.bo)) == .moderated(found: true))
            #expect(service.answer(.ban(Self.address)) == .moderated(found: true))
            #expect(service.answer(.unban(.address("203.0.113.7"))) == .moderated(found: true))
            let removal = RemovalOrder(query: RecordQuery(nickname: "ana"), reason: "cheating")
            #expect(service.answer(.removeEntry(removal, today: "2026-11-23")) == .moderated(found: true))
            #expect(service.answer(.report(Self.report)) == .moderated(found: true))
            #expect(service.answer(.report(Self.lobbyReport)) == .moderated(found: true))
            #expect(service.answer(.dismiss(id: 7)) == .moderated(found: true))
        }
        let reopened = FileLeaderboardService(store: try LeaderboardStore.open(directory: directory.path))
        defer { reopened.close() }
        #expect(reopened.answer(.bans) == .bans([Self.bo]))
        #expect(reopened.leaderboard.entries(on: .allTime).isEmpty)
        #expect(reopened.leaderboard.claims["ana"] != nil)
        #expect(reopened.answer(.reports) == .reports([Self.numbered(Self.lobbyReport, 8)]))
        #expect(reopened.answer(.report(Self.report)) == .moderated(found: true))
        #expect(reopened.leaderboard.reports.keys.sorted() == [8, 10])
    }

    private static func held(_ nickname: String, _ score: Int, sprint: Int? = nil, token: String? = nil) -> LeaderboardSubmission {
        var submission = submission(nickname, score, daily: "2026-11-23", token: token)
        submission.sprintTime = sprint
        submission.heldRule = "rate"
        return submission
    }

    /// Held games (docs/fair-play.md) are on no board, claim as any game, and wait for the operator's decision.
    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aHeldGameIsOnNoBoardUntilApprovedAndARejectedOneIsGone(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        guard case .submitted(let receipt, _) = store.ask(.submit(Self.held("Ana", 900, sprint: 30))) else {
            Issue.record("not submitted")
            return
        }
        #expect(receipt.held == "rate" && receipt.token == "t-Ana" && receipt.rank == nil && receipt.improved == false)
        #expect(receipt.sprintRank == nil && receipt.sprintImproved == false)
        guard case .submitted = store.ask(.submit(Self.held("bo", 800))) else {
            Issue.record("not submitted")
            return
        }
        for board in LeaderboardKind.allCases where board != .rating {
            #expect(store.ask(.top(LeaderboardQuery(board: board), today: "2026-11-23")).isEmptyPage, "\(board)")
        }
        guard case .held(let held) = store.ask(.held(id: nil)) else {
            Issue.record("no list")
            return
        }
        #expect(held.map(\.nickname) == ["Ana", "bo"] && held[0].sprintTime == 30 && held[0].dailyDate == "2026-11-23")
        #expect(held[0].log == "LRUD" && held[0].rule == "rate")
        #expect(store.ask(.review(id: held[0].sequence, isApproved: true, reason: "")) == .moderated(found: true))
        #expect(store.ask(.review(id: held[1].sequence, isApproved: false, reason: "a computed path")) == .moderated(found: true))
        #expect(store.ask(.review(id: held[1].sequence, isApproved: true, reason: "")) == .moderated(found: false))
        #expect(store.ask(.held(id: nil)) == .held([]))
        // Approved: on the all-time, daily and sprint boards with its record; rejected: on none.
        for board in [LeaderboardKind.all, .daily, .sprint, .sprintDaily] {
            guard case .record(let entry?) = store.ask(.record(RecordQuery(nickname: "ana", board: board), today: "2026-11-23")) else {
                Issue.record("ana is not on \(board)")
                continue
            }
            #expect(entry.score == 900 && entry.log == "LRUD")
        }
        #expect(store.ask(.record(RecordQuery(nickname: "bo"), today: "2026-11-23")) == .record(nil))
    }

    /// The journal keeps held games and decisions; a compaction writes the held ones into the snapshot.
    @Test(arguments: [1000, 1])
    func theJournalsStoreKeepsHeldGamesAndDecisionsAcrossRestarts(compactionThreshold: Int) throws {
        let directory = TemporaryDirectory()
        var ids: [Int] = []
        do {
            let service = FileLeaderboardService(
                store: try LeaderboardStore.open(directory: directory.path, compactionThreshold: compactionThreshold))
            defer { service.close() }
            for (nickname, score) in [("ana", 900), ("bo", 800), ("cyd", 700)] {
                #expect(service.answer(.submit(Self.held(nickname, score))) != .moderated(found: false))
            }
            ids = service.leaderboard.held.keys.sorted()
            #expect(service.answer(.review(id: ids[0], isApproved: true, reason: "")) == .moderated(found: true))
            #expect(service.answer(.review(id: ids[1], isApproved: false, reason: "a script")) == .moderated(found: true))
        }
        let reopened = FileLeaderboardService(store: try LeaderboardStore.open(directory: directory.path))
        defer { reopened.close() }
        #expect(reopened.leaderboard.held.keys.sorted() == [ids[2]])
        #expect(reopened.leaderboard.entries(on: .allTime).map(\.nickname) == ["ana"])
        #expect(reopened.answer(.review(id: ids[1], isApproved: true, reason: "")) == .moderated(found: false))
    }

    @Test func moderationRecordsReadBackTheirText() throws {
        let records: [LeaderboardRecord] = [
            .ban(sequence: 3, Self.bo), .ban(sequence: 4, Self.address), .unban(sequence: 5, .nickname("Bo")),
            .removal(sequence: 6, .daily("2026-11-23"), nickname: "ana", reason: "50% faster than a bot"),
            .report(Self.numbered(Self.report, 7)), .report(Self.numbered(Self.lobbyReport, 8)), .dismissal(sequence: 9, id: 7),
            .review(sequence: 8, id: 7, isApproved: false, reason: "a script"), .review(sequence: 9, id: 2, isApproved: true, reason: ""),
            .held(
                HeldEntry(
                    sequence: 7, nickname: "Ana",
                    result: GameResult(
                        score: 8, largestTile: 8, moves: 3, milliseconds: 900, size: 4, target: 2048, assists: 0, seed: "7"),
                    date: "2026-11-23", dailyDate: "2026-11-22", sprintTime: 30, log: "L@0R@0", rule: "rate")),
        ]
        #expect(
            records.map(\.text) == [
                "ban seq=3 target=Bo until=never reason=rude%20words", "ban seq=4 target=203.0.113.7 until=1795345200000",
                "unban seq=5 target=Bo", "removal seq=6 board=daily:2026-11-23 nick=ana reason=50%25%20faster%20than%20a%20bot",
                "report seq=7 from=ana nick=Bo at=1795341600000 room=fri races=3:fri:80668514 reason=rude,%20100%25%20%3D%20rude "
                    + "lines=Bo:lol%2C%20you're%20slow,ana:a%3Db%20%25",
                "report seq=8 from=cyd nick=eve at=1795341700000 races=- reason=spam lines=eve:buy%20gold%20%E2%9C%93",
                "dismissal seq=9 id=7",
                "review seq=8 id=7 verdict=rejected reason=a%20script", "review seq=9 id=2 verdict=approved",
                "held seq=7 nick=Ana rule=rate daily=2026-11-22 score=8 max=8 moves=3 time=900 size=4 target=2048 assists=0 seed=7 "
                    + "date=2026-11-23 sprint=30 log=L@0R@0",
            ])
        for record in records { #expect(try LeaderboardRecord(text: record.text) == record) }
    }
}

/// `ASSIST` (protocol.md section 13), the same for every store: what the
/// opponents lost to the assisted nickname is given back once, the nickname
/// leaves every board and rated play, and it all survives a restart (a new
/// service on the same Redis, or the journal's store opened again, compacted
/// or not).
@Suite struct AssistStoreTests {
    private static let today = "2026-11-23"

    /// A service of `kind` that a restart finds again: the journal's in a directory, or Redis.
    private final class Restartable {
        let kind: ServiceUnderTest.Kind
        let directory = TemporaryDirectory()
        let redis: ServiceUnderTest?
        let compactionThreshold: Int
        var service: any LeaderboardService

        init(_ kind: ServiceUnderTest.Kind, compactionThreshold: Int) throws {
            self.kind = kind
            self.compactionThreshold = compactionThreshold
            if kind == .redis {
                let redis = try ServiceUnderTest(.redis)
                self.redis = redis
                service = redis.service
            } else {
                redis = nil
                service = FileLeaderboardService(
                    store: try LeaderboardStore.open(directory: directory.path, compactionThreshold: compactionThreshold))
            }
        }

        func ask(_ request: LeaderboardRequest) -> LeaderboardAnswer {
            let box = AnswerBox()
            service.perform(request) { box.put($0) }
            return box.take()
        }

        func restart() throws {
            if let redis, let address = redis.redis?.address {
                service = try RedisLeaderboardService(address: .server(address), log: .silent)
            } else {
                service.close()
                service = FileLeaderboardService(
                    store: try LeaderboardStore.open(directory: directory.path, compactionThreshold: compactionThreshold))
            }
        }

        deinit { service.close() }
    }

    private static func rate(_ places: [(String, Int)], in store: Restartable) -> [RatingChange] {
        guard case .rated(let changes) = store.ask(.rate(RatedRace(racers: places.map { .init(nickname: $0.0, place: $0.1) }, date: today)))
        else { return [] }
        return changes
    }

    private static func claim(_ nickname: String, in store: Restartable) {
        let submission = LeaderboardSubmission(
            result: GameResult(score: 8, largestTile: 8, moves: 3, milliseconds: 900, size: 4, target: 2048, assists: 0, seed: "7"),
            log: nil, date: today, dailyDate: today, nickname: nickname, token: nil, newToken: "t\(nickname)", isInUseByAnother: false)
        _ = store.ask(.submit(submission))
    }

    private static func nicknames(on board: LeaderboardKind, in store: Restartable) -> [String] {
        switch store.ask(.top(LeaderboardQuery(board: board), today: today)) {
        case .page(let entries, _): entries.map(\.nickname)
        case .ratingPage(let entries, _): entries.map(\.nickname)
        default: ["?"]
        }
    }

    private static func rating(of nickname: String, in store: Restartable) -> Int? {
        guard case .ratingPage(let entries, _) = store.ask(.top(LeaderboardQuery(board: .rating, nickname: nickname), today: today))
        else { return nil }
        return entries.first?.rating
    }

    static let cases: [(ServiceUnderTest.Kind, Int)] =
        [(.file, 1000), (.file, 1)] + RedisForTests.stores(redis: ServiceUnderTest.Kind.redis).filter { $0 == .redis }.map { ($0, 1000) }

    @Test(arguments: cases)
    func theOpponentsGetBackWhatTheyLostAndTheNicknameLeavesEveryBoard(_ kind: ServiceUnderTest.Kind, compactionThreshold: Int) throws {
        let store = try Restartable(kind, compactionThreshold: compactionThreshold)
        for nickname in ["ana", "Bo", "cy"] { Self.claim(nickname, in: store) }
        // Three newcomers: bo beats ana and cy, ana beats cy. Then ana beats cy alone.
        let first = Self.rate([("ana", 2), ("bo", 1), ("cy", 3)], in: store)
        _ = Self.rate([("ana", 1), ("cy", 2)], in: store)
        try #require(first.count == 3)
        // What each lost to bo, apart from the code: newcomers expect 0.5 of each other, so the
        // rating step's part of a game is scale * phi'^2 * g(phi) * (score - 0.5): ana's games
        // against bo and cy cancel; cy's two losses are equal halves of its change.
        let phi = 350 / 173.7178
        let g = 1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
        let anaLost = first[0].after.deviation * first[0].after.deviation / 173.7178 * g * 0.5
        let cyLost = (1500 - first[2].after.rating) / 2
        let (anaBefore, cyBefore) = (Self.rating(of: "ana", in: store), Self.rating(of: "cy", in: store))
        guard case .assisted(let refunded, let points, true) = store.ask(.assist(nickname: "BO", reason: "engine")) else {
            Issue.record("not marked")
            return
        }
        #expect(refunded == 2 && abs(Double(points) / 1_000_000 - (anaLost + cyLost)) < 0.00001)
        #expect(Self.rating(of: "ana", in: store).map { abs(Double($0) - Double(anaBefore ?? 0) - anaLost) <= 1 } == true)
        #expect(Self.rating(of: "cy", in: store).map { abs(Double($0) - Double(cyBefore ?? 0) - cyLost) <= 1 } == true)
        // Once: a second mark gives nothing back.
        #expect(store.ask(.assist(nickname: "bo", reason: "")) == .assisted(refunded: 0, points: 0, isNew: false))
        for restart in [false, true] {
            if restart { try store.restart() }
            for board in [LeaderboardKind.all, .daily] { #expect(Self.nicknames(on: board, in: store) == ["ana", "cy"], "\(board)") }
            #expect(Self.rating(of: "bo", in: store) == nil)
            #expect(
                store.ask(.proveClaim(nickname: "bo", token: "tBo", today: Self.today)) == .refused(LeaderboardRules.assisted("Bo")))
            #expect(store.ask(.proveClaim(nickname: "bo", token: "wrong", today: Self.today)) != .refused(LeaderboardRules.assisted("Bo")))
        }
        // A receipt ranks as TOP lists: dee comes after ana, bo (not listed) and cy, third; bo has no rank.
        for (nickname, token, rank) in [("dee", nil, 3), ("Bo", "tBo", nil)] as [(String, String?, Int?)] {
            let submission = LeaderboardSubmission(
                result: GameResult(score: 8, largestTile: 8, moves: 3, milliseconds: 900, size: 4, target: 2048, assists: 0, seed: "7"),
                log: nil, date: Self.today, dailyDate: nil, nickname: nickname, token: token, newToken: "t\(nickname)",
                isInUseByAnother: false)
            guard case .submitted(let receipt, _) = store.ask(.submit(submission)) else {
                Issue.record("\(nickname) not submitted")
                return
            }
            #expect(receipt.rank == rank, "\(nickname)")
        }
        // A race under way when bo was marked ends rated: marking bo again gives cy that one back.
        let cyThen = Self.rating(of: "cy", in: store)
        let race = Self.rate([("bo", 1), ("cy", 2)], in: store)
        guard case .assisted(1, let again, false) = store.ask(.assist(nickname: "bo", reason: "")) else {
            Issue.record("nothing given back again")
            return
        }
        #expect(abs(Double(again) / 1_000_000 - (race[1].before.rating - race[1].after.rating)) < 0.00001)
        #expect(Self.rating(of: "cy", in: store) == cyThen)
        // Lifted: back on the boards, and in rated play; what was given back stays given.
        #expect(store.ask(.unassist(nickname: "bo")) == .moderated(found: true))
        #expect(store.ask(.unassist(nickname: "bo")) == .moderated(found: false))
        try store.restart()
        #expect(Self.nicknames(on: .all, in: store).sorted() == ["Bo", "ana", "cy", "dee"])
        #expect(Self.rating(of: "bo", in: store) != nil)
        guard case .provenRating = store.ask(.proveClaim(nickname: "bo", token: "tBo", today: Self.today)) else {
            Issue.record("bo is still refused")
            return
        }
        #expect(store.ask(.assist(nickname: "bo", reason: "")) == .assisted(refunded: 0, points: 0, isNew: true))
    }

    @Test func assistRecordsReadBackTheirText() throws {
        let records: [LeaderboardRecord] = [
            .assist(sequence: 7, nickname: "Bo", reason: "an engine's moves"), .assist(sequence: 8, nickname: "cy", reason: ""),
            .unassist(sequence: 9, nickname: "Bo"),
        ]
        #expect(
            records.map(\.text) == ["assist seq=7 nick=Bo reason=an%20engine's%20moves", "assist seq=8 nick=cy", "unassist seq=9 nick=Bo"])
        for record in records { #expect(try LeaderboardRecord(text: record.text) == record) }
    }
}

extension LeaderboardAnswer {
    fileprivate var isEmptyPage: Bool {
        if case .page(let entries, let summary) = self { entries.isEmpty && summary.total == 0 } else { false }
    }
}
