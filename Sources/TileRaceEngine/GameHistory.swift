/// Undo's states, oldest first, kept compact: a state is stored whole now and then, and
/// undo recomputes those in between from the entries (the random state is part of the
/// state). 100,000 entries stay well under 1 MB on any board.
/// Packed segments hold a start state and up to 32 entries (a move in 2 bits, a removal as
/// a bit plus a cell), so a move usually just records its direction and only every 32nd
/// appends to an array (the copy-on-write check would be a large part of a move).
/// Plain states keep one byte per entry and a whole state every 32 entries. A game leaves
/// the packed board only when a tile outgrows it and returns only by undo, so every packed
/// entry is older than every plain one.
struct GameHistory: Sendable {
    /// Entries oldest lowest: a move's `Direction.allCases` index in 2 bits of `moves`, or a
    /// removal (its bit in `removals`, its cell the next in `removalCells` from `firstRemoval`).
    struct Segment: Hashable, Sendable {
        var start: PackedState4x4
        var moves: UInt64
        var removals: UInt32
        var firstRemoval: Int32
        var count: Int
    }

    /// The most entries a segment holds.
    static let segmentCapacity = 32
    /// Plain entries per whole plain state kept.
    static let plainCheckpointInterval = 32

    /// The last segment lives in `lastMoves`, `lastRemovals`, `lastCount`, so recording
    /// a move does not touch the array.
    private var segments: [Segment] = []
    private var lastMoves: UInt64 = 0
    private var lastRemovals: UInt32 = 0
    private var lastCount = 0
    /// The cells of the packed removals (row * 4 + column), oldest first.
    private var removalCells: [UInt8] = []
    /// The number of packed entries.
    private var packedDepth = 0
    /// The plain state before plain entry `k * plainCheckpointInterval`, for each k.
    private var plainCheckpoints: [Game.State] = []
    /// The plain entries: a direction's index (0 to 3), or 4 + row * 8 + column for a removal.
    private var plainEntries: [UInt8] = []

    /// The number of states.
    var count: Int { packedDepth &+ plainEntries.count }

    /// Whether some plain states are left (packed states may be pushed only when not).
    var hasPlainStates: Bool { !plainEntries.isEmpty }

    /// Allocated capacity, so it includes room not used yet.
    var memoryByteCount: Int {
        segments.capacity * MemoryLayout<Segment>.stride + removalCells.capacity
            + plainCheckpoints.capacity * MemoryLayout<Game.State>.stride + plainEntries.capacity
    }

    /// False, recording nothing, when the last segment is full (then call `pushMove`).
    @inline(__always)
    mutating func extendLastSegment(_ direction: Direction) -> Bool {
        guard lastCount > 0, lastCount < GameHistory.segmentCapacity else { return false }
        assert(plainEntries.isEmpty, "a packed state pushed after a plain one")
        packedDepth &+= 1
        lastMoves |= UInt64(direction.index) &<< UInt64(2 &* lastCount)
        lastCount &+= 1
        return true
    }

    /// Records a packed move made from `current` toward `direction` in a new segment.
    @inline(never)
    mutating func pushMove(from current: PackedState4x4, _ direction: Direction) {
        assert(plainEntries.isEmpty, "a packed state pushed after a plain one")
        packedDepth &+= 1
        startSegment(current, moves: UInt64(direction.index), removals: 0)
    }

    /// `cellIndex` is row * 4 + column.
    mutating func pushRemoval(from current: PackedState4x4, cellIndex: Int) {
        assert(plainEntries.isEmpty, "a packed state pushed after a plain one")
        packedDepth &+= 1
        if lastCount > 0, lastCount < GameHistory.segmentCapacity {
            lastRemovals |= 1 &<< UInt32(lastCount)
            lastCount &+= 1
        } else {
            startSegment(current, moves: 0, removals: 1)
        }
        removalCells.append(UInt8(truncatingIfNeeded: cellIndex))
    }

    private mutating func startSegment(_ start: PackedState4x4, moves: UInt64, removals: UInt32) {
        if !segments.isEmpty { storeLastSegment() }
        let firstRemoval = Int32(truncatingIfNeeded: removalCells.count)
        segments.append(Segment(start: start, moves: moves, removals: removals, firstRemoval: firstRemoval, count: 1))
        lastMoves = moves
        lastRemovals = removals
        lastCount = 1
    }

    private mutating func storeLastSegment() {
        let last = segments.count &- 1
        segments[last].moves = lastMoves
        segments[last].removals = lastRemovals
        segments[last].count = lastCount
    }

    /// Records a plain entry made from `state`: a move toward `direction`.
    mutating func push(_ state: Game.State, move direction: Direction) {
        pushPlain(state, entry: UInt8(direction.index))
    }

    /// Records a plain entry made from `state`: the removal of the tile at `cell`.
    mutating func push(_ state: Game.State, removal cell: Cell) {
        pushPlain(state, entry: UInt8(truncatingIfNeeded: 4 &+ cell.row &* 8 &+ cell.column))
    }

