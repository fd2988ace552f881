/// One seeded 2048 game: the board, its random state, the score and the
/// history that undo walks back. A pure value: no I/O, no clock.
///
/// Every valid move pushes the state on the history and ends with exactly one
/// spawn; an invalid move changes nothing at all, the random state included.
/// Undo restores a pushed state exactly, so undo then the same move spawns the
/// same tile again. Once no move is possible (`isOver`) the game refuses
/// everything: a game record ends there.
public struct Game: Hashable, Sendable {
    /// What the history stores and undo restores.
    public struct State: Hashable, Sendable {
        /// The tiles.
        public var board: Board
        /// The random generator, positioned for the next spawn.
        public var random: SplitMix64
        /// The sum of the values of all tiles made by merges.
        public var score: Int
        /// Valid moves made, net of undos.
        public var moveCount: Int
        /// Whether a tile of at least the target has appeared.
        public var hasWon: Bool

        /// Creates a state.
        public init(board: Board, random: SplitMix64, score: Int, moveCount: Int, hasWon: Bool) {
            self.board = board
            self.random = random
            self.score = score
            self.moveCount = moveCount
            self.hasWon = hasWon
        }
    }

    /// The size and target.
    public let config: GameConfig
    /// The seed the game started from.
    public let seed: Seed
    /// The current state.
    public private(set) var state: State
    /// Undos used; never rolled back.
    public private(set) var undoCount = 0
    /// Tiles removed; never rolled back.
    public private(set) var removalCount = 0
    /// Whether no move is possible; the game then refuses every action.
    public private(set) var isOver = false
    /// The tile that appeared last, nil after undo or removal.
    public private(set) var lastSpawn: Spawn?
    private var history: [State] = []

    /// Starts a game: an empty board, then two spawns.
    public init(config: GameConfig = .standard, seed: Seed) {
        self.config = config
        self.seed = seed
        self.state = State(
            board: Board(size: config.size), random: SplitMix64(seed: seed.value),
            score: 0, moveCount: 0, hasWon: false)
        _ = Game.spawn(in: &state)
        lastSpawn = Game.spawn(in: &state)
        isOver = !state.board.canMove
    }

    /// Resumes a game at a given state with an empty history, e.g. to adopt
    /// the server's copy after a divergence.
    public init(config: GameConfig, seed: Seed, state: State, undoCount: Int, removalCount: Int) {
        self.config = config
        self.seed = seed
        self.state = state
        self.undoCount = undoCount
        self.removalCount = removalCount
        self.isOver = !state.board.canMove
    }

    /// The tiles.
    public var board: Board { state.board }
    /// The score.
    public var score: Int { state.score }
    /// Valid moves made, net of undos.
    public var moveCount: Int { state.moveCount }
    /// Whether the target has been reached (and not undone).
    public var hasWon: Bool { state.hasWon }
    /// Whether there is a state to go back to.
    public var canUndo: Bool { !history.isEmpty && !isOver }
    /// The number of states undo can go back through.
    public var historyDepth: Int { history.count }
    /// Assists used: undos plus removals.
    public var assistCount: Int { undoCount + removalCount }

    /// Makes a move: slide, score, one spawn.
    /// - Throws: `.gameOver`, or `.moveChangesNothing` (then nothing changed).
    @discardableResult
    public mutating func move(_ direction: Direction) throws(EngineError) -> MoveReport {
        guard !isOver else { throw .gameOver }
        var next = state
        guard let slide = next.board.slide(direction) else { throw .moveChangesNothing(direction) }
        history.append(state)
        next.score &+= slide.points
        next.moveCount += 1
        let reachedTarget = !next.hasWon && slide.largestMergedExponent >= config.targetExponent
        if reachedTarget { next.hasWon = true }
        let spawn = Game.spawn(in: &next)
        state = next
        lastSpawn = spawn
        isOver = !state.board.canMove
        return MoveReport(points: slide.points, spawn: spawn, reachedTarget: reachedTarget)
    }

    /// Restores the state before the last move or removal.
    /// - Throws: `.gameOver` or `.nothingToUndo`.
    public mutating func undo() throws(EngineError) {
        guard !isOver else { throw .gameOver }
        guard let previous = history.popLast() else { throw .nothingToUndo }
        state = previous
        undoCount += 1
        lastSpawn = nil
        isOver = !state.board.canMove
    }

    /// Empties one occupied cell; spawns nothing and is not a move.
    /// - Throws: `.gameOver`, `.offBoard` or `.emptyCell`.
    public mutating func removeTile(at cell: Cell) throws(EngineError) {
        guard !isOver else { throw .gameOver }
        guard state.board.contains(row: cell.row, column: cell.column) else {
            throw .offBoard(row: cell.row, column: cell.column, size: config.size)
        }
        guard state.board.exponent(row: cell.row, column: cell.column) != 0 else {
            throw .emptyCell(row: cell.row, column: cell.column)
        }
        history.append(state)
        state.board.setExponent(0, row: cell.row, column: cell.column)
        removalCount += 1
        lastSpawn = nil
    }

    /// Applies one entry of a game record.
    public mutating func apply(_ entry: GameLog.Entry) throws(EngineError) {
        switch entry {
        case .move(let direction): try move(direction)
        case .undo: try undo()
        case .remove(let cell): try removeTile(at: cell)
        }
    }

    /// Spawns one tile as the rules say: a cell drawn among the empty ones in
    /// row-major order, then its value (4 one time in ten, else 2). Draws
    /// nothing when the board is full.
    static func spawn(in state: inout State) -> Spawn? {
        let size = state.board.size
        let emptyCount = state.board.emptyCount
        guard emptyCount > 0 else { return nil }
        var remaining = Int(state.random.next() % UInt64(emptyCount))
        let exponent = state.random.next() % 10 == 0 ? 2 : 1
        for row in 0..<size {
            for column in 0..<size where state.board.exponent(row: row, column: column) == 0 {
                if remaining == 0 {
                    state.board.setExponent(exponent, row: row, column: column)
                    return Spawn(cell: Cell(row: row, column: column), value: 1 << exponent)
                }
                remaining -= 1
            }
        }
        preconditionFailure("an empty cell was counted but not found")
    }
}

/// A tile that appeared after a move.
public struct Spawn: Hashable, Sendable {
    /// Where it appeared.
    public var cell: Cell
    /// Its value, 2 or 4.
    public var value: Int
}

/// What a valid move did.
public struct MoveReport: Hashable, Sendable {
    /// The points the move scored.
    public var points: Int
    /// The tile that appeared, nil only if the board was full (never after a valid move).
    public var spawn: Spawn?
    /// Whether this move made the first tile of at least the target.
    public var reachedTarget: Bool
}
