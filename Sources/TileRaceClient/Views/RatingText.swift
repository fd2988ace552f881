import TileRaceProtocol

/// A rating as the screens show it beside a nickname: `1523`, `1523 +12`
/// after a rated race, `1337?` while provisional.
enum RatingText {
    /// The rating, a `?` when provisional, and the race's change when known.
    static func text(_ rating: Int, change: Int? = nil, isProvisional: Bool) -> String {
        var text = String(rating) + (isProvisional ? "?" : "")
        if let change { text += change >= 0 ? " +\(change)" : " \(change)" }
        return text
    }

    /// Why a rating is not on the rating board (`unlisted=`, protocol.md 5.7); nil when it is.
    /// `isShort`: for a header ("3 more races to be listed").
    static func unlisted(_ entry: RatingEntry, isShort: Bool = false) -> String? {
        let more = max(1, RatingEntry.placementRaces - entry.races)
        let races = "\(more) more\(isShort ? "" : " rated") race\(more == 1 ? "" : "s")"
        switch entry.unlisted {
        case nil: return nil
        case .placement: return isShort ? races + " to be listed" : "not listed yet: " + races
        case .inactive: return isShort ? "unlisted: no race in 30 days" : "not listed: no rated race in \(RatingEntry.activeDays) days"
        case .uncertain:
            return isShort
                ? "unlisted: deviation \(entry.deviation)"
                : "not listed yet: deviation \(entry.deviation) (listed under \(Int(RatingEntry.listedDeviation)))"
        }
    }
}
