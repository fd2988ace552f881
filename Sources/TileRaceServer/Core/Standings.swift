import TileRaceProtocol

/// A race's final order (protocol.md section 7): target reached, in order;
/// then played to the end; then resigned or left. Ties within the last two:
/// higher score, fewer moves, earlier finish.
enum Standings {
    @dynamicMemberLookup
    struct Finisher: Hashable, Sendable {
        var nickname: String
        var reason: FinishReason
        var result: GameResult
        /// 0 first.
        var order: Int
        var isBot = false

        subscript<Value>(dynamicMember keyPath: KeyPath<GameResult, Value>) -> Value {
            result[keyPath: keyPath]
        }
    }

    static func rank(_ finishers: [Finisher]) -> [Finisher] {
        finishers.sorted { left, right in
            let (leftGroup, rightGroup) = (left.reason.group, right.reason.group)
            if leftGroup != rightGroup { return leftGroup < rightGroup }
            if leftGroup == .reachedTarget { return left.order < right.order }
            if left.score != right.score { return left.score > right.score }
            if left.moves != right.moves { return left.moves < right.moves }
            return left.order < right.order
        }
    }
}
