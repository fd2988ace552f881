import TileRaceEngine

extension Direction {
    /// The way tiles slide.
    var arrow: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        }
    }

    var name: String { "\(self)" }
}
