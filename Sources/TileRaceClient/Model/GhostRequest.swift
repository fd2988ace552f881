import TileRaceProtocol

/// A ghost race waiting for its `RECORD`, and where the entry came from.
struct GhostRequest: Hashable, Sendable {
    var query: RecordQuery
    /// `all-time board`, `sprint board`.
    var source: String
}
