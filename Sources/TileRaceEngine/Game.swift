/// One seeded 2048 game, a pure value (no I/O, no clock). A valid move pushes the state
/// and ends with exactly one spawn; an invalid one changes nothing, the random state
/// included, so undo then the same move spawns the same tile. Once `isOver`, everything
/// is refused: a record ends there.
/// A 4x4 game plays on `PackedBoard4x4` while tiles fit in 4 bits (up to 2^15), and moves
/// to the plain `Board` for good when a merge outgrows it; both give the same results.
public struct Game: Sendable {
    /// What the history stores and undo restores.
    public struct State: Hashable, Sendable {
        public var board: Board
        /// The random generator, positioned for the next spawn.
        public var random: SplitMix64
        /// The sum of the values of all tiles made by merges.
        public var score: Int
        /// Valid moves made, net of undos.
        public var moveCount: Int
        /// Whether a tile of at least the target has appeared.
        public var hasWon: Bool

        public init(board: Board, random: SplitMix64, score: Int, moveCount: Int, hasWon: Bool) {
            self.board = board
            self.random = random
            self.score = score
            self.moveCount = moveCount
            self.hasWon = hasWon
        }
    }

    /// A state in one of the two representations.
    enum Storage: Hashable, Sendable {
        /// A 4x4 board whose tiles all fit in 4 bits.
        case packed(PackedState4x4)
        /// Any board.
        case plain(State)
    }

    public let config: GameConfig
    public private(set) var seed: Seed
    /// Undos used; never rolled back.
    public private(set) var undoCount = 0
    /// Tiles removed; never rolled back.
    public private(set) var removalCount = 0
    /// Whether no move is possible; the game then refuses every action.
    public private(set) var isOver = false
    /// The tile that appeared last, nil after undo or removal.
    public private(set) var lastSpawn: Spawn?
    /// Whether the current state is `packed` (else `plain`).
    private(set) var isPacked = false
    /// The current state while `isPacked`.
    private var packed = PackedState4x4.empty
    /// The current state while not `isPacked`.
    private var plain: State
    private var history = GameHistory()
    /// Whether 4x4 states may use the packed board (false only to test the plain path).
    let usesPackedBoard: Bool
    /// The packed board's table, fetched once rather than on every move.
    private let rowTable = PackedRowTable4x4.shared

    /// Starts a game: an empty board, then two spawns.
    public init(config: GameConfig = .standard, seed: Seed) {
        self.init(config: config, seed: seed, usesPackedBoard: true)
    }

    /// Starts a game, on the plain board only when `usesPackedBoard` is false.
    init(config: GameConfig, seed: Seed, usesPackedBoard: Bool) {
        self.config = config
        self.seed = seed
        self.usesPackedBoard = usesPackedBoard
        plain = State(board: Board(size: config.size), random: SplitMix64(seed: 0), score: 0, moveCount: 0, hasWon: false)
        start()
    }

    /// E.g. to adopt the server's copy after a divergence.
    public init(config: GameConfig, seed: Seed, state: State, undoCount: Int, removalCount: Int) {
        self.init(config: config, seed: seed, state: state, undoCount: undoCount, removalCount: removalCount, usesPackedBoard: true)
    }

    /// Resumes a game, on the plain board only when `usesPackedBoard` is false.
    init(config: GameConfig, seed: Seed, state: State, undoCount: Int, removalCount: Int, usesPackedBoard: Bool) {
        self.config = config
        self.seed = seed
        self.usesPackedBoard = usesPackedBoard
        self.plain = state
        self.undoCount = undoCount
        self.removalCount = removalCount
        store(state)
        isOver = !state.board.canMove
    }

    /// As `Game(config:seed:)`, but reusing the history's memory (no allocation in a loop of games).
    public mutating func restart(seed: Seed) {
        self.seed = seed
        history.removeAll()
        start()
    }