    private mutating func pushPlain(_ state: Game.State, entry: UInt8) {
        if plainEntries.count % GameHistory.plainCheckpointInterval == 0 { plainCheckpoints.append(state) }
        plainEntries.append(entry)
    }

    /// Packed states are recomputed with `table` and the game's target.
    mutating func popLast(table: PackedRowTable4x4, target: Int, targetExponent: Int) -> Game.Storage? {
        if !plainEntries.isEmpty {
            plainEntries.removeLast()
            let state = plainState(before: plainEntries.count, targetExponent: targetExponent)
            if plainEntries.count % GameHistory.plainCheckpointInterval == 0 { plainCheckpoints.removeLast() }
            return .plain(state)
        }
        guard let last = segments.last else { return nil }
        packedDepth &-= 1
        lastCount &-= 1
        if (lastRemovals >> UInt32(lastCount)) & 1 == 1 { removalCells.removeLast() }
        if lastCount >= 1 {
            lastMoves &= (1 &<< UInt64(2 &* lastCount)) &- 1
            lastRemovals &= (1 &<< UInt32(lastCount)) &- 1
            return .packed(
                replay(
                    last, moves: lastMoves, removals: lastRemovals, count: lastCount, table: table, target: target,
                    targetExponent: targetExponent))
        }
        segments.removeLast()
        lastMoves = segments.last?.moves ?? 0
        lastRemovals = segments.last?.removals ?? 0
        lastCount = segments.last?.count ?? 0
        return .packed(last.start)
    }

    /// The state after the first `count` entries of a packed segment.
    private func replay(
        _ segment: Segment, moves: UInt64, removals: UInt32, count: Int, table: PackedRowTable4x4, target: Int, targetExponent: Int
    ) -> PackedState4x4 {
        var state = segment.start
        var nextRemoval = Int(segment.firstRemoval)
        for index in 0..<count {
            if (removals >> UInt32(index)) & 1 == 1 {
                state.removeTile(atIndex: Int(removalCells[nextRemoval]))
                nextRemoval &+= 1
                continue
            }
            let direction = Direction.allCases[Int(truncatingIfNeeded: (moves >> UInt64(2 * index)) & 3)]
            let slide = state.board.slid(direction, table: table)
            assert(!slide.outgrows && slide.bits != state.board.bits, "a recorded move no longer applies")
            _ = state.advance(slide, target: target, targetExponent: targetExponent)
        }
        return state
    }

    /// The plain state before plain entry `index`: its checkpoint, then the entries since.
    private func plainState(before index: Int, targetExponent: Int) -> Game.State {
        var state = plainCheckpoints[index / GameHistory.plainCheckpointInterval]
        for entry in plainEntries[(index - index % GameHistory.plainCheckpointInterval)..<index] {
            if entry < 4 {
                let applied = Game.step(&state, Direction.allCases[Int(entry)], targetExponent: targetExponent)
                assert(applied != nil, "a recorded move no longer applies")
            } else {
                let index = Int(entry) &- 4
                state.board.setExponent(0, row: index / 8, column: index % 8)
            }
        }
        return state
    }

    /// Undos only shorten the history, so this avoids any reallocation.
    mutating func reserveCapacity(moves: Int, removals: Int, undos: Int, packed isPacked: Bool) {
        let entries = moves &+ removals
        if isPacked {
            segments.reserveCapacity(segments.count &+ entries / GameHistory.segmentCapacity &+ 1)
            removalCells.reserveCapacity(removalCells.count &+ removals)
        } else {
            plainCheckpoints.reserveCapacity(plainCheckpoints.count &+ entries / GameHistory.plainCheckpointInterval &+ 1)
            plainEntries.reserveCapacity(plainEntries.count &+ entries)
        }
    }

    /// Forgets every state, keeping the memory for reuse.
    mutating func removeAll() {
        segments.removeAll(keepingCapacity: true)
        lastMoves = 0
        lastRemovals = 0
        lastCount = 0
        removalCells.removeAll(keepingCapacity: true)
        packedDepth = 0
        plainCheckpoints.removeAll(keepingCapacity: true)
        plainEntries.removeAll(keepingCapacity: true)
    }

    /// The states, oldest first, all as plain states (slow: for comparisons).
    func states(target: Int, targetExponent: Int) -> [Game.State] {
        var states: [Game.State] = []
        for (position, segment) in segments.enumerated() {
            let isLast = position == segments.count - 1
            let count = isLast ? lastCount : segment.count
            let moves = isLast ? lastMoves : segment.moves
            let removals = isLast ? lastRemovals : segment.removals
            for prefix in 0..<count {
                let state = replay(
                    segment, moves: moves, removals: removals, count: prefix, table: .shared, target: target, targetExponent: targetExponent
                )
                states.append(state.state)
            }
        }
        return states + plainEntries.indices.map { plainState(before: $0, targetExponent: targetExponent) }
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
