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

    /// Whole seconds waited at `now`.
    func secondsWaited(at now: Int) -> Int { max(0, now - startedAt) / 1000 }
}
