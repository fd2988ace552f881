import TileRaceEngine

/// A move as the screen writes it: an arrow and a word.
extension Direction {
    /// An arrow pointing the way tiles slide.
    var arrow: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        }
    }

    var name: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        }
    }
}
