import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer

/// The rules of protocol.md section 10, the same for every store: each case
/// runs against the journal's store and against Redis, and a long random
/// session is checked answer by answer against `Leaderboard`, the rules as a
/// pure value.
@Suite struct LeaderboardServiceContractTests {
    private static func result(_ score: Int, seed: String = "7") -> GameResult {
        GameResult(score: score, largestTile: 64, moves: 30, milliseconds: 9000, size: 4, target: 2048, assists: 0, seed: seed)
    }

    private static func submission(
        _ nickname: String, _ score: Int, date: String = "2026-11-23", daily: String? = nil, token: String? = nil,
        newToken: String = "00000000000000000000000000000001", log: String? = "LRUD", inUse: Bool = false, sprint: Int? = nil
    ) -> LeaderboardSubmission {
        LeaderboardSubmission(
            result: result(score), log: log, date: date, dailyDate: daily, nickname: nickname, token: token, newToken: newToken,
            isInUseByAnother: inUse, sprintTime: sprint)
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aFirstSubmissionClaimsTheNicknameAndLaterOnesNeedItsToken(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        guard case .submitted(let first, _) = store.ask(.submit(Self.submission("Ana", 100, newToken: "t1"))) else {
            Issue.record("not submitted")
            return
        }
        #expect(first == SubmitReceipt(nickname: "Ana", board: .all, score: 100, rank: 1, best: 100, improved: true, token: "t1"))
        #expect(
            store.ask(.submit(Self.submission("ana", 200, newToken: "t2")))
                == .refused(ProtocolError(.badToken, "the nickname Ana is claimed; give its token=")))
        #expect(
            store.ask(.submit(Self.submission("ana", 200, token: "wrong", newToken: "t2")))
                == .refused(ProtocolError(.badToken, "the nickname Ana is claimed; that is not its token")))
        let better = store.ask(.submit(Self.submission("ana", 200, token: "t1", newToken: "t3")))
        #expect(
            better
                == .submitted(
                    SubmitReceipt(nickname: "Ana", board: .all, score: 200, rank: 1, best: 200, improved: true, token: nil), warnings: []))
        let worse = store.ask(.submit(Self.submission("ANA", 50, token: "t1", newToken: "t4")))
        #expect(
            worse
                == .submitted(
                    SubmitReceipt(nickname: "Ana", board: .all, score: 50, rank: 1, best: 200, improved: false, token: nil), warnings: []))
    }

    /// Redis can fail after running a script (the reply lost): the core sends
    /// the same game again with the same new-claim token, and it finds its own claim.
    @Test(.requiresRedis) func aSubmissionSentAgainAfterItsAnswerWasLostFindsItsOwnClaim() throws {
        let store = try ServiceUnderTest(.redis)
        let first = store.ask(.submit(Self.submission("ana", 100, newToken: "t1")))
        let again = store.ask(.submit(Self.submission("ana", 100, newToken: "t1")))
        guard case .submitted(let receipt, _) = first, case .submitted(let second, _) = again else {
            Issue.record("not submitted: \(first), \(again)")
            return
        }
        #expect(receipt.token == "t1")
        #expect(second == SubmitReceipt(nickname: "ana", board: .all, score: 100, rank: 1, best: 100, improved: false, token: "t1"))
        // Another game (another new token) still needs the claim's token.
        #expect(
            store.ask(.submit(Self.submission("ana", 200, newToken: "t2"))) == .refused(LeaderboardRules.badToken("ana", tokenGiven: false))
        )
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func anUnclaimedNicknameInUseByAnotherIsRefused(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        #expect(store.ask(.submit(Self.submission("bo", 10, inUse: true))) == .refused(LeaderboardRules.nicknameInUse("bo")))
        guard case .submitted = store.ask(.submit(Self.submission("bo", 10, newToken: "tb"))) else {
            Issue.record("not submitted")
            return
        }
        // Claimed now: the token decides, whoever uses the nickname.
        guard case .submitted = store.ask(.submit(Self.submission("bo", 20, token: "tb", inUse: true))) else {
            Issue.record("not submitted")
            return
        }
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aDailyGameGoesOnItsDailyBoardAndTheAllTimeBoard(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        _ = store.ask(.submit(Self.submission("ana", 300, newToken: "ta")))
        let answer = store.ask(.submit(Self.submission("bo", 200, daily: "2026-11-23", newToken: "tb")))
        #expect(
            answer
                == .submitted(
                    SubmitReceipt(nickname: "bo", board: .daily, score: 200, rank: 1, best: 200, improved: true, token: "tb"), warnings: [])
        )
        guard case .page(let all, _) = store.ask(.top(LeaderboardQuery(), today: "2026-11-23")),
            case .page(let daily, let summary) = store.ask(.top(LeaderboardQuery(board: .daily), today: "2026-11-23")),
            case .page(let other, _) = store.ask(.top(LeaderboardQuery(board: .daily, date: "2026-11-22"), today: "2026-11-23"))
        else {
            Issue.record("no page")
            return
        }
        #expect(all.map(\.nickname) == ["ana", "bo"])
        #expect(daily.map(\.nickname) == ["bo"])
        #expect(summary.date == "2026-11-23")
        #expect(other.isEmpty)
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aRecordComesWithItsLog(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        _ = store.ask(.submit(Self.submission("ana", 300, newToken: "ta", log: "LLURX03D")))
        _ = store.ask(.submit(Self.submission("old", 200, newToken: "to", log: nil)))
        guard case .record(let entry?) = store.ask(.record(RecordQuery(nickname: "ANA"), today: "2026-11-23")) else {
            Issue.record("no record")
            return
        }
        #expect(entry.log == "LLURX03D")
        #expect(entry.nickname == "ana")
        #expect(entry.result == Self.result(300))
        guard case .record(let old?) = store.ask(.record(RecordQuery(nickname: "old"), today: "2026-11-23")) else {
            Issue.record("no entry")
            return
        }
        #expect(old.log == nil)
        #expect(store.ask(.record(RecordQuery(nickname: "nobody"), today: "2026-11-23")) == .record(nil))
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aSprintGoesOnTheSprintBoardsRankedByTimeOneBestPerNickname(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        let today = "2026-11-23"
        // Not a sprint: no sprint fields, nothing on the sprint boards.
        #expect(
            store.ask(.submit(Self.submission("cy", 900, newToken: "tc")))
                == .submitted(
                    SubmitReceipt(nickname: "cy", board: .all, score: 900, rank: 1, best: 900, improved: true, token: "tc"), warnings: []))
        let first = store.ask(.submit(Self.submission("ana", 100, newToken: "ta", log: "L@0R@5", sprint: 95_000)))
        #expect(
            first
                == .submitted(
                    SubmitReceipt(
                        nickname: "ana", board: .all, score: 100, rank: 2, best: 100, improved: true, token: "ta", sprintTime: 95_000,
                        sprintRank: 1, sprintBest: 95_000, sprintImproved: true), warnings: []))
        // A faster sprint ranks first; an equal time ranks after the earlier one.
        _ = store.ask(.submit(Self.submission("bo", 50, newToken: "tb", sprint: 80_000)))
        let tie = store.ask(.submit(Self.submission("dee", 60, newToken: "td", sprint: 80_000)))
        #expect(
            tie
                == .submitted(
                    SubmitReceipt(
                        nickname: "dee", board: .all, score: 60, rank: 3, best: 60, improved: true, token: "td", sprintTime: 80_000,
                        sprintRank: 2, sprintBest: 80_000, sprintImproved: true), warnings: []))
        // A slower sprint under a nickname keeps its best; a faster one replaces it.
        let slower = store.ask(.submit(Self.submission("ANA", 300, token: "ta", newToken: "t2", sprint: 99_000)))
        #expect(
            slower
                == .submitted(
                    SubmitReceipt(
                        nickname: "ana", board: .all, score: 300, rank: 2, best: 300, improved: true, token: nil, sprintTime: 99_000,
                        sprintRank: 3, sprintBest: 95_000, sprintImproved: false), warnings: []))
        let faster = store.ask(
            .submit(Self.submission("ana", 20, date: "2026-11-24", token: "ta", newToken: "t3", log: "D@0", sprint: 70_000)))
        #expect(
            faster
                == .submitted(
                    SubmitReceipt(
                        nickname: "ana", board: .all, score: 20, rank: 2, best: 300, improved: false, token: nil, sprintTime: 70_000,
                        sprintRank: 1, sprintBest: 70_000, sprintImproved: true), warnings: []))
        guard case .page(let sprint, let summary) = store.ask(.top(LeaderboardQuery(board: .sprint), today: today)),
            case .page(let byScore, _) = store.ask(.top(LeaderboardQuery(board: .sprint, sort: .score), today: today)),
            case .page(let daily, let dailySummary) = store.ask(.top(LeaderboardQuery(board: .sprintDaily), today: today)),
            case .page(let nextDay, _) = store.ask(.top(LeaderboardQuery(board: .sprintDaily, date: "2026-11-24"), today: today))
        else {
            Issue.record("no page")
            return
        }
        #expect(sprint.map(\.nickname) == ["ana", "bo", "dee"])
        #expect(sprint.map(\.sprintTime) == [70_000, 80_000, 80_000])
        #expect(sprint.map(\.rank) == [1, 2, 3])
        #expect(sprint[0].score == 20 && sprint[0].date == "2026-11-24")
        #expect(summary == TopSummary(board: .sprint, date: nil, total: 3, offset: 0, count: 3))
        #expect(byScore.map(\.nickname) == ["dee", "bo", "ana"])
        // Each day's sprint board holds that day's best sprints.
        #expect(daily.map(\.nickname) == ["bo", "dee", "ana"])
        #expect(daily.map(\.sprintTime) == [80_000, 80_000, 95_000])
        #expect(dailySummary.date == today)
        #expect(nextDay.map(\.nickname) == ["ana"])
        guard case .record(let entry?) = store.ask(.record(RecordQuery(nickname: "ana", board: .sprint), today: today)),
            case .record(let old?) = store.ask(.record(RecordQuery(nickname: "ana", board: .sprintDaily), today: today))
        else {
            Issue.record("no record")
            return
        }
        #expect(entry.log == "D@0" && entry.sprintTime == 70_000)
        #expect(old.log == "L@0R@5" && old.sprintTime == 95_000)
        #expect(store.ask(.record(RecordQuery(nickname: "cy", board: .sprint), today: today)) == .record(nil))
        // The operator takes a sprint entry off its board only.
        #expect(
            store.ask(.removeEntry(RemovalOrder(query: RecordQuery(nickname: "bo", board: .sprint)), today: today))
                == .moderated(found: true))
        guard case .page(let after, _) = store.ask(.top(LeaderboardQuery(board: .sprint), today: today)),
            case .page(let dailyAfter, _) = store.ask(.top(LeaderboardQuery(board: .sprintDaily), today: today))
        else {
            Issue.record("no page")
            return
        }
        #expect(after.map(\.nickname) == ["ana", "dee"])
        #expect(dailyAfter.map(\.nickname) == ["bo", "dee", "ana"])
    }

    /// 500 submissions by 140 nicknames over 60 days, with ties, wrong tokens,
    /// nicknames in use, boards past 100 entries and expiring claims: every
    /// answer and every page is the one `Leaderboard` gives.
    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aLongRandomSessionAnswersExactlyAsTheRulesSay(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        var oracle = Leaderboard()
        var random = SplitMix64(seed: 20_261_123)
        var tokens: [String: String] = [:]
        let start = UTCTime.dayNumber(of: "2026-09-01")!
        for index in 0..<500 {
            let date = UTCTime.date(epochMilliseconds: (start + index / 8) * 86_400_000)
            let nickname = "p\(random.next() % 140)"
            let key = Names.nicknameKey(nickname)
            let token: String? =
                switch random.next() % 10 {
                case 0: nil
                case 1: "wrong"
                default: tokens[key]
                }
            let daily = random.next() % 3 == 0 ? date : nil
            let inUse = random.next() % 12 == 0
            let sprint = random.next() % 3 == 0 ? 60_000 + Int(random.next() % 40) * 1000 : nil
            let submission = Self.submission(
                nickname, Int(random.next() % 40) * 4, date: date, daily: daily, token: token, newToken: "n\(index)", inUse: inUse,
                sprint: sprint)
            let expected: LeaderboardAnswer
            if inUse, oracle.claim(of: nickname, on: date) == nil {
                expected = .refused(LeaderboardRules.nicknameInUse(nickname))
            } else {
                do throws(ProtocolError) {
                    let decided = try oracle.submit(
                        submission.result, log: submission.log, date: date, dailyDate: daily, sprintTime: sprint, nickname: nickname,
                        token: token, newToken: { submission.newToken })
                    if let claimed = decided.receipt.token { tokens[key] = claimed }
                    expected = .submitted(decided.receipt, warnings: [])
                } catch {
                    expected = .refused(error)
                }
            }
            let answer = store.ask(.submit(submission))
            #expect(answer == expected, "submission \(index): \(nickname) on \(date)")
            if answer != expected { return }
        }
        let today = UTCTime.date(epochMilliseconds: (start + 62) * 86_400_000)
        let dates = (0..<63).map { UTCTime.date(epochMilliseconds: (start + $0) * 86_400_000) }
        var queries = [LeaderboardQuery(limit: 100), LeaderboardQuery(offset: 95, limit: 10)]
        queries.append(LeaderboardQuery(sort: .nickname, limit: 100))
        queries.append(LeaderboardQuery(sort: .score, order: .asc, limit: 30))
        queries += dates.map { LeaderboardQuery(board: .daily, date: $0, limit: 100) }
        queries += [LeaderboardQuery(board: .sprint, limit: 100), LeaderboardQuery(board: .sprint, sort: .score, order: .asc, limit: 40)]
        queries += dates.map { LeaderboardQuery(board: .sprintDaily, date: $0, limit: 100) }
        for query in queries {
            let (entries, summary) = oracle.page(query, today: today)
            #expect(store.ask(.top(query, today: today)) == .page(entries, summary), "\(query)")
        }
        #expect(oracle.entries(on: .allTime).count == 100)
        #expect(oracle.entries(on: .sprint).count > 30)
    }
}
