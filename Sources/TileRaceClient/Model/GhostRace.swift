import TileRaceEngine

/// A ghost race: the player's game raced against a recorded game on the same
/// seed (a leaderboard entry's, or a local record), whose board is played
/// back beside the player's at its recorded pace, as a live racer is shown.
///
/// The ghost's clock is the player's: it starts with the player's first
/// move and stands still while the player's does (paused, a question on
/// screen). A timed record plays each entry at its recorded time since its
/// first move; an untimed one plays one entry every
/// `untimedStepMilliseconds`. The race ends when either reaches the target.
struct GhostRace: Hashable, Sendable {
    /// The pace of a record without times: four entries a second.
    static let untimedStepMilliseconds = 250
    /// Why a ghost race never goes on a board, as the end dialog says it.
    static let notEligible = "a ghost race is not eligible for any board: its seed was known"

    /// Whose record: the entry's nickname, or the record file's name.
    var name: String
    /// Where the record came from, for the title: `sprint board`, `file ghost.txt`.
    var source: String
    /// The record's entries.
    var entries: [GameLog.Entry]
    /// When each entry plays, in milliseconds since the first move.
    var times: [Int]
    /// Whether the times are the record's own (else the fixed pace).
    var isTimed: Bool
    /// The ghost's game after `position` entries.
    var game: Game
    /// The entries played so far.
    var position = 0
    /// When the record reaches the target (milliseconds since its first
    /// move); nil when it never does.
    let targetTime: Int?
    let finalScore: Int

    /// A ghost at the start of its record.
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
            // An entry that does not apply where it stands is skipped, as a replay does.
            try? end.apply(entry)
            if targetTime == nil, end.hasWon { targetTime = times[index] }
        }
        self.targetTime = targetTime
        finalScore = end.score
    }

    /// The target of the race: the record's own.
    var target: Int { game.config.target }

    /// Whether every entry was played.
    var isAtEnd: Bool { position >= entries.count }

    /// Whether the ghost made the target tile.
    var hasReachedTarget: Bool { game.hasWon }

    /// Plays the entries due by `elapsed` milliseconds since the first move,
    /// stopping at the one that makes the target (the race ends there).
    mutating func advance(to elapsed: Int) {
        while position < entries.count, times[position] <= elapsed, !game.hasWon {
            try? game.apply(entries[position])
            position += 1
        }
    }

    /// Back to the start of the record (the player's game starts again too).
    mutating func restart() {
        game = Game(config: game.config, seed: game.seed)
        position = 0
    }

    /// The ghost as a racer in the race panel.
    var racer: RacePlayer {
        let status: RacerStatus =
            hasReachedTarget ? .finished(.target) : isAtEnd ? .finished(.over) : .playing
        return RacePlayer(
            nickname: name + " (ghost)", score: game.score, largestTile: game.board.largestValue, moves: game.moveCount,
            status: status, board: game.board, finishedAfter: hasReachedTarget ? targetTime : nil)
    }

    /// The standings in one line, once the race is over: who won and by how
    /// much (the time between the two at the target, else the points).
    /// `reachedTargetAfter` is the player's time at the target, if they made it.
    func verdict(reachedTargetAfter: Int?, score: Int) -> String {
        let ghost = "\(name)'s ghost"
        if let yours = reachedTargetAfter {
            guard let theirs = targetTime else {
                return "you won: \(ghost) never reached \(target) (it ended on \(Format.grouped(finalScore)))"
            }
            if yours == theirs { return "a dead heat: both reached \(target) after \(Format.sprint(milliseconds: yours))" }
            return
                "you beat \(ghost) by \(Format.margin(milliseconds: theirs - yours)) (\(Format.sprint(milliseconds: yours)) against \(Format.sprint(milliseconds: theirs)))"
        }
        if hasReachedTarget, let theirs = targetTime {
            return "\(ghost) reached \(target) first, after \(Format.sprint(milliseconds: theirs)); " + points(score, game.score)
        }
        if let theirs = targetTime {
            return "\(ghost) wins: it reaches \(target) after \(Format.sprint(milliseconds: theirs))"
        }
        if score == finalScore { return "a tie with \(ghost): both scored \(Format.grouped(score))" }
        return score > finalScore
            ? "you beat \(ghost) by \(Format.grouped(score - finalScore)) points"
            : "\(ghost) wins by \(Format.grouped(finalScore - score)) points"
    }

    /// The player's score against the ghost's, in words.
    private func points(_ score: Int, _ ghostScore: Int) -> String {
        if score == ghostScore { return "you had the same score, \(Format.grouped(score))" }
        let gap = Format.grouped(abs(score - ghostScore))
        return score > ghostScore ? "you were \(gap) points ahead" : "you were \(gap) points behind"
    }
}
