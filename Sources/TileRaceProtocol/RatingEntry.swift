/// One `RATING` line of a `TOP board=rating` reply: a player's rating
/// (protocol.md section 10).
public struct RatingEntry: FieldsRepresentable {
    /// Rank by rating, 1 for the best; the provisional ratings are ranked
    /// apart, after the others, again from 1.
    public var rank: Int
    /// The nickname.
    public var nickname: String
    /// The rating, rounded.
    public var rating: Int
    /// The rating deviation today (grown with the days away), rounded.
    public var deviation: Int
    /// How many rated races the rating counts.
    public var races: Int
    /// Whether the deviation is above `Glicko2.provisionalDeviation`.
    public var isProvisional: Bool

    /// Creates an entry.
    public init(rank: Int, nickname: String, rating: Int, deviation: Int, races: Int, isProvisional: Bool) {
        self.rank = rank
        self.nickname = nickname
        self.rating = rating
        self.deviation = deviation
        self.races = races
        self.isProvisional = isProvisional
    }

    public init(fields: Fields) throws(ProtocolError) {
        self.init(
            rank: try fields.integer("rank"), nickname: try fields.name("nick"), rating: try fields.integer("rating"),
            deviation: try fields.integer("rd"), races: try fields.integer("races"),
            isProvisional: try fields.optionalBool("provisional") ?? false)
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("rank", rank)
        fields.append("nick", nickname)
        fields.append("rating", rating)
        fields.append("rd", deviation)
        fields.append("races", races)
        if isProvisional { fields.append("provisional", true) }
        return fields
    }
}
