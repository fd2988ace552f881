import TileRaceEngine
import TileRaceProtocol

/// One game on screen: the engine's game, its clock, its copy on the server,
/// and what is drawn over it (animation, removal cursor, end-of-game dialog).
struct PlaySession: Hashable, Sendable {
    enum Mode: Hashable, Sendable {
        /// A solo game; reset draws a new seed.
        case practice
        /// The daily challenge played offline: the seed is the UTC date.
        case daily(date: String)
        /// A race in a room (the daily challenge too, when connected); the
        /// server has the official copy.
        case race(room: String)
    }

    var mode: Mode
    /// The room of the race this game was, when the connection was lost
    /// during it: the board goes on here only, as a practice game.
    var lostRaceRoom: String?
    var game: Game
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
    /// The copy of a practice game on the server (races are always there).
    var serverCopy = ServerCopy.notStarted
    /// Whether the server said `OK PRACTICE` for this game: until then, a
    /// dropped connection may have lost the `PRACTICE`, and the server's
    /// game is another one.
    var isServerCopyConfirmed = false
    /// The number of the last entry sent to the server (entries count from 1
    /// at the start and after a restart).
    var sequence = 0
    /// Our figures after each entry not yet acknowledged, to compare with `OK MOVE`.
    var expected: [Int: Figures] = [:]
    /// Our board after each entry not yet acknowledged: after a resume, the
    /// server's `RESYNC` must show it for the entries after it to be sent again.
    var boardsAfter: [Int: Board] = [:]
    /// Entries sent and not yet acknowledged, by number: sent again after a
    /// dropped connection is resumed.
    var unacknowledged: [Int: GameLog.Entry] = [:]
    /// Times the board was started again from its seed (races).
    var restarts = 0
    /// The strongest bot's move for the board, as last found (practice only).
    var hint: Hint?
    /// The board a hint is being looked for on, while it is.
    var hintSearch: Board?
    /// Whether a hint was shown in this game: it then cannot be submitted.
    var hasShownHint = false
    /// Whether the game's end was counted in the statistics.
    var isCounted = false
    /// The score after each move (net of undos), with the moves where the
    /// tiles from `firstMarkedTile` up first appeared, for the chart at the end.
    var progress = ChartSeries(label: "score", points: [ChartPoint(x: 0, y: 0)])
    /// The ghost raced in this game, when it is a ghost race (a practice
    /// game on the record's seed, never eligible for a board).
    var ghost: GhostRace?
    /// When the client asked the server to deal this practice game
    /// (`PRACTICE` without a seed), while it waits for the seed: the board
    /// is not shown and no move is taken until `OK PRACTICE` brings it.
    var dealingSince: Int?
    /// Whether the server chose the game's seed (a practice game it dealt):
    /// such a game can be a sprint.
    var hasServerSeed = false
    /// Whether the server's clock was stopped before the game reached its
    /// target: a paused game is never a sprint.
    var wasPausedBeforeTarget = false
    /// Whether `p` was pressed once on a game that can still be a sprint:
    /// the warning is shown, and `p` again pauses.
    var isPauseWarned = false

    /// The smallest best tile marked on the chart (the smaller ones come
    /// too early and too close together to be told apart).
    static let firstMarkedTile = 128
    /// The chart's legend: what is marked, and the horizontal axis.
    static let progressLegend = "new best tile from \(firstMarkedTile) marked · moves"

    init(mode: Mode, game: Game, assistsAllowed: Bool = true) {
        self.mode = mode
        self.game = game
        self.assistsAllowed = assistsAllowed
    }

    /// Adds the game as it stands to `progress`: an undo takes the line back.
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

    var isRace: Bool {
        if case .race = mode { return true }
        return false
    }