    private mutating func start() {
        undoCount = 0
        removalCount = 0
        var state = State(
            board: Board(size: config.size), random: SplitMix64(seed: seed.value),
            score: 0, moveCount: 0, hasWon: false)
        _ = Game.spawn(in: &state)
        lastSpawn = Game.spawn(in: &state)
        store(state)
        isOver = !state.board.canMove
    }

    /// Makes `state` current, packed when allowed and possible.
    private mutating func store(_ state: State) {
        if usesPackedBoard, let packedState = PackedState4x4(state) {
            packed = packedState
            isPacked = true
        } else {
            plain = state
            isPacked = false
        }
    }

    public var state: State { isPacked ? packed.state : plain }
    public var board: Board { isPacked ? packed.board.board : plain.board }
    /// Without making a `Board` (the server sends every racer's in `PROGRESS`).
    public var boardValues: [Int] { isPacked ? packed.board.values : plain.board.values }
    /// Without making a `Board` (the server reads it for every move).
    public var largestTile: Int { isPacked ? packed.board.largestValue : plain.board.largestValue }
    public var score: Int { isPacked ? packed.score : plain.score }
    /// Valid moves made, net of undos.
    public var moveCount: Int { isPacked ? packed.moveCount : plain.moveCount }
    /// Whether the target has been reached (and not undone).
    public var hasWon: Bool { isPacked ? packed.hasWon : plain.hasWon }
    public var canUndo: Bool { history.count > 0 && !isOver }
    /// The number of states undo can go back through.
    public var historyDepth: Int { history.count }
    /// Allocated capacity: under 1 MB for 100,000 entries on any board.
    public var historyMemoryByteCount: Int { history.memoryByteCount }
    /// Assists used: undos plus removals.
    public var assistCount: Int { undoCount + removalCount }

    /// - Throws: `.gameOver`, or `.moveChangesNothing` (then nothing changed).
    @discardableResult
    public mutating func move(_ direction: Direction) throws(EngineError) -> MoveReport {
        guard !isOver else { throw .gameOver }
        guard let report = moveIfValid(direction) else { throw .moveChangesNothing(direction) }
        return report
    }

    /// Nil instead of throwing, for search and replay loops where a refused move is routine.
    @inline(__always)
    public mutating func moveIfValid(_ direction: Direction) -> MoveReport? {
        guard !isOver else { return nil }
        if isPacked {
            let slide = packed.board.slid(direction, table: rowTable)
            if !slide.outgrows {
                guard slide.bits != packed.board.bits else { return nil }
                return movePacked(slide, direction)
            }
            widen()
        }
        return movePlain(direction)
    }

    /// Leaves the packed board for good: a merge is about to make a tile above 2^15.
    @inline(never)
    private mutating func widen() {
        plain = packed.state
        isPacked = false
    }

    /// A move on the plain board.
    @inline(never)
    private mutating func movePlain(_ direction: Direction) -> MoveReport? {
        var next = plain
        guard let report = Game.step(&next, direction, targetExponent: config.targetExponent) else { return nil }
        history.push(plain, move: direction)
        plain = next
        lastSpawn = report.spawn
        isOver = !next.board.canMove
        return report
    }

    /// The one transition of the plain path (moves and history replays); nil when nothing changes.
    static func step(_ state: inout State, _ direction: Direction, targetExponent: Int) -> MoveReport? {
        guard let slide = state.board.slide(direction) else { return nil }
        state.score &+= slide.points
        state.moveCount &+= 1
        let reachedTarget = !state.hasWon && slide.largestMergedExponent >= targetExponent
        if reachedTarget { state.hasWon = true }
        let spawn = Game.spawn(in: &state)
        return MoveReport(points: slide.points, spawn: spawn, reachedTarget: reachedTarget)
    }

