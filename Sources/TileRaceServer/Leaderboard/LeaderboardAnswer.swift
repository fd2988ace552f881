import TileRaceProtocol

package enum LeaderboardAnswer: Hashable, Sendable {
    /// Stored durably; `warnings` (a failed compaction) go to the log.
    case submitted(SubmitReceipt, warnings: [String])
    case page([LeaderboardEntry], TopSummary)
    case record(BoardEntry?)
    /// In no particular order.
    case bans([BanInfo])
    /// `found`: the ban, entry or report existed (always true for `ban` and `report`).
    case moderated(found: Bool)
    /// A rule refused it (wrong token, nickname in use); nothing changed.
    case refused(ProtocolError)
    /// Nothing changed. `reason` is for the log (nil when the service logged
    /// the outage itself).
    case failed(ProtocolError, reason: String?)
    /// Up: Redis answers, or the data directory's last write succeeded.
    case status(isUp: Bool)
    /// Stored; changes in the race's order.
    case rated([RatingChange])
    case ratingPage([RatingEntry], TopSummary)
    /// The claim is proven; the rating is aged to the day asked (a newcomer's
    /// when none).
    case provenRating(Glicko2.Rating)
    /// The open reports, by id.
    case reports([PlayerReport])
    /// `ASSIST` stored: `refunded` opponents given back `points` millionths of rating
    /// points in all; `isNew` false when it was marked already.
    case assisted(refunded: Int, points: Int, isNew: Bool)
    /// Held submissions, oldest first.
    case held([HeldEntry])
}
