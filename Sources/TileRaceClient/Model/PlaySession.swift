import TileRaceEngine

/// One game on screen: the engine's game, its record, its clock and what is
/// drawn over it (animation, removal cursor, end-of-game dialog).
struct PlaySession: Hashable, Sendable {
    /// What kind of game this is.
    enum Mode: Hashable, Sendable {
        /// A solo game; reset draws a new seed.
        case practice
        /// The daily challenge: the seed is the UTC date.
        case daily(date: String)
        /// A race in a room; the server has the official copy.
        case race(room: String)
    }

    /// The kind of game.
    var mode: Mode
    /// The game itself.
    var game: Game
    /// Every action applied, for submission and replay.
    var log = GameLog()
    /// The game's clock.
    var clock = GameClock()
    /// The animation of the last move, while it plays.
    var animation: TileAnimation?
    /// The cell chosen for removal, while choosing (after `x`).
    var removalCursor: Cell?
    /// The end-of-game (or target reached) dialog, when shown.
    var end: EndOfGame?
    /// Whether the game is paused (practice only): the board is hidden, the clock stopped.
    var isPaused = false
    /// Whether the player chose to keep playing after reaching the target.
    var isPlayingOn = false
    /// Whether undo and tile removal are allowed (always in practice).
    var assistsAllowed = true
    /// Actions sent to the server so far in a race (the last sequence number).
    var sequence = 0
    /// Times the board was started again from its seed (races).
    var restarts = 0

    /// A new game.
    init(mode: Mode, game: Game, assistsAllowed: Bool = true) {
        self.mode = mode
        self.game = game
        self.assistsAllowed = assistsAllowed
    }

    /// Whether this is a race.
    var isRace: Bool {
        if case .race = mode { return true }
        return false
    }

    /// Whether the game has been played and is not finished: leaving it loses something.
    var isInProgress: Bool {
        game.moveCount > 0 && !isFinished
    }

    /// Whether the game is over for this player (no moves left, target in a
    /// race, time up, resigned, or submitted).
    var isFinished: Bool {
        guard let end else { return game.isOver }
        return end.stage != .reachedTarget
    }

    /// The record for submission.
    func record(elapsed: Double) -> GameRecord {
        GameRecord(
            seed: game.seed.text, size: game.config.size, target: game.config.target, log: log, elapsed: elapsed)
    }
}

/// The dialog at the end of a game (or when the target is reached in practice).
struct EndOfGame: Hashable, Sendable {
    /// How the game ended.
    enum Outcome: Hashable, Sendable {
        /// The target tile was made.
        case won
        /// No move is possible.
        case noMoves
        /// The race's time limit passed.
        case timeUp
        /// The player gave up the race.
        case resigned
    }

    /// Where the dialog is.
    enum Stage: Hashable, Sendable {
        /// Practice only: the target is reached; keep playing, submit or start anew.
        case reachedTarget
        /// Asking for a nickname to submit under.
        case nickname(TextField)
        /// The submission was sent; waiting for the answer.
        case submitting(nickname: String)
        /// Done: what happened to the submission (or that it was skipped).
        case closed(message: String?, kind: Notice.Kind)
    }

    /// How the game ended.
    var outcome: Outcome
    /// The score at the end.
    var score: Int
    /// The moves at the end.
    var moves: Int
    /// The largest tile.
    var largestTile: Int
    /// The time played, in seconds.
    var elapsed: Double
    /// Undos plus removals used.
    var assists: Int
    /// The target of the game.
    var target: Int
    /// Where the dialog is.
    var stage: Stage
}
