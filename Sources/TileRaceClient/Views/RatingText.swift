/// A rating as the screens show it beside a nickname: `1523`, `1523 +12`
/// after a rated race, `1337?` while provisional.
enum RatingText {
    /// The rating, a `?` when provisional, and the race's change when known.
    static func text(_ rating: Int, change: Int? = nil, isProvisional: Bool) -> String {
        var text = String(rating) + (isProvisional ? "?" : "")
        if let change { text += change >= 0 ? " +\(change)" : " \(change)" }
        return text
    }
}
