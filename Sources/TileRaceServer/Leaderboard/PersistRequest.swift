/// Records the core needs stored before it answers `OK SUBMIT`.
///
/// After one request of a `generation` fails, later ones of it fail too
/// unwritten, since each was computed on top of the failed records.
struct PersistRequest: Hashable, Sendable {
    /// Identifies the request in its completion.
    var id: Int
    /// The generation it belongs to.
    var generation: Int
    /// The records, in order.
    var records: [LeaderboardRecord]
}
