/// Fixed limits rather than a clock, so the same board always gets the same move.
public struct SearchLimits: Hashable, Sendable {
    /// Each move is followed by every spawn and the best reply, so a line holds `depth + 1`
    /// moves before `Heuristic` values it.
    public var depth: Int
    /// Probability of a line (product of its spawns) below which its board is valued at once.
    public var probabilityCutoff: Double
}
