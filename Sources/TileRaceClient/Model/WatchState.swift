import TileRaceEngine
import TileRaceProtocol

/// A record played back: a leaderboard entry's (`RECORD`) or a local one. Stepping back replays from the start.
/// A timed record (protocol.md 9.8) plays at its real pace, faster with `+`; an untimed one at a fixed pace.
struct WatchState: Hashable, Sendable {
    enum Status: Hashable, Sendable {
        case loading
        case failed(String)
        case ready
    }

    /// Entries per second; the last is one per frame (ticks every 16 ms then).
    static let speeds = [1, 2, 4, 8, 15, 30, 60]
    static let startingSpeedIndex = 2

    /// E.g. `ana · all-time board · rank 1`.
    var title: String
    /// The figures the replay must end with, for an entry's record.
    var expected: GameResult?
    var status = Status.loading
    var entries: [GameLog.Entry] = []
    /// Nil until the record arrives.
    var game: Game?
    var position = 0
    /// A local record may have entries that do not apply.
    var skipped = 0
    var isPaused = false
    var speedIndex = WatchState.startingSpeedIndex
    /// Monotonic milliseconds.
    var nextStepAt = 0
    var animation: TileAnimation?
    /// Empty when the replay matches.
    var differences: [String] = []
    /// Nil quits (a record watched from the command line).
    var returnScreen: Screen?
    /// Milliseconds since the first entry; nil for an untimed record.
    var times: [Int]?
    /// In the record's milliseconds (the running time shown).
    var playedTime = 0
    /// Monotonic milliseconds.
    var lastTickAt = 0

    /// For a timed record, a multiple of the real pace.
    var speed: Int { WatchState.speeds[speedIndex] }

    var isTimed: Bool { times != nil }

    var runningTime: Int { min(playedTime, times?.last ?? 0) }

    var stepMilliseconds: Int { 1000 / speed }

    var isAtEnd: Bool { position >= entries.count }

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

    /// With its slide when `animated`.
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

    /// Running time moves on at `speed` times real pace (unless paused); due entries play, the last slides.
    mutating func playTimed(now: Int, animated: Bool) {
        guard let times else { return }
        if !isPaused, !isAtEnd { playedTime += max(0, now - lastTickAt) * speed }
        lastTickAt = now
        while !isAtEnd, times[position] <= playedTime {
            let isLastDue = position + 1 >= times.count || times[position + 1] > playedTime
            stepForward(now: now, animated: animated && isLastDue)
        }
    }

    /// Replayed from the start, without a slide.
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