    /// The move is recorded first: usually that only stores its direction (`GameHistory`).
    @inline(__always)
    private mutating func movePacked(_ slide: PackedBoard4x4.Slide, _ direction: Direction) -> MoveReport {
        if !history.extendLastSegment(direction) { history.pushMove(from: packed, direction) }
        let advance = packed.advance(slide, target: config.target, targetExponent: config.targetExponent)
        let spawn = advance.spawn.map { Spawn(cell: Cell(row: $0.index &>> 2, column: $0.index & 3), value: 1 &<< $0.exponent) }
        // Only a board filled by this spawn can be stuck.
        isOver = advance.emptyCountBeforeSpawn == 1 && !packed.board.hasEqualNeighbours
        lastSpawn = spawn
        return MoveReport(points: slide.points, spawn: spawn, reachedTarget: advance.reachedTarget)
    }

    /// - Throws: `.gameOver` or `.nothingToUndo`.
    public mutating func undo() throws(EngineError) {
        guard !isOver else { throw .gameOver }
        switch history.popLast(table: rowTable, target: config.target, targetExponent: config.targetExponent) {
        case nil:
            throw .nothingToUndo
        case .packed(let state):
            packed = state
            isPacked = true
        case .plain(let state):
            // Back to packed once no plain state is left (a widening move pushed a plain one).
            if history.hasPlainStates {
                plain = state
                isPacked = false
            } else {
                store(state)
            }
        }
        undoCount += 1
        lastSpawn = nil
        // A pushed state always had a valid move (it was followed by a move or a removal).
        isOver = false
    }

    /// Not a move: spawns nothing.
    /// - Throws: `.gameOver`, `.offBoard` or `.emptyCell`.
    public mutating func removeTile(at cell: Cell) throws(EngineError) {
        guard !isOver else { throw .gameOver }
        let board = self.board
        guard board.contains(row: cell.row, column: cell.column) else {
            throw .offBoard(row: cell.row, column: cell.column, size: config.size)
        }
        guard board[cell.row, cell.column] != 0 else { throw .emptyCell(row: cell.row, column: cell.column) }
        if isPacked {
            let index = cell.row &* 4 &+ cell.column
            history.pushRemoval(from: packed, cellIndex: index)
            packed.removeTile(atIndex: index)
        } else {
            history.push(plain, removal: cell)
            plain.board.setExponent(0, row: cell.row, column: cell.column)
        }
        removalCount += 1
        lastSpawn = nil
        // Removing the last tile leaves an empty board, where no move is valid.
        isOver = isPacked ? !packed.board.canMove : !plain.board.canMove
    }

    public mutating func apply(_ entry: GameLog.Entry) throws(EngineError) {
        switch entry {
        case .move(let direction): _ = try move(direction)
        case .undo: try undo()
        case .remove(let cell): try removeTile(at: cell)
        }
    }

    /// Makes room in the history for a record with these entries.
    mutating func reserveHistory(moves: Int, removals: Int, undos: Int) {
        history.reserveCapacity(moves: moves, removals: removals, undos: undos, packed: isPacked)
    }

    /// The rules: a cell drawn among the empty ones in row-major order, then 4 one time
    /// in ten, else 2. Draws nothing on a full board.
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

extension Game: Hashable {
    /// Equal when all they show and all undo can reach are equal, whatever the representation.
    public static func == (lhs: Game, rhs: Game) -> Bool {
        lhs.config == rhs.config && lhs.seed == rhs.seed && lhs.state == rhs.state
            && lhs.undoCount == rhs.undoCount && lhs.removalCount == rhs.removalCount
            && lhs.isOver == rhs.isOver && lhs.lastSpawn == rhs.lastSpawn
            && lhs.history.count == rhs.history.count
            && lhs.history.states(target: lhs.config.target, targetExponent: lhs.config.targetExponent)
                == rhs.history.states(target: rhs.config.target, targetExponent: rhs.config.targetExponent)
    }

    /// Hashes what `==` compares (the history by its depth only).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(config)
        hasher.combine(seed)
        hasher.combine(state)
        hasher.combine(undoCount)
        hasher.combine(removalCount)
        hasher.combine(isOver)
        hasher.combine(lastSpawn)
        hasher.combine(history.count)
    }
}
