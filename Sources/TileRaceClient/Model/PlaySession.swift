import TileRaceEngine
import TileRaceProtocol

/// One game on screen: the engine's game, its clock, its copy on the server,
/// and what is drawn over it (animation, removal cursor, end-of-game dialog).
struct PlaySession: Hashable, Sendable {
    enum Mode: Hashable, Sendable {
        case practice
        /// The daily challenge played offline: the seed is the UTC date.
        case daily(date: String)
        /// A race in a room; the server has the official copy.
        case race(room: String)
    }

    var mode: Mode
    /// The room of a race whose connection was lost: play goes on here as practice.
    var lostRaceRoom: String?
    var game: Game
    var clock = GameClock()
    var animation: TileAnimation?
    var removalCursor: Cell?
    /// The end-of-game (or target reached) dialog.
    var end: EndOfGame?
    /// Practice only: the board is hidden and the clock stopped.
    var isPaused = false
    var isPlayingOn = false
    /// Whether undo and tile removal are allowed (always in practice).
    var assistsAllowed = true
    /// The practice game's copy on the server (races are always there).
    var serverCopy = ServerCopy.notStarted
    /// Until `OK PRACTICE`, a dropped connection may have lost the `PRACTICE`.
    var isServerCopyConfirmed = false
    /// Entries count from 1 at the start and after a restart.
    var sequence = 0
    /// Figures after each unacknowledged entry, compared with `OK MOVE`.
    var expected: [Int: Figures] = [:]
    /// After a resume, `RESYNC` must show one of these for later entries to be resent.
    var boardsAfter: [Int: Board] = [:]
    /// Resent after a dropped connection is resumed.
    var unacknowledged: [Int: GameLog.Entry] = [:]
    /// Every entry played here, timed from the first move, to save as a recording (`c` once the game is over);
    /// nil once the server's copy replaced our board, when it no longer replays to what is shown.
    var record: GameLog? = GameLog()
    var restarts = 0
    /// The strongest bot's move (practice only).
    var hint: Hint?
    var hintSearch: Board?
    /// A game that showed a hint cannot be submitted.
    var hasShownHint = false
    var isCounted = false
    /// Score after each move (net of undos), marked where tiles from `firstMarkedTile` up first appear.
    var progress = ChartSeries(label: "score", points: [ChartPoint(x: 0, y: 0)])
    /// A ghost race is practice on the record's seed, never eligible for a board.
    var ghost: GhostRace?
    /// While waiting for the server to deal (`PRACTICE` without a seed): no board, no moves.
    var dealingSince: Int?
    /// Only a game the server dealt can be a sprint.
    var hasServerSeed = false
    /// A game paused before its target is never a sprint.
    var wasPausedBeforeTarget = false
    /// `p` was pressed once on a possible sprint: the warning shows; `p` again pauses.
    var isPauseWarned = false

    /// Smaller tiles come too early and too close together to tell apart.
    static let firstMarkedTile = 128
    static let progressLegend = "new best tile from \(firstMarkedTile) marked · moves"

    mutating func recordProgress() {
        let moves = Double(game.moveCount)
        progress.points.removeAll { $0.x > moves }
        progress.marks.removeAll { $0.point.x > moves }
        progress.append(ChartPoint(x: moves, y: Double(game.score)))
        let largest = game.board.largestValue
        if largest >= Self.firstMarkedTile, !progress.marks.contains(where: { $0.text == String(largest) }) {
            let text = String(largest)
            progress.marks.append(ChartMark(point: ChartPoint(x: moves, y: Double(game.score)), text: text, plainText: text))
        }
    }

    var isRace: Bool { if case .race = mode { true } else { false } }

    var sendsEntries: Bool { isRace || serverCopy == .active }

    /// Leaving an in-progress game loses something.
    var isInProgress: Bool { game.moveCount > 0 && !isFinished }

    /// No moves left, target in a race, time up, resigned, or submitted.
    var isFinished: Bool {
        guard let end else { return game.isOver }
        return end.stage != .reachedTarget
    }

    /// A hint for an earlier board is stale.
    var currentHint: Hint? { hint.flatMap { $0.board == game.board ? $0 : nil } }

    /// The server's official time once given, else our clock's.
    func milliseconds(at now: Int) -> Int { end?.officialMilliseconds ?? clock.elapsed(at: now) }

    var isDealing: Bool { dealingSince != nil }

    /// Server seed, 4x4 to 2048, no assist or hint, no ghost, never paused before the target, mirrored.
    var isSprintPractice: Bool {
        guard mode == .practice, ghost == nil, hasServerSeed, !wasPausedBeforeTarget, !hasShownHint else { return false }
        guard game.config.size == 4, game.config.target == 2048, game.assistCount == 0 else { return false }
        return serverCopy == .active || serverCopy == .finished
    }

    /// Pausing now would spoil the sprint, so the player is warned first.
    var canStillBeSprint: Bool { isSprintPractice && serverCopy == .active && !game.hasWon }

    var figures: Figures { Figures(score: game.score, moves: game.moveCount, largestTile: game.board.largestValue) }
}

struct Figures: Hashable, Sendable {
    var score: Int
    /// Valid moves, net of undos.
    var moves: Int
    var largestTile: Int
}

/// The server must have played a practice game too for it to be submitted.
enum ServerCopy: Hashable, Sendable {
    /// Nothing sent yet: `PRACTICE` goes with the first entry, if connected then.
    case notStarted
    case active
    case finished
    /// The game is played here only, for the reason given.
    case localOnly(String)
}

/// The dialog at the end of a game (or when the target is reached in practice).
@dynamicMemberLookup
struct EndOfGame: Hashable, Sendable {
    enum Outcome: Hashable, Sendable {
        case won
        case noMoves
        case timeUp
        case resigned
        case lostToGhost
    }

    enum Stage: Hashable, Sendable {
        /// Practice only: the target is reached; keep playing, submit or start anew.
        case reachedTarget
        case nickname(TextField)
        case submitting(nickname: String)
        case closed(message: String?, kind: Notice.Kind)
    }

    var outcome: Outcome
    /// Its time by our clock.
    var result: GameResult
    var stage: Stage
    var officialMilliseconds: Int?
    /// Whether the player closed the dialog to watch the rest of the race.
    var isHidden = false
    /// The dialog opens with submit focused so keys held from the game are not typed in; `e` edits.
    var isEditingNickname = false

    /// The official time once given, else our clock's.
    var time: Int { officialMilliseconds ?? result.milliseconds }

    var isClosed: Bool { if case .closed = stage { true } else { false } }

    var isSubmitting: Bool { if case .submitting = stage { true } else { false } }

    /// `score`, `moves`, `largestTile`, `assists`, `target`, ...
    subscript<Value>(dynamicMember keyPath: KeyPath<GameResult, Value>) -> Value {
        result[keyPath: keyPath]
    }
}

/// The strongest bot's move (practice only).
struct Hint: Hashable, Sendable {
    /// Once the board changes, the hint is stale.
    var board: Board
    /// Nil when no move is left.
    var direction: Direction?
}
