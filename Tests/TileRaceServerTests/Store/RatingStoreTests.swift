import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer

/// Ratings in the store (protocol.md section 5.7), the same for every store:
/// claims proved, races rated as Glicko-2 says (computed here apart, with
/// `PaperGlicko2`), the rating board, and ratings shared by two services of
/// one Redis (two servers of one community).
@Suite struct RatingStoreTests {
    private static let today = "2026-11-23"

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aClaimIsProvedByItsTokenOnly(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        #expect(store.ask(.proveClaim(nickname: "ana", token: "x", today: Self.today)) == .refused(LeaderboardRules.unclaimed("ana")))
        #expect(store.claim("Ana", today: Self.today) == "tAna")
        #expect(store.ask(.proveClaim(nickname: "ANA", token: "tAna", today: Self.today)) == .provenRating(Glicko2.newcomer))
        #expect(
            store.ask(.proveClaim(nickname: "ana", token: "wrong", today: Self.today))
                == .refused(LeaderboardRules.badToken("Ana", tokenGiven: true)))
        #expect(
            store.ask(.proveClaim(nickname: "ana", token: nil, today: Self.today))
                == .refused(LeaderboardRules.badToken("Ana", tokenGiven: false)))
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func racesAreRatedPairByPairAndTheBoardListsThem(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        // ana wins, bo and cy draw behind her.
        let race = RatedRace(
            racers: [.init(nickname: "ana", place: 1), .init(nickname: "bo", place: 2), .init(nickname: "cy", place: 2)], date: Self.today)
        guard case .rated(let changes) = store.ask(.rate(race)) else {
            Issue.record("not rated")
            return
        }
        let ana = PaperGlicko2.rated(rating: 1500, deviation: 350, volatility: 0.06, games: [(1500, 350, 1), (1500, 350, 1)])
        let bo = PaperGlicko2.rated(rating: 1500, deviation: 350, volatility: 0.06, games: [(1500, 350, 0), (1500, 350, 0.5)])
        #expect(changes.map(\.nickname) == ["ana", "bo", "cy"])
        #expect(abs(changes[0].after.rating - ana.rating) < 0.000001 && abs(changes[0].after.deviation - ana.deviation) < 0.000001)
        #expect(abs(changes[1].after.rating - bo.rating) < 0.000001 && changes[1].after == changes[2].after)
        #expect(changes[0].shownChange == Int(ana.rating.rounded()) - 1500)
        // A second race, the next day: bo beats ana, from their new ratings.
        let next = RatedRace(racers: [.init(nickname: "bo", place: 1), .init(nickname: "ana", place: 2)], date: "2026-11-24")
        guard case .rated(let second) = store.ask(.rate(next)) else {
            Issue.record("not rated")
            return
        }
        let grow = { (rating: Glicko2.Rating) in
            ((rating.deviation / 173.7178) * (rating.deviation / 173.7178) + rating.volatility * rating.volatility).squareRoot()
                * 173.7178
        }
        let boBefore = changes[1].after
        let anaBefore = changes[0].after
        let boAfter = PaperGlicko2.rated(
            rating: boBefore.rating, deviation: grow(boBefore), volatility: boBefore.volatility,
            games: [(anaBefore.rating, grow(anaBefore), 1)])
        #expect(abs(second[0].after.rating - boAfter.rating) < 0.0001 && abs(second[0].after.deviation - boAfter.deviation) < 0.0001)
        guard case .ratingPage(let entries, let summary) = store.ask(.top(LeaderboardQuery(board: .rating), today: "2026-11-24")) else {
            Issue.record("no page")
            return
        }
        #expect(summary == TopSummary(board: .rating, date: nil, total: 3, offset: 0, count: 3))
        // Every one of them is provisional still (deviations above 110): one group, by rating.
        #expect(entries.map(\.nickname) == (second[0].shownRating > second[1].shownRating ? ["bo", "ana", "cy"] : ["ana", "bo", "cy"]))
        #expect(entries.allSatisfy(\.isProvisional) && entries.map(\.rank) == [1, 2, 3])
        #expect(entries.first { $0.nickname == "cy" }?.races == 1 && entries.first { $0.nickname == "bo" }?.races == 2)
    }

    /// `TOP board=rating nick=`: one player's line as in the whole list
    /// (established and provisional ranked apart), none without a rating.
    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func oneNicknamesLineOfTheRatingBoard(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        // Four races of eight make most of them established; ivy and jo race once (provisional).
        let eight = ["ana", "bo", "cy", "di", "ed", "flo", "gus", "hal"]
        for _ in 0..<4 {
            let race = RatedRace(racers: eight.enumerated().map { .init(nickname: $1, place: $0 + 1) }, date: Self.today)
            guard case .rated = store.ask(.rate(race)) else {
                Issue.record("not rated")
                return
            }
        }
        _ = store.ask(.rate(RatedRace(racers: [.init(nickname: "ivy", place: 1), .init(nickname: "jo", place: 2)], date: Self.today)))
        guard case .ratingPage(let whole, _) = store.ask(.top(LeaderboardQuery(board: .rating), today: Self.today)) else {
            Issue.record("no page")
            return
        }
        #expect(Set(whole.map(\.nickname)) == Set(eight + ["ivy", "jo"]))
        // The second established player, and the last provisional one (ranked among the provisional).
        let established = whole[1]
        let provisional = try #require(whole.last)
        #expect(!established.isProvisional && established.rank == 2)
        #expect(provisional.isProvisional && provisional.rank == whole.filter(\.isProvisional).count && provisional.rank > 1)
        for expected in [established, provisional] {
            let query = LeaderboardQuery(board: .rating, nickname: expected.nickname.uppercased())
            #expect(
                store.ask(.top(query, today: Self.today))
                    == .ratingPage([expected], TopSummary(board: .rating, date: nil, total: 10, offset: 0, count: 1)))
        }
        #expect(
            store.ask(.top(LeaderboardQuery(board: .rating, nickname: "eve"), today: Self.today))
                == .ratingPage([], TopSummary(board: .rating, date: nil, total: 10, offset: 0, count: 0)))
    }

    @Test(.requiresRedis) func twoServersOfOneRedisShareTheRatings() throws {
        let redis = try RedisForTests.start()
        defer { redis.stop() }
        let first = try RedisLeaderboardService(address: .server(redis.address), log: .silent)
        let second = try RedisLeaderboardService(address: .server(redis.address), log: .silent)
        defer {
            first.close()
            second.close()
        }
        func ask(_ service: RedisLeaderboardService, _ request: LeaderboardRequest) -> LeaderboardAnswer {
            let box = AnswerBox()
            service.perform(request) { box.put($0) }
            return box.take()
        }
        let race = RatedRace(racers: [.init(nickname: "ana", place: 1), .init(nickname: "bo", place: 2)], date: Self.today)
        guard case .rated(let changes) = ask(first, .rate(race)) else {
            Issue.record("not rated")
            return
        }
        // The second server rates the next race from the first's ratings.
        guard case .rated(let again) = ask(second, .rate(race)) else {
            Issue.record("not rated")
            return
        }
        #expect(again[0].before == changes[0].after)
        guard case .ratingPage(let entries, _) = ask(second, .top(LeaderboardQuery(board: .rating), today: Self.today)) else {
            Issue.record("no page")
            return
        }
        #expect(entries.map(\.nickname) == ["ana", "bo"] && entries.map(\.races) == [2, 2])
    }
}

/// The journal's store keeps ratings across a restart, in the journal and
/// in the snapshot a compaction writes.
@Suite struct RatingJournalTests {
    @Test func ratingsSurviveARestartAndACompaction() throws {
        let directory = TemporaryDirectory()
        let rating = PlayerRating(
            sequence: 1, nickname: "Ana", rating: .init(rating: 1523.4567891, deviation: 98.7654321, volatility: 0.0599871234), day: 20_415,
            races: 3)
        #expect(rating.rating.rating == 1523.456789)
        do {
            let store = try LeaderboardStore.open(directory: directory.path)
            try store.commit([.rating(rating)])
            store.close()
        }
        do {
            let reopened = try LeaderboardStore.open(directory: directory.path)
            #expect(reopened.leaderboard.ratings["ana"] == rating)
            try reopened.compact()
            reopened.close()
        }
        let compacted = try LeaderboardStore.open(directory: directory.path)
        defer { compacted.close() }
        #expect(compacted.leaderboard.ratings["ana"] == rating)
        #expect(LeaderboardRecord.rating(rating).text == "rating seq=1 nick=Ana r=1523456789 rd=98765432 vol=59987 day=20415 races=3")
    }
}
