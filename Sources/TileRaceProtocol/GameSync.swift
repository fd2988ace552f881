import TileRaceEngine

/// The `RESYNC` event: the server's copy of a player's game, to adopt after a divergence.
public struct GameSync: FieldsRepresentable {
    /// The last entry the server applied; the next `MOVE` starts at `seq + 1`.
    public var seq: Int
    /// Row-major tile values.
    public var board: [Int]
    public var score: Int
    /// Valid moves, net of undos.
    public var moves: Int
    public var largestTile: Int
    public var hasWon: Bool
    public var isOver: Bool
    public var undos: Int
    public var removals: Int
    public var randomState: UInt64

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

    public static let blank = GameSync(
        seq: 0, board: [], score: 0, moves: 0, largestTile: 0, hasWon: false, isOver: false, undos: 0, removals: 0, randomState: 0)
    public static let fieldTable: [Field<GameSync>] = [
        .integer("seq", \.seq), .board("board", \.board), .integer("score", \.score), .integer("moves", \.moves),
        .integer("max", \.largestTile), .bool("won", \.hasWon), .bool("over", \.isOver), .integer("undos", \.undos),
        .integer("removals", \.removals),
        .value(
            "rng", \.randomState,
            encode: { random in
                let hex = String(random, radix: 16)
                return String(repeating: "0", count: 16 - hex.count) + hex
            },
            decode: { text throws(ProtocolError) in
                let text = try Fields.required(text, "rng")
                guard text.utf8.count == 16, let random = UInt64(text, radix: 16) else {
                    throw ProtocolError(.badArguments, "rng=\(TextFilter.quoted(text)) is not 16 hexadecimal digits")
                }
                return random
            }),
    ]
}
