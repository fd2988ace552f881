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
        // Nobody has the placement's 10 rated races: the board lists none, and says how many it keeps off.
        #expect(entries.isEmpty && summary == TopSummary(board: .rating, date: nil, total: 0, offset: 0, count: 0, unlisted: 3))
        guard case .ratingPage(let bo, _) = store.ask(.top(LeaderboardQuery(board: .rating, nickname: "BO"), today: "2026-11-24")) else {
            Issue.record("no page")
            return
        }
        #expect(bo.map(\.rank) == [0] && bo.map(\.races) == [2] && bo.map(\.unlisted) == [.placement] && bo.allSatisfy(\.isProvisional))
    }

    /// `TOP board=rating nick=`: one player's line as in the whole list, its
    /// rank 0 and why when it is not listed, none without a rating.
    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func oneNicknamesLineOfTheRatingBoard(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        // The placement's ten races of eight list them all; ivy and jo race once.
        let eight = ["ana", "bo", "cy", "di", "ed", "flo", "gus", "hal"]
        rateTenRaces(of: eight, on: Self.today, in: store)
        _ = store.ask(.rate(RatedRace(racers: [.init(nickname: "ivy", place: 1), .init(nickname: "jo", place: 2)], date: Self.today)))
        guard case .ratingPage(let whole, let summary) = store.ask(.top(LeaderboardQuery(board: .rating), today: Self.today)) else {
            Issue.record("no page")
            return
        }
        #expect(whole.map(\.nickname) == eight && whole.map(\.rank) == Array(1...8) && whole.allSatisfy { $0.unlisted == nil })
        #expect(summary == TopSummary(board: .rating, date: nil, total: 8, offset: 0, count: 8, unlisted: 2))
        let query = LeaderboardQuery(board: .rating, nickname: "BO")
        #expect(
            store.ask(.top(query, today: Self.today))
                == .ratingPage([whole[1]], TopSummary(board: .rating, date: nil, total: 8, offset: 0, count: 1, unlisted: 2)))
        guard case .ratingPage(let jo, _) = store.ask(.top(LeaderboardQuery(board: .rating, nickname: "jo"), today: Self.today)) else {
            Issue.record("no page")
            return
        }
        #expect(jo.map(\.rank) == [0] && jo.map(\.unlisted) == [.placement] && jo.map(\.races) == [1])
        #expect(
            store.ask(.top(LeaderboardQuery(board: .rating, nickname: "eve"), today: Self.today))
                == .ratingPage([], TopSummary(board: .rating, date: nil, total: 8, offset: 0, count: 0, unlisted: 2)))
    }

    /// A rating stays listed while its last rated race was on one of the last 30 UTC dates.
    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func aRatingLeavesTheBoardAfterThirtyDaysWithoutARatedRace(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        let eight = ["ana", "bo", "cy", "di", "ed", "flo", "gus", "hal"]
        // Taking turns first, so that all of them stay under the deviation's bound for the 29 days.
        rateTenRaces(of: eight, on: "2026-11-01", takingTurns: true, in: store)
        for (today, unlisted) in [("2026-11-30", nil), ("2026-12-01", RatingEntry.Unlisted.inactive)] {
            guard case .ratingPage(let page, let summary) = store.ask(.top(LeaderboardQuery(board: .rating), today: today)),
                case .ratingPage(let ana, _) = store.ask(.top(LeaderboardQuery(board: .rating, nickname: "ana"), today: today))
            else {
                Issue.record("no page")
                return
            }
            #expect(page.count == (unlisted == nil ? 8 : 0) && summary.unlisted == (unlisted == nil ? 0 : 8), "\(today)")
            // Listed, its rank on the board; not, rank 0.
            let rank = unlisted == nil ? page.first { $0.nickname == "ana" }?.rank ?? -1 : 0
            #expect(ana.map(\.unlisted) == [unlisted] && ana.map(\.rank) == [rank], "\(today)")
        }
    }

    /// Ten races, each placing the racers in the order given, or (`taking turns`) each race the next one first.
    private func rateTenRaces(of racers: [String], on date: String, takingTurns: Bool = false, in store: ServiceUnderTest) {
        for number in 0..<RatingEntry.placementRaces {
            let turn = takingTurns ? number : 0
            let race = RatedRace(
                racers: racers.enumerated().map { .init(nickname: $1, place: ($0 + turn) % racers.count + 1) }, date: date)
            guard case .rated = store.ask(.rate(race)) else {
                Issue.record("not rated")
                return
            }
        }
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
        let query = LeaderboardQuery(board: .rating, nickname: "ana")
        guard case .ratingPage(let entries, _) = ask(second, .top(query, today: Self.today)) else {
            Issue.record("no page")
            return
        }
        #expect(entries.map(\.nickname) == ["ana"] && entries.map(\.races) == [2])
    }
}

/// What a rated race cost each racer is kept with the rating of the opponent it lost to
/// (protocol.md 13, `ASSIST`): Glicko-2's rating step is a sum over the games, and the
/// loser's part against the winner is the winner's `took=`.
@Suite struct RatingTookTests {
    @Test func whatEachRacerLostIsKeptWithTheRatingOfWhoTookIt() throws {
        var leaderboard = Leaderboard()
        // ana wins, bo and cy draw behind her: both lose to ana, nobody to a draw.
        let race = RatedRace(
            racers: [.init(nickname: "Ana", place: 1), .init(nickname: "bo", place: 2), .init(nickname: "cy", place: 2)],
            date: "2026-11-23")
        _ = leaderboard.rate(race)
        let bo = PaperGlicko2.rated(rating: 1500, deviation: 350, volatility: 0.06, games: [(1500, 350, 0), (1500, 350, 0.5)])
        let lost = Int(((1500 - bo.rating) * 1_000_000).rounded())
        let took = try #require(leaderboard.ratings["ana"]?.took)
        #expect(took.keys.sorted() == ["bo", "cy"] && took.values.allSatisfy { abs($0 - lost) <= 1 })
        #expect(leaderboard.ratings["bo"]?.took == [:] && leaderboard.ratings["cy"]?.took == [:])
        // The next race adds to it; the record keeps it, and reads it back.
        _ = leaderboard.rate(RatedRace(racers: [.init(nickname: "ana", place: 1), .init(nickname: "BO", place: 2)], date: "2026-11-23"))
        let again = try #require(leaderboard.ratings["ana"])
        #expect(again.took["cy"] == took["cy"] && (again.took["bo"] ?? 0) > (took["bo"] ?? 0))
        let text = LeaderboardRecord.rating(again).text
        #expect(text.hasSuffix(" races=2 took=bo:\(again.took["bo"] ?? 0),cy:\(again.took["cy"] ?? 0)"))
        #expect(try LeaderboardRecord(text: text) == .rating(again))
        #expect(throws: LeaderboardRecordError.self) { try LeaderboardRecord(text: text + ",x:y") }
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
