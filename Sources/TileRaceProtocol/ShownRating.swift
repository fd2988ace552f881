/// A rating as a rated room shows it beside a nickname (protocol.md
/// section 5.7): `rating=<n>` (rounded) and `provisional=yes` while its
/// deviation is above `Glicko2.provisionalDeviation`. Carried by the
/// `READY` event, `MEMBER` lines and `OK QUEUE`.
public struct ShownRating: Hashable, Sendable {
    /// The rating, rounded.
    public var rating: Int
    /// Whether the rating is provisional.
    public var isProvisional: Bool

    /// Creates a shown rating.
    public init(rating: Int, isProvisional: Bool) {
        self.rating = rating
        self.isProvisional = isProvisional
    }

    /// A Glicko-2 rating as shown: rounded, provisional by its deviation.
    public init(_ rating: Glicko2.Rating) {
        self.init(rating: Int(rating.rating.rounded()), isProvisional: rating.isProvisional)
    }

    /// Reads `rating=` and `provisional=` from a line's fields; nil when
    /// there is no `rating=` (a `provisional=` alone is then ignored).
    public init?(fields: Fields) throws(ProtocolError) {
        guard let rating = try fields.optionalInteger("rating") else { return nil }
        self.init(rating: rating, isProvisional: try fields.optionalBool("provisional") ?? false)
    }

    /// Writes `rating=<n>` and, when provisional, `provisional=yes`.
    public func append(to fields: inout Fields) {
        fields.append("rating", rating)
        if isProvisional { fields.append("provisional", true) }
    }
}
