import TileRaceProtocol

/// A rated race at its end: equal places are draws; who left or resigned
/// is placed after everyone else.
package struct RatedRace: Hashable, Sendable {
    package struct Racer: Hashable, Sendable {
        /// The racer's nickname (its claim was proved at `READY`).
        package var nickname: String
        /// The place: a lower one beats a higher one, equal ones draw.
        package var place: Int

        package init(nickname: String, place: Int) {
            self.nickname = nickname
            self.place = place
        }
    }

    /// The racers, two or more.
    package var racers: [Racer]
    /// Today (UTC), `YYYY-MM-DD`: the rating period.
    package var date: String

    package init(racers: [Racer], date: String) {
        self.racers = racers
        self.date = date
    }

    /// The score of `racer` against `opponent` (indexes of `racers`): 1 a
    /// win, 0.5 a draw, 0 a loss.
    func score(of racer: Int, against opponent: Int) -> Double {
        let (mine, theirs) = (racers[racer].place, racers[opponent].place)
        return mine < theirs ? 1 : mine == theirs ? 0.5 : 0
    }
}

/// What a rated race did to one racer's rating.
package struct RatingChange: Hashable, Sendable {
    package var nickname: String
    /// The rating before the race (its deviation grown with the days away).
    package var before: Glicko2.Rating
    package var after: Glicko2.Rating

    package init(nickname: String, before: Glicko2.Rating, after: Glicko2.Rating) {
        self.nickname = nickname
        self.before = before
        self.after = after
    }

    package var shownRating: Int {
        Int(after.rating.rounded())
    }

    /// The change as shown: the rounded rating after less the rounded one before.
    package var shownChange: Int {
        shownRating - Int(before.rating.rounded())
    }
}
