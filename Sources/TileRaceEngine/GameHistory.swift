/// The states undo walks back through, oldest first.
///
/// Packed states are kept in segments: a start state and up to 32 moves
/// made from it (2 bits each). The state before each of those moves is a
/// history entry, recomputed on undo by replaying the segment's moves from its
/// start (the rules are deterministic: the random state is part of the state).
/// A move therefore usually just records its direction, and only every 32nd
/// move or a removal appends to an array (an append costs a call into the
/// runtime for the copy-on-write check, a large part of a move otherwise).
/// Undo replays at most 31 moves.
///
/// Plain states (other sizes, or a 4x4 game whose tiles outgrew 4 bits) are
/// stored whole. A game only leaves the packed board when a tile outgrows it
/// and only returns by undo, so every packed entry is older than every plain
/// one, and popping takes the plain ones first.
struct GameHistory: Sendable {
    /// A start state and the moves made from it (the directions' indices in
    /// `Direction.allCases`, 2 bits each, oldest lowest). A segment of no
    /// moves is the state before a removal.
    struct Segment: Hashable, Sendable {
        var start: PackedState4x4
        var moves: UInt64
        var moveCount: Int
    }

    /// The most moves a segment holds.
    static let segmentCapacity = 32

    /// Packed segments, oldest first. The last one's moves are kept in
    /// `lastMoves` and `lastMoveCount`, not in the array, so that recording a
    /// move does not touch the array.
    private var segments: [Segment] = []
    private var lastMoves: UInt64 = 0
    private var lastMoveCount = 0
    /// Plain states, all newer than every packed one.
    private var plain: [Game.State] = []
    /// The number of packed entries.
    private var packedDepth = 0

    /// The number of states.
    var count: Int { packedDepth &+ plain.count }

    /// Whether some plain states are left (packed states may be pushed only when not).
    var hasPlainStates: Bool { !plain.isEmpty }

    /// Records a packed move toward `direction` made from the game's current
    /// state, when that state ends the last segment and the segment has room;
    /// returns false, recording nothing, otherwise (then call `pushMove`).
    @inline(__always)
    mutating func extendLastSegment(_ direction: Direction) -> Bool {
        // A segment with moves ends where the game is (a removal segment does not).
        guard lastMoveCount > 0, lastMoveCount < GameHistory.segmentCapacity else { return false }
        assert(plain.isEmpty, "a packed state pushed after a plain one")
        packedDepth &+= 1
        lastMoves |= UInt64(direction.index) &<< UInt64(2 &* lastMoveCount)
        lastMoveCount &+= 1
        return true
    }

    /// Records a packed move made from `current` toward `direction` in a new segment.
    @inline(never)
    mutating func pushMove(from current: PackedState4x4, _ direction: Direction) {
        assert(plain.isEmpty, "a packed state pushed after a plain one")
        packedDepth &+= 1
        startSegment(current, moves: UInt64(direction.index), moveCount: 1)
    }

    /// Records the packed state before a removal.
    mutating func pushRemoval(from current: PackedState4x4) {
        assert(plain.isEmpty, "a packed state pushed after a plain one")
        packedDepth &+= 1
        startSegment(current, moves: 0, moveCount: 0)
    }

    private mutating func startSegment(_ start: PackedState4x4, moves: UInt64, moveCount: Int) {
        if !segments.isEmpty {
            segments[segments.count &- 1].moves = lastMoves
            segments[segments.count &- 1].moveCount = lastMoveCount
        }
        segments.append(Segment(start: start, moves: moves, moveCount: moveCount))
        lastMoves = moves
        lastMoveCount = moveCount
    }

    /// Adds a plain state.
    mutating func push(_ state: Game.State) {
        plain.append(state)
    }

    /// Removes and returns the newest state, or nil when there is none.
    /// Packed states are recomputed with `table` and the game's target.
    mutating func popLast(table: PackedRowTable4x4, target: Int, targetExponent: Int) -> Game.Storage? {
        if let state = plain.popLast() { return .plain(state) }
        guard let last = segments.last else { return nil }
        packedDepth &-= 1
        if lastMoveCount >= 2 {
            lastMoveCount &-= 1
            lastMoves &= (1 &<< UInt64(2 &* lastMoveCount)) &- 1
            return .packed(
                GameHistory.replay(
                    from: last.start, moves: lastMoves, count: lastMoveCount, table: table, target: target, targetExponent: targetExponent))
        }
        segments.removeLast()
        lastMoves = segments.last?.moves ?? 0
        lastMoveCount = segments.last?.moveCount ?? 0
        return .packed(last.start)
    }

    /// The state after the first `count` moves of a segment.
    private static func replay(
        from start: PackedState4x4, moves: UInt64, count: Int, table: PackedRowTable4x4, target: Int, targetExponent: Int
    ) -> PackedState4x4 {
        var state = start
        for index in 0..<count {
            let direction = Direction.allCases[Int(truncatingIfNeeded: (moves >> UInt64(2 * index)) & 3)]
            let slide = state.board.slid(direction, table: table)
            assert(!slide.outgrows && slide.bits != state.board.bits, "a recorded move no longer applies")
            _ = state.advance(slide, target: target, targetExponent: targetExponent)
        }
        return state
    }

    /// Makes room for a record of `moves` moves, `removals` removals and
    /// `undos` undos without reallocating. Each removal makes a segment and so
    /// may the move after it; an undo may leave a full segment to extend.
    mutating func reserveCapacity(moves: Int, removals: Int, undos: Int, packed isPacked: Bool) {
        if isPacked {
            let most = moves / GameHistory.segmentCapacity &+ 2 &* removals &+ undos &+ 1
            segments.reserveCapacity(segments.count &+ most)
        } else {
            plain.reserveCapacity(plain.count &+ moves &+ removals)
        }
    }

    /// Forgets every state, keeping the memory for reuse.
    mutating func removeAll() {
        segments.removeAll(keepingCapacity: true)
        lastMoves = 0
        lastMoveCount = 0
        packedDepth = 0
        plain.removeAll(keepingCapacity: true)
    }

    /// The states, oldest first, all as plain states (slow: for comparisons).
    func states(target: Int, targetExponent: Int) -> [Game.State] {
        var states: [Game.State] = []
        for (position, segment) in segments.enumerated() {
            let isLast = position == segments.count - 1
            let count = isLast ? lastMoveCount : segment.moveCount
            let moves = isLast ? lastMoves : segment.moves
            for prefix in 0..<max(count, 1) {
                let state = GameHistory.replay(
                    from: segment.start, moves: moves, count: prefix, table: .shared, target: target, targetExponent: targetExponent)
                states.append(state.state)
            }
        }
        return states + plain
    }
}

extension Direction {
    /// The position in `Direction.allCases` (left, right, up, down).
    var index: Int {
        switch self {
        case .left: 0
        case .right: 1
        case .up: 2
        case .down: 3
        }
    }
}
