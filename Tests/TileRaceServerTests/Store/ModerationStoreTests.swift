import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer

/// The operator's bans and removals (protocol.md section 13), the same for
/// every store, and kept across restarts by the journal's.
@Suite struct ModerationStoreTests {
    private static func submission(_ nickname: String, _ score: Int, daily: String? = nil, token: String? = nil) -> LeaderboardSubmission {
        LeaderboardSubmission(
            result: GameResult(score: score, largestTile: 64, moves: 30, milliseconds: 9000, size: 4, target: 2048, assists: 0, seed: "7"),
            log: "LRUD", date: "2026-11-23", dailyDate: daily, nickname: nickname, token: token, newToken: "t-\(nickname)",
            isInUseByAnother: false)
    }

    private static let bo = BanInfo(target: .nickname("Bo"), untilMilliseconds: nil, reason: "rude words")
    private static let address = BanInfo(target: .address("203.0.113.7"), untilMilliseconds: 1_795_345_200_000, reason: "")

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

    /// The journal keeps bans and removals; a compaction writes the bans
    /// into the snapshot; both survive a restart.
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
        }
        let reopened = FileLeaderboardService(store: try LeaderboardStore.open(directory: directory.path))
        defer { reopened.close() }
        #expect(reopened.answer(.bans) == .bans([Self.bo]))
        #expect(reopened.leaderboard.entries(on: .allTime).isEmpty)
        #expect(reopened.leaderboard.claims["ana"] != nil)
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
                "review seq=8 id=7 verdict=rejected reason=a%20script", "review seq=9 id=2 verdict=approved",
                "held seq=7 nick=Ana rule=rate daily=2026-11-22 score=8 max=8 moves=3 time=900 size=4 target=2048 assists=0 seed=7 "
                    + "date=2026-11-23 sprint=30 log=L@0R@0",
            ])
        for record in records { #expect(try LeaderboardRecord(text: record.text) == record) }
    }
}

extension LeaderboardAnswer {
    fileprivate var isEmptyPage: Bool {
        if case .page(let entries, let summary) = self { entries.isEmpty && summary.total == 0 } else { false }
    }
}
