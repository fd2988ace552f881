import Foundation
import TileRaceProtocol
import TileRaceServer

/// The simulator's own Glicko-2 reckoning of a rated race: each pair of racers is a game;
/// target reachers place in order, the rest by score (ties draw), and leavers or resigners
/// lose to all others and draw among themselves. Only `PlayerRating`'s rounding is shared
/// with the server.
enum RatingAudit {
    /// `day` is the rating period.
    struct Snapshot {
        var before: [String: PlayerRating]
        var after: [String: PlayerRating]
        var day: Int
    }

    /// Nil unless a line lacks a rating, a rating or `change=` differs from the reckoning
    /// from the ratings before, or the store lacks the new ratings.
    static func violation(of results: [RacerFinish], _ snapshot: Snapshot) -> String? {
        let places = ratingPlaces(of: results)
        let keys = results.map { Names.nicknameKey($0.nickname) }
        let before = keys.map { key in
            snapshot.before[key].map { Glicko2.aged($0.rating, periods: snapshot.day - $0.day) } ?? Glicko2.newcomer
        }
        for (index, result) in results.enumerated() {
            let games = results.indices.filter { $0 != index }.map { other in
                Glicko2.Game(
                    opponent: before[other], score: places[index] < places[other] ? 1 : places[index] == places[other] ? 0.5 : 0)
            }
            let after = PlayerRating(
                sequence: 0, nickname: result.nickname, rating: Glicko2.rated(before[index], games: games), day: 0, races: 0
            )
            .rating
            let shown = Int(after.rating.rounded())
            let change = shown - Int(before[index].rating.rounded())
            let name = "\(result.nickname) (place \(places[index]) of \(results.count))"
            guard let rating = result.rating, let given = result.ratingChange else {
                return "\(name) has no rating in its RESULT"
            }
            if rating != shown {
                return "\(name) was given rating=\(rating) but Glicko-2 makes \(shown) from \(Int(before[index].rating.rounded()))"
            }
            if given != change {
                return "\(name) was given change=\(given) but its rating went from \(Int(before[index].rating.rounded())) to \(shown)"
            }
            if result.isProvisional != after.isProvisional {
                return "\(name) is \(result.isProvisional ? "" : "not ")marked provisional with a deviation of \(after.deviation)"
            }
            guard let stored = snapshot.after[keys[index]], stored.rating == after else {
                let held = snapshot.after[keys[index]].map { "\($0.rating)" } ?? "none"
                return "the store holds \(held) for \(name) after the race, not \(after)"
            }
            let races = (snapshot.before[keys[index]]?.races ?? 0) + 1
            if stored.races != races || stored.day != snapshot.day {
                return "the store counts \(stored.races) races (day \(stored.day)) for \(name), not \(races) (day \(snapshot.day))"
            }
        }
        return nil
    }

    /// What each racer lost to each opponent (indexes), in millionths of a rating point: of the
    /// rating step's sum over the games, `scale` * phi'^2 * g(phi_j) * (s_j - E_j) (Glickman,
    /// step 7), the parts under zero. `before`: the ratings the race started from (aged);
    /// `deviationsAfter`: phi' on the Glicko scale.
    static func lostParts(places: [Int], before: [Glicko2.Rating], deviationsAfter: [Double]) -> [(
        loser: Int, winner: Int, millionths: Int
    )] {
        let scale = 173.7178
        var parts: [(loser: Int, winner: Int, millionths: Int)] = []
        for loser in places.indices {
            let mu = (before[loser].rating - 1500) / scale
            for winner in places.indices where winner != loser {
                let phi = before[winner].deviation / scale
                let g = 1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
                let expected = 1 / (1 + exp(-g * (mu - (before[winner].rating - 1500) / scale)))
                let score = places[loser] < places[winner] ? 1 : places[loser] == places[winner] ? 0.5 : 0
                let part = deviationsAfter[loser] * deviationsAfter[loser] / scale * g * (score - expected)
                let lost = Int((-part * 1_000_000).rounded())
                if lost > 0 { parts.append((loser, winner, lost)) }
            }
        }
        return parts
    }

    /// Equal places draw.
    static func ratingPlaces(of results: [RacerFinish]) -> [Int] {
        var places: [Int] = []
        for (index, result) in results.enumerated() {
            if index > 0 {
                let previous = results[index - 1]
                let isDraw =
                    (hasGivenUp(result) && hasGivenUp(previous))
                    || (hasPlayedOn(result) && hasPlayedOn(previous) && result.score == previous.score)
                if isDraw {
                    places.append(places[index - 1])
                    continue
                }
            }
            places.append(index + 1)
        }
        return places
    }

    private static func hasGivenUp(_ result: RacerFinish) -> Bool {
        result.reason == .left || result.reason == .resigned
    }

    private static func hasPlayedOn(_ result: RacerFinish) -> Bool {
        result.reason == .over || result.reason == .time
    }

    /// "A rating changes only through a rated race": nil when only `ratedNicknames` changed
    /// (nobody, when `ratedNicknames` is nil).
    static func changeViolation(
        before: [String: PlayerRating], after: [String: PlayerRating], ratedNicknames: [String]?, request: String
    ) -> String? {
        let allowed = Set((ratedNicknames ?? []).map(Names.nicknameKey))
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        guard let outsider = changed.first(where: { !allowed.contains($0) }) else { return nil }
        let was = before[outsider].map { "\($0.rating.rating)" } ?? "none"
        let now = after[outsider].map { "\($0.rating.rating)" } ?? "none"
        return "the rating of \(outsider) went from \(was) to \(now) at \(request)"
    }
}
