import TileRaceProtocol

/// Waiting in the server's quick race queue (`QUEUE`, protocol.md 5.8):
/// the waiting screen's facts.
struct QuickRaceState: Hashable, Sendable {
    /// When `QUEUE` was sent (the model's clock, milliseconds).
    var startedAt: Int
    /// Whether the server answered `OK QUEUE`.
    var isQueued = false
    /// How many players wait, as the server last said (`OK QUEUE`, `QUEUED`).
    var waiting = 0
    /// Whether the server offered bots (`QUEUED ... offer=bots`).
    var offersBots = false
    /// The player's rating as `OK QUEUE` gave it (nil from an older server).
    var rating: ShownRating?
    /// Whether the connection dropped while waiting: the server forgot the
    /// place, and the client queues again once connected.
    var isConnectionLost = false

    /// Whole seconds waited at `now`.
    func secondsWaited(at now: Int) -> Int { max(0, now - startedAt) / 1000 }
}
