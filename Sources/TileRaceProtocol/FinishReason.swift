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

    /// Standings rank groups first: a racer who gave up never ranks above one who played on.
    public enum Group: Int, Comparable, Hashable, Sendable {
        /// Reached the target: first, in the order they reached it.
        case reachedTarget
        /// Played to the end, or (provisional order) still racing: ranked by score.
        case playedOn
        /// Resigned or left: last, by score.
        case gaveUp

        public static func < (left: Group, right: Group) -> Bool { left.rawValue < right.rawValue }
    }

    public var group: Group {
        switch self {
        case .target: .reachedTarget
        case .over, .time: .playedOn
        case .resigned, .left: .gaveUp
        }
    }
}
