/// One `RATING` line of a `TOP board=rating` reply.
public struct RatingEntry: FieldsRepresentable {
    /// 1 for the best; provisional ratings are ranked apart, after, again from 1.
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

    public init(rank: Int, nickname: String, rating: Int, deviation: Int, races: Int, isProvisional: Bool) {
        self.rank = rank
        self.nickname = nickname
        self.rating = rating
        self.deviation = deviation
        self.races = races
        self.isProvisional = isProvisional
    }

    public static let blank = RatingEntry(rank: 0, nickname: "", rating: 0, deviation: 0, races: 0, isProvisional: false)
    public static let fieldTable: [Field<RatingEntry>] = [
        .integer("rank", \.rank), .name("nick", \.nickname), .integer("rating", \.rating), .integer("rd", \.deviation),
        .integer("races", \.races), .flag("provisional", \.isProvisional),
    ]
}
