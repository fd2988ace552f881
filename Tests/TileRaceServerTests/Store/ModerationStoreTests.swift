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

    @Test func moderationRecordsReadBackTheirText() throws {
        let records: [LeaderboardRecord] = [
            .ban(sequence: 3, Self.bo), .ban(sequence: 4, Self.address), .unban(sequence: 5, .nickname("Bo")),
            .removal(sequence: 6, .daily("2026-11-23"), nickname: "ana", reason: "50% faster than a bot"),
            .report(Self.numbered(Self.report, 7)), .report(Self.numbered(Self.lobbyReport, 8)), .dismissal(sequence: 9, id: 7),
        ]
        #expect(
            records.map(\.text) == [
                "ban seq=3 target=Bo until=never reason=rude%20words", "ban seq=4 target=203.0.113.7 until=1795345200000",
                "unban seq=5 target=Bo", "removal seq=6 board=daily:2026-11-23 nick=ana reason=50%25%20faster%20than%20a%20bot",
                "report seq=7 from=ana nick=Bo at=1795341600000 room=fri races=3:fri:80668514 reason=rude,%20100%25%20%3D%20rude "
                    + "lines=Bo:lol%2C%20you're%20slow,ana:a%3Db%20%25",
                "report seq=8 from=cyd nick=eve at=1795341700000 races=- reason=spam lines=eve:buy%20gold%20%E2%9C%93",
                "dismissal seq=9 id=7",
            ])
        for record in records { #expect(try LeaderboardRecord(text: record.text) == record) }
    }
}
