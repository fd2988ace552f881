import TileRaceEngine

/// The `RESYNC` event: the server's copy of a player's game, to adopt after a divergence.
public struct GameSync: FieldsRepresentable {
    /// The last entry the server applied; the next `MOVE` starts at `seq + 1`.
    public var seq: Int
    /// Row-major tile values.
    public var board: [Int]
    /// Score.
    public var score: Int
    /// Valid moves, net of undos.
    public var moves: Int
    /// Largest tile.
    public var largestTile: Int
    /// Whether the target was reached.
    public var hasWon: Bool
    /// Whether no move is possible.
    public var isOver: Bool
    /// Undos used.
    public var undos: Int
    /// Tiles removed.
    public var removals: Int
    /// The random generator's state.
    public var randomState: UInt64

    /// Creates a sync message.
    public init(
        seq: Int, board: [Int], score: Int, moves: Int, largestTile: Int, hasWon: Bool, isOver: Bool,
        undos: Int, removals: Int, randomState: UInt64
    ) {
        self.seq = seq
        self.board = board
        self.score = score
        self.moves = moves
        self.largestTile = largestTile
        self.hasWon = hasWon
        self.isOver = isOver
        self.undos = undos
        self.removals = removals
        self.randomState = randomState
    }

    /// The server's view of a game after entry `seq`.
    public init(seq: Int, game: Game) {
        self.init(
            seq: seq, board: game.board.rows.flatMap { $0 }, score: game.score, moves: game.moveCount,
            largestTile: game.largestTile, hasWon: game.hasWon, isOver: game.isOver,
            undos: game.undoCount, removals: game.removalCount, randomState: game.state.random.state)
    }

    /// The game this state describes, with an empty undo history.
    public func makeGame(config: GameConfig, seed: Seed) throws(ProtocolError) -> Game {
        guard board.count == config.size * config.size else {
            throw ProtocolError(.badArguments, "RESYNC board has \(board.count) cells, expected \(config.size * config.size)")
        }
        let boardValue: Board
        do {
            boardValue = try Board(rows: BoardField.rows(board))
        } catch {
            throw ProtocolError(.badArguments, error.message)
        }
        let state = Game.State(
            board: boardValue, random: SplitMix64(seed: randomState), score: score, moveCount: moves, hasWon: hasWon)
        return Game(config: config, seed: seed, state: state, undoCount: undos, removalCount: removals)
    }

    public init(fields: Fields) throws(ProtocolError) {
        let rngText = try fields.string("rng")
        guard rngText.utf8.count == 16, let random = UInt64(rngText, radix: 16) else {
            throw ProtocolError(.badArguments, "rng=\(TextFilter.quoted(rngText)) is not 16 hexadecimal digits")
        }
        self.init(
            seq: try fields.integer("seq"), board: try BoardField.decode(try fields.string("board")),
            score: try fields.integer("score"), moves: try fields.integer("moves"),
            largestTile: try fields.integer("max"), hasWon: try fields.bool("won"), isOver: try fields.bool("over"),
            undos: try fields.integer("undos"), removals: try fields.integer("removals"), randomState: random)
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("seq", seq)
        fields.append("board", BoardField.encode(board))
        fields.append("score", score)
        fields.append("moves", moves)
        fields.append("max", largestTile)
        fields.append("won", hasWon)
        fields.append("over", isOver)
        fields.append("undos", undos)
        fields.append("removals", removals)
        let hex = String(randomState, radix: 16)
        fields.append("rng", String(repeating: "0", count: 16 - hex.count) + hex)
        return fields
    }
}
