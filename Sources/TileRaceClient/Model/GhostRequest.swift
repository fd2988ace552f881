import TileRaceProtocol

/// A ghost race waiting for its record: the `RECORD` asked, and where the
/// entry came from (for the title).
struct GhostRequest: Hashable, Sendable {
    var query: RecordQuery
    /// The board in words: `all-time board`, `sprint board`.
    var source: String
}
