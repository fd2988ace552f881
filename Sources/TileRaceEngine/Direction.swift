/// One of the four moves: tiles slide toward that side of the board.
public enum Direction: Character, CaseIterable, Hashable, Sendable {
    case left = "L"
    case right = "R"
    case up = "U"
    case down = "D"

    /// The letter of this move in the game-record notation (`L R U D`).
    public var letter: Character { rawValue }
}
