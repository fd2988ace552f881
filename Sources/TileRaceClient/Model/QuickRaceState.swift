import TileRaceProtocol

/// The waiting screen for `QUEUE` (protocol.md 5.8).
struct QuickRaceState: Hashable, Sendable {
    /// The model's clock, milliseconds.
    var startedAt: Int
    var isQueued = false
    /// As last said (`OK QUEUE`, `QUEUED`).
    var waiting = 0
    /// `QUEUED ... offer=bots`.
    var offersBots = false
    /// From `OK QUEUE`; nil from an older server.
    var rating: ShownRating?
    /// The server forgot the place; we queue again once connected.
    var isConnectionLost = false

    func secondsWaited(at now: Int) -> Int { max(0, now - startedAt) / 1000 }
}
