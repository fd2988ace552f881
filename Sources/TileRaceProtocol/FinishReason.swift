/// Why a racer finished.
public enum FinishReason: String, CaseIterable, Hashable, Sendable {
    /// Reached the target tile.
    case target
    /// No move was left.
    case over
    /// Gave up (`RESIGN`).
    case resigned
    /// Left the room or lost the connection.
    case left
    /// The room's time limit passed.
    case time
}
