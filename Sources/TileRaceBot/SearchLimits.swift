/// How far an expectimax search looks: fixed limits rather than a clock, so
/// that the same board always gets the same move.
public struct SearchLimits: Hashable, Sendable {
    /// Spawns looked at along a line of play (1 or more): each move is
    /// followed by every possible spawn and then by the best reply, so a line
    /// holds `depth + 1` moves; the board after the last one is valued by `Heuristic`.
    public var depth: Int
    /// A line of play less likely than this (the product of its spawn
    /// probabilities) is not searched further: its board is valued at once.
    public var probabilityCutoff: Double

    public init(depth: Int, probabilityCutoff: Double) {
        self.depth = depth
        self.probabilityCutoff = probabilityCutoff
    }
}
