/// One `RATING` line of a `TOP board=rating` reply.
public struct RatingEntry: FieldsRepresentable {
    /// 1 for the best listed rating; 0 for a rating not listed (`unlisted` says why).
    public var rank: Int
    public var nickname: String
    /// Rounded.
    public var rating: Int
    /// The rating deviation today (grown with the days away), rounded.
    public var deviation: Int
    /// How many rated races the rating counts.
    public var races: Int
    /// Whether the deviation is above `Glicko2.provisionalDeviation`.
    public var isProvisional: Bool
    /// Why the rating is not on the board; nil when it is.
    public var unlisted: Unlisted?

    public init(rank: Int, nickname: String, rating: Int, deviation: Int, races: Int, isProvisional: Bool, unlisted: Unlisted? = nil) {
        self.rank = rank
        self.nickname = nickname
        self.rating = rating
        self.deviation = deviation
        self.races = races
        self.isProvisional = isProvisional
        self.unlisted = unlisted
    }

    /// Why a rating is not on the board yet (protocol.md 5.7): the first that holds, in this order.
    public enum Unlisted: String, CaseIterable, Sendable {
        /// Fewer than `RatingEntry.placementRaces` rated races.
        case placement
        /// No rated race in the last `RatingEntry.activeDays` UTC dates.
        case inactive
        /// A deviation of `RatingEntry.listedDeviation` or more.
        case uncertain
    }

    /// Placement: the rated races a rating needs before it is listed.
    public static let placementRaces = 10
    /// A listed rating's deviation is under this (lichess lists under 75; see protocol.md 5.7 for ours).
    public static let listedDeviation = 90.0
    /// A listed rating's last rated race was on one of this many UTC dates, today's included.
    public static let activeDays = 30

    /// Why a rating is not listed, or nil when it is: `daysAway` whole UTC days since its last rated race,
    /// `deviation` today's, unrounded.
    public static func unlisted(races: Int, daysAway: Int, deviation: Double) -> Unlisted? {
        if races < placementRaces { return .placement }
        if daysAway >= activeDays { return .inactive }
        if deviation >= listedDeviation { return .uncertain }
        return nil
    }

    public static let blank = RatingEntry(rank: 0, nickname: "", rating: 0, deviation: 0, races: 0, isProvisional: false)
    public static let fieldTable: [Field<RatingEntry>] = [
        .integer("rank", \.rank), .name("nick", \.nickname), .integer("rating", \.rating), .integer("rd", \.deviation),
        .integer("races", \.races), .flag("provisional", \.isProvisional), .choice("unlisted", \.unlisted),
    ]
}
