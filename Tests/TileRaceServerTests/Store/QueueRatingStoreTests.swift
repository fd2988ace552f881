import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer

/// The one claim question (`proveClaim`) that `QUEUE` and a rated room's
/// `READY token=` ask of the store, the same for every store: the claim
/// proved by its token, and the nickname's current rating (a newcomer's
/// before its first rated race, aged to the day asked after it).
@Suite struct QueueRatingStoreTests {
    private static let today = "2026-11-23"

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func theTokenProvesTheClaimAndTheAnswerCarriesTheRating(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        #expect(
            store.ask(.proveClaim(nickname: "ana", token: "x", today: Self.today)) == .refused(LeaderboardRules.unclaimed("ana")))
        #expect(store.claim("Ana", today: Self.today) == "tAna")
        #expect(store.claim("bo", today: Self.today) == "tbo")
        #expect(store.ask(.proveClaim(nickname: "ANA", token: "tAna", today: Self.today)) == .provenRating(Glicko2.newcomer))
        #expect(
            store.ask(.proveClaim(nickname: "ana", token: "wrong", today: Self.today))
                == .refused(LeaderboardRules.badToken("Ana", tokenGiven: true)))
        let race = RatedRace(racers: [.init(nickname: "ana", place: 1), .init(nickname: "bo", place: 2)], date: Self.today)
        guard case .rated(let changes) = store.ask(.rate(race)) else {
            Issue.record("not rated")
            return
        }
        guard case .provenRating(let rating) = store.ask(.proveClaim(nickname: "ana", token: "tAna", today: Self.today)) else {
            Issue.record("not proven")
            return
        }
        #expect(abs(rating.rating - changes[0].after.rating) < 0.01)
        #expect(rating.rating > 1500)
    }

    @Test(arguments: RedisForTests.stores(redis: ServiceUnderTest.Kind.redis))
    func theRatingIsAgedToTheDayAsked(_ kind: ServiceUnderTest.Kind) throws {
        let store = try ServiceUnderTest(kind)
        #expect(store.claim("ana", today: Self.today) == "tana")
        #expect(store.claim("bo", today: Self.today) == "tbo")
        let race = RatedRace(racers: [.init(nickname: "ana", place: 1), .init(nickname: "bo", place: 2)], date: Self.today)
        guard case .rated(let changes) = store.ask(.rate(race)) else {
            Issue.record("not rated")
            return
        }
        let tenDaysLater = "2026-12-03"
        guard case .provenRating(let rating) = store.ask(.proveClaim(nickname: "ana", token: "tana", today: tenDaysLater)) else {
            Issue.record("not proven")
            return
        }
        let aged = Glicko2.aged(changes[0].after, periods: 10)
        #expect(abs(rating.rating - aged.rating) < 0.01)
        #expect(abs(rating.deviation - aged.deviation) < 0.01)
        #expect(rating.deviation > changes[0].after.deviation)
    }
}
