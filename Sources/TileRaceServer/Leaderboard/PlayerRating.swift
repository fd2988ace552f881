import TileRaceProtocol

/// A player's stored Glicko-2 rating, as of the day of their last rated
/// race. Rounded to millionths so every store keeps the same figures.
public struct PlayerRating: Hashable, Sendable {
    /// When it was recorded, among all records of the leaderboard.
    public var sequence: Int
    /// The nickname as the claim spells it.
    public var nickname: String
    public var rating: Glicko2.Rating
    /// The day number (`UTCTime.dayNumber`) of the last rated race.
    public var day: Int
    public var races: Int
    /// What each opponent lost to this player in rated races, summed: nickname key → rating
    /// points in millionths (`Glicko2.changeParts`), given back if this player is marked
    /// assisted. At most `tookLimit` opponents, the largest.
    public var took: [String: Int]

    /// Opponents kept in `took`.
    public static let tookLimit = 100

    public init(sequence: Int, nickname: String, rating: Glicko2.Rating, day: Int, races: Int, took: [String: Int] = [:]) {
        self.sequence = sequence
        self.nickname = nickname
        self.rating = PlayerRating.rounded(rating)
        self.day = day
        self.races = races
        self.took = took
        if took.count > PlayerRating.tookLimit {
            let kept = took.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(PlayerRating.tookLimit)
            self.took = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }

    /// The rating on day `today`: its deviation grown by one rating period
    /// (a UTC day) per whole day since the last rated race.
    public func current(onDay today: Int) -> Glicko2.Rating {
        Glicko2.aged(rating, periods: today - day)
    }

    static func rounded(_ rating: Glicko2.Rating) -> Glicko2.Rating {
        Glicko2.Rating(
            rating: (rating.rating * 1_000_000).rounded() / 1_000_000,
            deviation: (rating.deviation * 1_000_000).rounded() / 1_000_000,
            volatility: (rating.volatility * 1_000_000).rounded() / 1_000_000)
    }

    /// A figure in millionths, as the record writes it.
    static func millionths(_ value: Double) -> Int {
        Int((value * 1_000_000).rounded())
    }
}
