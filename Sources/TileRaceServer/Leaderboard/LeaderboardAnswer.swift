import TileRaceProtocol

/// How a `LeaderboardRequest` ended.
package enum LeaderboardAnswer: Hashable, Sendable {
    /// The submission is stored durably; `warnings` (a compaction that failed)
    /// did not prevent it and go to the log.
    case submitted(SubmitReceipt, warnings: [String])
    /// A page of a board and its summary.
    case page([LeaderboardEntry], TopSummary)
    /// The entry a `RECORD` names, or nil.
    case record(BoardEntry?)
    /// The bans stored (`bans`), in no particular order.
    case bans([BanInfo])
    /// `found`: the ban or entry existed (always true for `ban`).
    case moderated(found: Bool)
    /// The request breaks a rule (a wrong token, a nickname in use): answer
    /// with this error; nothing changed.
    case refused(ProtocolError)
    /// Nothing changed. `reason` is for the log (nil when the service logged
    /// the outage itself).
    case failed(ProtocolError, reason: String?)
    /// Whether the store is up (`INFO`): a Redis store that answers, a data
    /// directory whose last write succeeded.
    case status(isUp: Bool)
    /// The rated race's new ratings are stored: each racer's change, in the race's order.
    case rated([RatingChange])
    /// A page of the rating board and its summary.
    case ratingPage([RatingEntry], TopSummary)
    /// The claim is proven; the rating is aged to the day asked (a newcomer's
    /// when none).
    case provenRating(Glicko2.Rating)
}
