import TileRaceEngine
import TileRaceProtocol

/// The server's copy of a racer's or practice player's game, entry by
/// entry, with its timed record.
struct LiveGame {
    /// The longest sprint: a slower game to 2048 is not one (the Redis
    /// board orders times exactly below 2^23 ms).
    static let maximumSprintTime = 7_200_000

    /// Without assists no undo can come, so the history is dropped this often.
    static let historyTrimInterval = 256

    let seedText: String
    let seed: Seed
    let config: GameConfig
    /// Monotonic ms.
    let startedAt: Int
    private(set) var game: Game
    /// 0 before the first.
    private(set) var lastSeq = 0
    /// Entries since the start or last restart, in timed record notation
    /// (`@` + ms since the previous entry): what a leaderboard entry keeps.
    var appliedLog: String { String(decoding: appliedLogBytes, as: UTF8.self) }
    private var appliedLogBytes: [UInt8] = []
    private(set) var restarts = 0
    let keepsHistory: Bool
    /// Practice only.
    private(set) var pausedAt: Int?
    private(set) var pausedTotal = 0
    /// Only a server-chosen seed can make a sprint.
    let hasServerSeed: Bool
    /// The official time (`elapsed`) when the game's first entry was applied.
    private(set) var firstEntryAt: Int?
    private(set) var lastEntryTime = 0
    private(set) var wasPaused = false
    /// Time from the first entry to the entry that made 2048.
    private(set) var sprintTime: Int?
    /// Whether it is a ghost race (`PRACTICE ... ghost=yes`): never eligible for a board.
    var isGhost = false

    init(seedText: String, seed: Seed, config: GameConfig, startedAt: Int, keepsHistory: Bool, hasServerSeed: Bool) {
        self.seedText = seedText
        self.seed = seed
        self.config = config
        self.startedAt = startedAt
        self.keepsHistory = keepsHistory
        self.hasServerSeed = hasServerSeed
        self.game = Game(config: config, seed: seed)
    }

    /// The official time at `now`: from the start, less the pauses.
    func elapsed(at now: Int) -> Int {
        max(0, (pausedAt ?? now) - startedAt - pausedTotal)
    }

    mutating func pause(at now: Int) {
        if pausedAt == nil { pausedAt = now }
        wasPaused = true
    }

    /// Any entry played while paused resumes the clock too.
    mutating func resume(at now: Int) {
        guard let pausedAt else { return }
        pausedTotal += max(0, now - pausedAt)
        self.pausedAt = nil
    }

    struct Outcome {
        /// The rest of the line is ignored after a finish.
        var finished: FinishReason?
        var failure: (number: Int, entry: GameLog.Entry, error: EngineError)?
    }

    /// Applies entries in order, all at `now` (monotonic ms). Stops after an
    /// entry that reaches the target (if `stopsAtTarget`) or leaves no move,
    /// or at the first entry that does not apply.
    mutating func apply(_ entries: [GameLog.Entry], stopsAtTarget: Bool, at now: Int) -> Outcome {
        defer {
            if !keepsHistory, game.historyDepth >= LiveGame.historyTrimInterval {
                game = Game(config: config, seed: seed, state: game.state, undoCount: game.undoCount, removalCount: game.removalCount)
            }
        }
        let elapsedNow = elapsed(at: now)
        for entry in entries {
            let hadWon = game.hasWon
            do {
                try game.apply(entry)
            } catch {
                return Outcome(finished: nil, failure: (lastSeq + 1, entry, error))
            }
            lastSeq += 1
            let first = firstEntryAt ?? elapsedNow
            firstEntryAt = first
            let time = max(lastEntryTime, elapsedNow - first)
            LiveGame.append(entry, to: &appliedLogBytes)
            appliedLogBytes.append(UInt8(ascii: "@"))
            LineBytes.append(decimal: min(time - lastEntryTime, GameLog.maximumGap), to: &appliedLogBytes)
            lastEntryTime = time
            if game.hasWon, !hadWon { noteWin(at: time) }
            if stopsAtTarget, game.hasWon, !hadWon { return Outcome(finished: .target) }
            if game.isOver { return Outcome(finished: .over) }
        }
        return Outcome()
    }

    private static func append(_ entry: GameLog.Entry, to bytes: inout [UInt8]) {
        switch entry {
        case .move(.left): bytes.append(UInt8(ascii: "L"))
        case .move(.right): bytes.append(UInt8(ascii: "R"))
        case .move(.up): bytes.append(UInt8(ascii: "U"))
        case .move(.down): bytes.append(UInt8(ascii: "D"))
        case .undo, .remove: LineBytes.append(entry.description, to: &bytes)
        }
    }

    /// A sprint: 4x4 to 2048 on the server's seed, no assist, never paused or
    /// restarted, within `maximumSprintTime`.
    private mutating func noteWin(at time: Int) {
        guard config.size == 4, config.target == 2048, hasServerSeed, game.assistCount == 0, !wasPaused, restarts == 0,
            time <= LiveGame.maximumSprintTime
        else { return }
        sprintTime = time
    }

    /// The clock keeps running.
    mutating func restart() {
        game = Game(config: config, seed: seed)
        lastSeq = 0
        appliedLogBytes = []
        restarts += 1
    }

    func acknowledgement(finished: FinishReason?) -> MoveAck {
        MoveAck(
            seq: lastSeq, score: game.score, moves: game.moveCount, largestTile: game.largestTile,
            hasWon: game.hasWon, isOver: game.isOver, finished: finished)
    }

    var sync: GameSync { GameSync(seq: lastSeq, game: game) }

    func finished(milliseconds: Int, dailyDate: String?) -> FinishedGame {
        FinishedGame(
            result: result(milliseconds: milliseconds), log: appliedLog, dailyDate: dailyDate, sprintTime: sprintTime, isGhost: isGhost)
    }

    func result(milliseconds: Int) -> GameResult {
        GameResult(
            score: game.score, largestTile: game.largestTile, moves: game.moveCount, milliseconds: milliseconds,
            size: config.size, target: config.target, assists: game.assistCount, seed: seedText)
    }
}
