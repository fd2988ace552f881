import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer

/// What `QUEUE` asks of the store, the same for every store: the claim
/// proved by its token, and the nickname's current rating (a newcomer's
/// before its first rated race).
@Suite struct QueueRatingStoreTests {
    private static let today = "2026-11-23"

    @Test(arguments: ServiceUnderTest.Kind.allCases)
    func theTokenProvesTheClaimAndTheAnswerCarriesTheRating(_ kind: ServiceUnderTest.Kind) throws {
        guard let store = try ServiceUnderTest(kind) else { return }
        #expect(
            store.ask(.queueRating(nickname: "ana", token: "x", today: Self.today)) == .refused(LeaderboardRules.unclaimed("ana")))
        #expect(store.claim("Ana", today: Self.today) == "tAna")
        #expect(store.claim("bo", today: Self.today) == "tbo")
        #expect(store.ask(.queueRating(nickname: "ANA", token: "tAna", today: Self.today)) == .provenRating(Glicko2.newcomer))
        #expect(
            store.ask(.queueRating(nickname: "ana", token: "wrong", today: Self.today))
                == .refused(LeaderboardRules.badToken("Ana", tokenGiven: true)))
        let race = RatedRace(racers: [.init(nickname: "ana", place: 1), .init(nickname: "bo", place: 2)], date: Self.today)
        guard case .rated(let changes) = store.ask(.rate(race)) else {
            Issue.record("not rated")
            return
        }
        guard case .provenRating(let rating) = store.ask(.queueRating(nickname: "ana", token: "tAna", today: Self.today)) else {
            Issue.record("not proven")
            return
        }
        #expect(abs(rating.rating - changes[0].after.rating) < 0.01)
        #expect(rating.rating > 1500)
    }
}
