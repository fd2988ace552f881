import TileRaceEngine

/// What no person does at a keyboard, judged on the server's own time of
/// each move of a game (its timed record): a game that breaks a rule is held
/// for review instead of going on a public board (docs/fair-play.md,
/// protocol.md section 10.3). Only moves count: undo and removal are assists,
/// never on a sprint, and holding the undo key repeats it ~30 times a second.
public enum Plausibility {
    /// The rules, named as `OK SUBMIT ... held=` names them.
    public enum Rule: String, Hashable, Sendable, CaseIterable {
        /// More than `rateMoves` moves within `rateWindowMilliseconds`.
        case rate
        /// A long game whose gaps between moves keep to a beat: a program's metronome.
        case steady

        /// What a player reads: "held for review: <explanation>".
        public var explanation: String {
            switch self {
            case .rate:
                "over \(Plausibility.rateMoves) moves within \(Plausibility.rateWindowMilliseconds / 1000) s, faster than hands play"
            case .steady: "moves at a program's steady pace"
            }
        }
    }

    /// 25 moves a second for 10 s; the fastest hand play sustains about 15.
    public static let rateMoves = 250
    public static let rateWindowMilliseconds = 10_000
    /// Only a game with at least this many gaps between moves is judged steady or not.
    public static let steadyGaps = 300
    /// The share of gaps (in percent) within the tolerance of a whole multiple of the median gap that makes a game steady.
    public static let steadyShare = 90
    /// The tolerance, in percent of the median gap, and at least `steadyMinimumToleranceMilliseconds`.
    public static let steadyTolerancePercent = 10
    public static let steadyMinimumToleranceMilliseconds = 5

    /// The first rule the game breaks, or nil for a game a person could play
    /// (and for an untimed record: the server times every game it keeps).
    public static func judge(_ log: GameLog) -> Rule? {
        guard let times = log.times else { return nil }
        let moves = zip(log.entries, times).compactMap { entry, time in if case .move = entry { time } else { nil } }
        if breaksRate(moves) { return .rate }
        if isSteady(moves) { return .steady }
        return nil
    }

    /// Whether `rateMoves + 1` moves lie within less than the window.
    static func breaksRate(_ times: [Int]) -> Bool {
        guard times.count > rateMoves else { return false }
        return (rateMoves..<times.count).contains { times[$0] - times[$0 - rateMoves] < rateWindowMilliseconds }
    }

    /// Whether the gaps keep to a beat: each within the tolerance of a whole
    /// multiple of the median gap (a program that skips a beat, as when a move
    /// it tried changed nothing, still keeps to it).
    static func isSteady(_ times: [Int]) -> Bool {
        guard times.count > steadyGaps else { return false }
        let gaps = (1..<times.count).map { times[$0] - times[$0 - 1] }
        let median = gaps.sorted()[gaps.count / 2]
        let tolerance = max(steadyMinimumToleranceMilliseconds, median * steadyTolerancePercent / 100)
        let onBeat = gaps.count { gap in
            guard median > 0 else { return gap <= tolerance }
            let beats = max(1, (gap + median / 2) / median)
            return abs(gap - beats * median) <= tolerance
        }
        return onBeat * 100 >= gaps.count * steadyShare
    }
}
