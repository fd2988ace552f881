import TileRaceEngine
import TileRaceProtocol

/// A game record played back on the board (`Screen.watch`): a leaderboard
/// entry's, fetched with `RECORD`, or a local one (`tilerace replay --watch`).
/// The board is the engine's game after `position` entries; stepping back
/// replays the record from the start. A timed record (protocol.md 9.8) plays
/// at its real pace (each entry when the server applied it), faster with
/// `+`, and shows its running time; an untimed one at a fixed pace.
struct WatchState: Hashable, Sendable {
    enum Status: Hashable, Sendable {
        /// Asked the server, waiting for the `LOG` lines.
        case loading
        /// The server had none, or it could not be read.
        case failed(String)
        case ready
    }

    /// The playback speeds, in entries per second; the last is one entry per
    /// drawn frame (the runtime ticks every 16 ms then).
    static let speeds = [1, 2, 4, 8, 15, 30, 60]
    /// The speed a playback starts at.
    static let startingSpeedIndex = 2

    /// Whose game, for the title: `ana · all-time board · rank 1`.
    var title: String
    /// The entry's figures the replay must end with, when it is an entry's.
    var expected: GameResult?
    var status: Status
    var entries: [GameLog.Entry] = []
    /// The game after `position` entries (nil until the record arrives).
    var game: Game?
    /// The entries applied so far.
    var position = 0
    /// Entries that did not apply where they stood (a local record may have them).
    var skipped = 0
    var isPaused = false
    var speedIndex = WatchState.startingSpeedIndex
    /// When the next entry is due (monotonic milliseconds).
    var nextStepAt = 0
    /// The slide of the last entry, while it plays.
    var animation: TileAnimation?
    /// How the replayed end differs from the entry's figures (empty: it matches).
    var differences: [String] = []
    /// The screen Esc returns to; nil quits (a record watched from the command line).
    var returnScreen: Screen?
    /// For a timed record, when each entry was applied (milliseconds since
    /// the game's first entry); nil for an untimed one.
    var times: [Int]?
    /// For a timed record: how far playback has come, in the record's
    /// milliseconds (the running time shown).
    var playedTime = 0
    /// When `playedTime` last moved on (monotonic milliseconds).
    var lastTickAt = 0

    /// A playback waiting for its record.
    init(title: String, expected: GameResult?, returnScreen: Screen?) {
        self.title = title
        self.expected = expected
        self.status = .loading
        self.returnScreen = returnScreen
    }

    /// Entries per second now; for a timed record, how many times the real pace.
    var speed: Int { WatchState.speeds[speedIndex] }

    /// Whether the record says when each entry was applied.
    var isTimed: Bool { times != nil }

    /// The running time of a timed record: up to its last entry's time.
    var runningTime: Int { min(playedTime, times?.last ?? 0) }

    /// Milliseconds between two entries now.
    var stepMilliseconds: Int { 1000 / speed }

    /// Whether the last entry has been played.
    var isAtEnd: Bool { position >= entries.count }

    /// Takes the record, checks where it ends against `expected`, and shows its start.
    mutating func load(seed: Seed, config: GameConfig, log: GameLog, now: Int) {
        entries = log.entries
        times = log.times
        playedTime = 0
        lastTickAt = now
        if log.isTimed { speedIndex = 0 }
        let end = Replay.run(seed: seed, config: config, log: log)
        differences = expected?.differences(from: end.game) ?? []
        game = Game(config: config, seed: seed)
        position = 0
        skipped = 0
        status = .ready
        isPaused = false
        nextStepAt = now + stepMilliseconds
    }

    /// Plays the next entry, with its slide when `animated`.
    mutating func stepForward(now: Int, animated: Bool) {
        guard var game, position < entries.count else { return }
        animation = nil
        do {
            if case .move(let direction) = entries[position] {
                let motions = animated ? game.board.motions(for: direction) : []
                let report = try game.move(direction)
                if animated { animation = TileAnimation(motions: motions, spawn: report.spawn, startedAt: now) }
            } else {
                try game.apply(entries[position])
            }
        } catch {
            skipped += 1
        }
        if let times { playedTime = max(playedTime, times[position]) }
        position += 1
        self.game = game
    }

    /// A timed record's playback at `now`: the running time moves on (at
    /// `speed` times the real pace, unless paused) and every entry due by
    /// then plays, the last with its slide when `animated`.
    mutating func playTimed(now: Int, animated: Bool) {
        guard let times else { return }
        if !isPaused, !isAtEnd { playedTime += max(0, now - lastTickAt) * speed }
        lastTickAt = now
        while !isAtEnd, times[position] <= playedTime {
            let isLastDue = position + 1 >= times.count || times[position + 1] > playedTime
            stepForward(now: now, animated: animated && isLastDue)
        }
    }

    /// Shows the game after `target` entries (replayed from the start), without a slide.
    mutating func jump(to target: Int) {
        guard let current = game else { return }
        let target = min(max(0, target), entries.count)
        let result = Replay.run(seed: current.seed, config: current.config, log: GameLog(Array(entries.prefix(target))))
        game = result.game
        skipped = result.invalidCount
        position = target
        animation = nil
        if let times { playedTime = target > 0 ? times[target - 1] : 0 }
    }
}
