/// A rating beside a nickname in a rated room: rounded, with `provisional=yes`
/// while the deviation is above `Glicko2.provisionalDeviation`.
public struct ShownRating: FieldsRepresentable {
    public var rating: Int
    public var isProvisional: Bool

    public init(rating: Int, isProvisional: Bool) {
        self.rating = rating
        self.isProvisional = isProvisional
    }

    /// A Glicko-2 rating as shown: rounded, provisional by its deviation.
    public init(_ rating: Glicko2.Rating) {
        self.init(rating: Int(rating.rating.rounded()), isProvisional: rating.isProvisional)
    }

    public static let blank = ShownRating(rating: 0, isProvisional: false)
    public static let fieldTable: [Field<ShownRating>] = [.integer("rating", \.rating), .flag("provisional", \.isProvisional)]

    /// Nil when there is no `rating=` (a `provisional=` alone is then ignored).
    static func optional(in fields: Fields) throws(ProtocolError) -> ShownRating? {
        fields[fieldTable[0].key] == nil ? nil : try ShownRating(fields: fields)
    }
}
