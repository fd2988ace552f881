import Testing
import TileRaceProtocol
import TileRaceServer

@testable import TileRaceSimulation

/// The simulator's rating invariants (protocol.md section 5.7): they hold
/// for a race the store rated, and catch ratings, changes, places or a
/// store that break them.
@Suite struct RatingInvariantTests {
    /// Today in the stored ratings' days.
    private static let day = 20_000

    /// The store before the race: ana rated 1600 (45 days away), bo 1450,
    /// cy and dee newcomers.
    private static func before() -> Leaderboard {
        var leaderboard = Leaderboard()
        leaderboard.apply(
            .rating(
                PlayerRating(
                    sequence: 1, nickname: "ana", rating: .init(rating: 1600, deviation: 80, volatility: 0.06), day: day - 45, races: 7)))
        leaderboard.apply(
            .rating(
                PlayerRating(sequence: 2, nickname: "bo", rating: .init(rating: 1450, deviation: 120, volatility: 0.06), day: day, races: 2)
            ))
        return leaderboard
    }

    /// A race as its `RESULT` lines say it ended: ana reached the target,
    /// bo and cy ran out of time with equal scores (a draw), dee resigned;
    /// `places` are those the ratings go by (the server's, when right).
    private static func race(places: [Int] = [1, 2, 2, 4]) -> (results: [RacerFinish], snapshot: RatingAudit.Snapshot) {
        var results = [
            RacerFinish(
                room: "league", race: 1, place: 1, nickname: "ana", reason: .target, score: 20_000, largestTile: 2048, moves: 900,
                milliseconds: 400_000),
            RacerFinish(
                room: "league", race: 1, place: 2, nickname: "bo", reason: .time, score: 5000, largestTile: 512, moves: 400,
                milliseconds: 600_000),
            RacerFinish(
                room: "league", race: 1, place: 3, nickname: "cy", reason: .time, score: 5000, largestTile: 512, moves: 410,
                milliseconds: 600_000),
            RacerFinish(
                room: "league", race: 1, place: 4, nickname: "dee", reason: .resigned, score: 9000, largestTile: 512, moves: 300,
                milliseconds: 200_000),
        ]
        var leaderboard = before()
        let date = UTCTime.date(epochMilliseconds: day * 86_400_000)
        let rated = leaderboard.rate(RatedRace(racers: zip(results, places).map { .init(nickname: $0.nickname, place: $1) }, date: date))
        for (index, change) in (rated?.changes ?? []).enumerated() {
            results[index].rating = change.shownRating
            results[index].ratingChange = change.shownChange
            results[index].isProvisional = change.after.isProvisional
        }
        return (results, RatingAudit.Snapshot(before: before().ratings, after: leaderboard.ratings, day: day))
    }

    @Test func aRaceTheStoreRatedKeepsTheInvariant() {
        let (results, snapshot) = Self.race()
        #expect(RatingAudit.ratingPlaces(of: results) == [1, 2, 2, 4])
        #expect(RatingAudit.violation(of: results, snapshot) == nil)
    }

    /// The simulator's own reckoning of what each racer lost to each other (`ASSIST`'s
    /// refunds) agrees with what the store keeps (`took=`), and the parts of a racer's
    /// change add up to it.
    @Test func whatEachRacerLostIsReckonedAsTheStoreKeepsIt() {
        let (_, snapshot) = Self.race()
        let keys = ["ana", "bo", "cy", "dee"]
        let before = keys.map { key in snapshot.before[key].map { Glicko2.aged($0.rating, periods: Self.day - $0.day) } ?? Glicko2.newcomer
        }
        let parts = RatingAudit.lostParts(
            places: [1, 2, 2, 4], before: before, deviationsAfter: keys.map { snapshot.after[$0]?.rating.deviation ?? 0 })
        // Everyone loses to ana, dee to all; cy (1500) draws bo (1450), below what it expected.
        #expect(
            parts.map { "\(keys[$0.loser])>\(keys[$0.winner])" }.sorted() == ["bo>ana", "cy>ana", "cy>bo", "dee>ana", "dee>bo", "dee>cy"])
        for part in parts {
            let kept = snapshot.after[keys[part.winner]]?.took[keys[part.loser]] ?? 0
            #expect(abs(kept - part.millionths) <= 2, "\(keys[part.loser]) lost \(part.millionths) to \(keys[part.winner]); kept \(kept)")
        }
        let deeLost = parts.filter { $0.loser == 3 }.map { $0.millionths }.reduce(0, +)
        let deeChange = (before[3].rating - (snapshot.after["dee"]?.rating.rating ?? 0)) * 1_000_000
        #expect(abs(Double(deeLost) - deeChange) <= 3)
    }

    @Test func aChangeThatIsNotTheNewRatingLessTheOldIsCaught() {
        var (results, snapshot) = Self.race()
        results[1].ratingChange = (results[1].ratingChange ?? 0) + 1
        #expect(RatingAudit.violation(of: results, snapshot)?.contains("bo (place 2 of 4) was given change=") == true)
    }

    @Test func ratingsFromOtherPlacesAreCaught() {
        // bo and cy ranked apart, not drawn: the store's ratings are not Glicko-2's of the race.
        let (results, snapshot) = Self.race(places: [1, 2, 3, 4])
        #expect(RatingAudit.violation(of: results, snapshot)?.contains("but Glicko-2 makes") == true)
    }

    @Test func aStoreThatDoesNotHoldTheNewRatingsIsCaught() {
        let (results, snapshot) = Self.race()
        var stale = snapshot
        stale.after["cy"] = nil
        #expect(
            RatingAudit.violation(of: results, stale)
                == "the store holds none for cy (place 2 of 4) after the race, not \(snapshot.after["cy"]!.rating)")
        var missing = results
        missing[3].rating = nil
        #expect(RatingAudit.violation(of: missing, snapshot) == "dee (place 4 of 4) has no rating in its RESULT")
    }

    @Test func aRatingChangedByAnythingButItsRatedRaceIsCaught() {
        let (_, snapshot) = Self.race()
        #expect(
            RatingAudit.changeViolation(
                before: snapshot.before, after: snapshot.after, ratedNicknames: ["ana", "bo", "cy", "dee"], request: "rate") == nil)
        #expect(
            RatingAudit.changeViolation(before: snapshot.before, after: snapshot.after, ratedNicknames: ["ana", "bo"], request: "rate")
                == "the rating of cy went from none to \(snapshot.after["cy"]!.rating.rating) at rate")
        #expect(
            RatingAudit.changeViolation(before: snapshot.before, after: snapshot.after, ratedNicknames: nil, request: "submit")?
                .hasPrefix("the rating of ana went from 1600.0 to ") == true)
    }
}
