/// `Game.State` with a packed 4x4 board: what the fast path plays on and
/// what its history stores (40 bytes per entry instead of 112).
struct PackedState4x4: Hashable, Sendable {
    /// The tiles.
    var board: PackedBoard4x4
    /// The random generator, positioned for the next spawn.
    var random: SplitMix64
    /// The sum of the values of all tiles made by merges.
    var score: Int
    /// Valid moves made, net of undos.
    var moveCount: Int
    /// Whether a tile of at least the target has appeared.
    var hasWon: Bool
    /// The number of empty cells of `board`, kept up to date so that a move
    /// knows it without counting (see `PackedBoard4x4.spawn`).
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

    /// The same state with a plain `Board`.
    var state: Game.State {
        Game.State(board: board.board, random: random, score: score, moveCount: moveCount, hasWon: hasWon)
    }
}
