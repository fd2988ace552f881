import TileRaceEngine
import TileRaceProtocol

/// A game being played entry by entry over the network: the server's copy of
/// a racer's (or a practice player's) game, with the entry numbering of `MOVE`.
struct LiveGame {
    /// Without assists no undo can come, so the history is dropped this often.
    static let historyTrimInterval = 256

    /// The seed text, as sent in `START` or `OK PRACTICE`.
    let seedText: String
    /// The seed.
    let seed: Seed
    /// Size and target.
    let config: GameConfig
    /// When the game's clock started (monotonic milliseconds).
    let startedAt: Int
    /// The game.
    private(set) var game: Game
    /// The number of the last entry applied (0 before the first).
    private(set) var lastSeq = 0
    /// The entries applied since the start or last restart, in record
    /// notation: what a leaderboard entry keeps (at most
    /// `ServerLimits.maximumEntriesPerGame` entries, three bytes at most each).
    private(set) var appliedLog = ""
    /// How many times the game was restarted.
    private(set) var restarts = 0
    /// Whether undo is allowed, so the history must be kept.
    let keepsHistory: Bool
    /// When the clock was paused (practice only), if it is.
    private(set) var pausedAt: Int?
    /// Milliseconds spent paused before `pausedAt`.
    private(set) var pausedTotal = 0

    /// Starts a game.
    init(seedText: String, seed: Seed, config: GameConfig, startedAt: Int, keepsHistory: Bool) {
        self.seedText = seedText
        self.seed = seed
        self.config = config
        self.startedAt = startedAt
        self.keepsHistory = keepsHistory
        self.game = Game(config: config, seed: seed)
    }

    /// The official time at `now`: from the start, less the pauses.
    func elapsed(at now: Int) -> Int {
        max(0, (pausedAt ?? now) - startedAt - pausedTotal)
    }

    /// Stops the clock (practice: `PAUSE`); does nothing when it is stopped.
    mutating func pause(at now: Int) {
        if pausedAt == nil { pausedAt = now }
    }

    /// Starts the clock again (`RESUME`, or any entry played while paused).
    mutating func resume(at now: Int) {
        guard let pausedAt else { return }
        pausedTotal += max(0, now - pausedAt)
        self.pausedAt = nil
    }

    /// What applying a `MOVE` line did.
    struct Outcome {
        /// Set when an entry finished the game (the rest of the line was ignored).
        var finished: FinishReason?
        /// Set when an entry could not be applied: its number, the entry and why.
        var failure: (number: Int, entry: GameLog.Entry, error: EngineError)?
    }

    /// Applies entries in order. Stops after an entry that reaches the target
    /// (when `stopsAtTarget`) or leaves no move, or at the first entry that does
    /// not apply.
    mutating func apply(_ entries: [GameLog.Entry], stopsAtTarget: Bool) -> Outcome {
        defer {
            if !keepsHistory, game.historyDepth >= LiveGame.historyTrimInterval {
                game = Game(config: config, seed: seed, state: game.state, undoCount: game.undoCount, removalCount: game.removalCount)
            }
        }
        for entry in entries {
            let hadWon = game.hasWon
            do {
                try game.apply(entry)
            } catch {
                return Outcome(finished: nil, failure: (lastSeq + 1, entry, error))
            }
            lastSeq += 1
            appliedLog += entry.description
            if stopsAtTarget, game.hasWon, !hadWon { return Outcome(finished: .target) }
            if game.isOver { return Outcome(finished: .over) }
        }
        return Outcome()
    }

    /// Starts again from the seed; the clock keeps running.
    mutating func restart() {
        game = Game(config: config, seed: seed)
        lastSeq = 0
        appliedLog = ""
        restarts += 1
    }

    /// The `OK MOVE` figures.
    func acknowledgement(finished: FinishReason?) -> MoveAck {
        MoveAck(
            seq: lastSeq, score: game.score, moves: game.moveCount, largestTile: game.board.largestValue,
            hasWon: game.hasWon, isOver: game.isOver, finished: finished)
    }

    /// The `RESYNC` state.
    var sync: GameSync { GameSync(seq: lastSeq, game: game) }

    /// The board, row-major tile values.
    var boardValues: [Int] {
        // Row by row into one list (`rows` would make a list per row first: this runs for every PROGRESS).
        let board = game.board
        var values: [Int] = []
        values.reserveCapacity(board.size * board.size)
        for row in 0..<board.size {
            for column in 0..<board.size { values.append(board[row, column]) }
        }
        return values
    }

    /// The verified result of the game, finished `milliseconds` after its start.
    func finished(milliseconds: Int, dailyDate: String?) -> FinishedGame {
        FinishedGame(result: result(milliseconds: milliseconds), log: appliedLog, dailyDate: dailyDate)
    }

    /// The game's figures now, `milliseconds` after its start.
    func result(milliseconds: Int) -> GameResult {
        GameResult(
            score: game.score, largestTile: game.board.largestValue, moves: game.moveCount, milliseconds: milliseconds,
            size: config.size, target: config.target, assists: game.assistCount, seed: seedText)
    }
}
