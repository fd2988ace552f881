import TileRaceEngine

/// A recorded game on the same seed played back beside the player's, as a live racer is shown.
/// The ghost's clock is the player's: it starts with the first move and stands still when the player's does.
struct GhostRace: Hashable, Sendable {
    /// Four entries a second, for a record without times.
    static let untimedStepMilliseconds = 250
    static let notEligible = "a ghost race is not eligible for any board: its seed was known"

    /// The entry's nickname, or the record file's name.
    var name: String
    /// For the title: `sprint board`, `file ghost.txt`.
    var source: String
    var entries: [GameLog.Entry]
    /// Milliseconds since the first move.
    var times: [Int]
    /// Else the fixed pace.
    var isTimed: Bool
    var game: Game
    var position = 0
    /// Milliseconds since its first move; nil when it never does.
    let targetTime: Int?
    let finalScore: Int

    init(name: String, source: String, seed: Seed, config: GameConfig, log: GameLog) {
        self.name = name
        self.source = source
        entries = log.entries
        isTimed = log.times != nil
        let times = log.times ?? log.entries.indices.map { $0 * GhostRace.untimedStepMilliseconds }
        self.times = times
        game = Game(config: config, seed: seed)
        var end = game
        var targetTime: Int?
        for (index, entry) in log.entries.enumerated() {
            // Skipped, as a replay does.
            try? end.apply(entry)
            if targetTime == nil, end.hasWon { targetTime = times[index] }
        }
        self.targetTime = targetTime
        finalScore = end.score
    }

    /// The record's own.
    var target: Int { game.config.target }

    var isAtEnd: Bool { position >= entries.count }

    var hasReachedTarget: Bool { game.hasWon }

    /// Stops at the entry that makes the target (the race ends there).
    mutating func advance(to elapsed: Int) {
        while position < entries.count, times[position] <= elapsed, !game.hasWon {
            try? game.apply(entries[position])
            position += 1
        }
    }

    /// The player's game starts again too.
    mutating func restart() {
        game = Game(config: game.config, seed: game.seed)
        position = 0
    }

    var racer: RacePlayer {
        let status: RacerStatus =
            hasReachedTarget ? .finished(.target) : isAtEnd ? .finished(.over) : .playing
        return RacePlayer(
            nickname: name + " (ghost)", score: game.score, largestTile: game.board.largestValue, moves: game.moveCount,
            status: status, board: game.board, finishedAfter: hasReachedTarget ? targetTime : nil)
    }

    /// Who won and by how much (time at the target, else points); `reachedTargetAfter` is the player's.
    func verdict(reachedTargetAfter: Int?, score: Int) -> String {
        let ghost = "\(name)'s ghost"
        if let yours = reachedTargetAfter {
            guard let theirs = targetTime else {
                return "you won: \(ghost) never reached \(target) (it ended on \(Format.grouped(finalScore)))"
            }
            if yours == theirs { return "a dead heat: both reached \(target) after \(Format.clock(milliseconds: yours))" }
            return
                "you beat \(ghost) by \(Format.margin(milliseconds: theirs - yours)) (\(Format.clock(milliseconds: yours)) against \(Format.clock(milliseconds: theirs)))"
        }
        if hasReachedTarget, let theirs = targetTime {
            return "\(ghost) reached \(target) first, after \(Format.clock(milliseconds: theirs)); " + points(score, game.score)
        }
        if let theirs = targetTime {
            return "\(ghost) wins: it reaches \(target) after \(Format.clock(milliseconds: theirs))"
        }
        if score == finalScore { return "a tie with \(ghost): both scored \(Format.grouped(score))" }
        return score > finalScore
            ? "you beat \(ghost) by \(Format.grouped(score - finalScore)) points"
            : "\(ghost) wins by \(Format.grouped(finalScore - score)) points"
    }

    private func points(_ score: Int, _ ghostScore: Int) -> String {
        if score == ghostScore { return "you had the same score, \(Format.grouped(score))" }
        let gap = Format.grouped(abs(score - ghostScore))
        return score > ghostScore ? "you were \(gap) points ahead" : "you were \(gap) points behind"
    }
}
