import TileRaceProtocol

/// A request set aside to run again later, and what it cost (its tokens
/// are taken already). Boxed: a session that holds none keeps a nil
/// reference among the properties every line reads, not the 80 bytes of a
/// `ClientMessage` in its cache lines.
final class PendingRequest {
    /// The request.
    let message: ClientMessage
    /// What it cost when it was admitted.
    let cost: Int

    /// `message`, which cost `cost`.
    init(_ message: ClientMessage, cost: Int) {
        self.message = message
        self.cost = cost
    }
}
