/// `Game.State` on a packed board: 40 bytes per history entry instead of 112.
struct PackedState4x4: Hashable, Sendable {
    var board: PackedBoard4x4
    /// The random generator, positioned for the next spawn.
    var random: SplitMix64
    /// The sum of the values of all tiles made by merges.
    var score: Int
    /// Valid moves made, net of undos.
    var moveCount: Int
    /// Whether a tile of at least the target has appeared.
    var hasWon: Bool
    /// Kept up to date so a move knows it without counting.
    var emptyCount: UInt8
}

extension PackedState4x4 {
    /// An empty board with a zero state, for filling storage.
    static let empty = PackedState4x4(
        board: PackedBoard4x4(bits: 0), random: SplitMix64(seed: 0), score: 0, moveCount: 0, hasWon: false, emptyCount: 16)

    /// Packs a state, or nil when its board is not 4x4 or a tile exceeds 2^15.
    init?(_ state: Game.State) {
        guard let board = PackedBoard4x4(state.board) else { return nil }
        self.board = board
        random = state.random
        score = state.score
        moveCount = state.moveCount
        hasWon = state.hasWon
        emptyCount = UInt8(board.emptyCount)
    }

    var state: Game.State {
        Game.State(board: board.board, random: random, score: score, moveCount: moveCount, hasWon: hasWon)
    }

    /// The spawn is nil only on a full board, never after a valid move.
    struct Advance {
        var spawn: (index: Int, exponent: Int)?
        var emptyCountBeforeSpawn: Int
        var reachedTarget: Bool
    }

    /// The one transition of the packed path; `slide` must change the board and not outgrow.
    @inline(__always)
    mutating func advance(_ slide: PackedBoard4x4.Slide, target: Int, targetExponent: Int) -> Advance {
        board.bits = slide.bits
        score &+= slide.points
        moveCount &+= 1
        var reachedTarget = false
        // A merge making the target scores at least the target: test the board only then.
        if !hasWon, slide.points >= target, board.hasTile(atLeast: targetExponent) {
            hasWon = true
            reachedTarget = true
        }
        let emptyCountBeforeSpawn = Int(emptyCount) &+ slide.merges
        let spawn = board.spawn(using: &random, emptyCount: emptyCountBeforeSpawn)
        emptyCount = UInt8(truncatingIfNeeded: max(emptyCountBeforeSpawn &- 1, 0))
        return Advance(spawn: spawn, emptyCountBeforeSpawn: emptyCountBeforeSpawn, reachedTarget: reachedTarget)
    }

    /// Empties the occupied cell at `index` (row * 4 + column): a removal.
    @inline(__always)
    mutating func removeTile(atIndex index: Int) {
        board.bits &= ~(0xF &<< UInt64(4 &* index))
        emptyCount &+= 1
    }
}