    /// Whether entries go to the server: a race, or a practice game mirrored there.
    var sendsEntries: Bool {
        isRace || serverCopy == .active
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

    /// The hint for the board on screen (a hint for an earlier board is stale).
    var currentHint: Hint? {
        hint.flatMap { $0.board == game.board ? $0 : nil }
    }

    /// The game's time at `now` as every part of the screen shows it: the
    /// server's official time once it gave one, else our clock's.
    func milliseconds(at now: Int) -> Int {
        end?.officialMilliseconds ?? clock.elapsed(at: now)
    }

    /// Whether the board is being dealt by the server (`dealingSince`).
    var isDealing: Bool { dealingSince != nil }

    /// Whether this practice game counts as a sprint if it made (or makes)
    /// its target: the server's seed, 4x4 to 2048, no assist, no hint, not a
    /// ghost race, never paused before the target, mirrored on the server.
    var isSprintPractice: Bool {
        guard mode == .practice, ghost == nil, hasServerSeed, !wasPausedBeforeTarget, !hasShownHint else { return false }
        guard game.config.size == 4, game.config.target == 2048, game.assistCount == 0 else { return false }
        return serverCopy == .active || serverCopy == .finished
    }

    /// Whether the game can still become a sprint: pausing it now would
    /// spoil that, so the player is warned first.
    var canStillBeSprint: Bool {
        isSprintPractice && serverCopy == .active && !game.hasWon
    }

    var figures: Figures {
        Figures(score: game.score, moves: game.moveCount, largestTile: game.board.largestValue)
    }
}

/// The figures the server reports after each `MOVE`.
struct Figures: Hashable, Sendable {
    var score: Int
    /// Valid moves, net of undos.
    var moves: Int
    var largestTile: Int
}

/// Where a practice game stands on the server, which must have played it
/// too for it to be submitted.
enum ServerCopy: Hashable, Sendable {
    /// Nothing sent yet: `PRACTICE` goes with the first entry, if connected then.
    case notStarted
    /// `PRACTICE` was sent; every entry follows it.
    case active
    /// The server's copy is finished (no moves left, or resigned): it can be submitted.
    case finished
    /// The game is played here only, for the reason given.
    case localOnly(String)
}

/// The dialog at the end of a game (or when the target is reached in practice).
@dynamicMemberLookup
struct EndOfGame: Hashable, Sendable {
    enum Outcome: Hashable, Sendable {
        /// The target tile was made.
        case won
        case noMoves
        /// The race's time limit passed.
        case timeUp
        /// The player gave up the race.
        case resigned
        /// The ghost of a ghost race reached the target first.
        case lostToGhost
    }

    enum Stage: Hashable, Sendable {
        /// Practice only: the target is reached; keep playing, submit or start anew.
        case reachedTarget
        /// Asking for a nickname to submit under.
        case nickname(TextField)
        /// The submission was sent; waiting for the answer.
        case submitting(nickname: String)
        /// Done: what happened to the submission (or why there is none).
        case closed(message: String?, kind: Notice.Kind)
    }

    var outcome: Outcome
    /// The game's figures at the end, its time by our clock.
    var result: GameResult
    var stage: Stage
    /// The official time from the server, once known (races).
    var officialMilliseconds: Int?
    /// Whether the player closed the dialog to watch the rest of the race.
    var isHidden = false
    /// Whether the nickname box takes typing. The dialog opens with the
    /// submit button focused instead, so keys still held from the game are
    /// not typed into it; `e` (or Enter with no usable nickname) starts editing.
    var isEditingNickname = false

    /// The game's time, one value wherever a dialog shows it: the official
    /// time once the server gave it, else our clock's.
    var time: Int { officialMilliseconds ?? result.milliseconds }

    /// Whether the dialog is done (`Stage.closed`).
    var isClosed: Bool {
        if case .closed = stage { return true }
        return false
    }

    /// The result's figures: `score`, `moves`, `largestTile`, `assists`, `target`, ...
    subscript<Value>(dynamicMember keyPath: KeyPath<GameResult, Value>) -> Value {
        result[keyPath: keyPath]
    }
}
