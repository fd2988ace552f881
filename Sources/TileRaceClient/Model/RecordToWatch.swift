import TileRaceEngine
import TileRaceProtocol

/// A record to play back at start (`tilerace replay --watch`).
public struct RecordToWatch: Hashable, Sendable {
    public var seed: Seed
    public var config: GameConfig
    public var log: GameLog
    /// E.g. `ana · all-time board · rank 1` or `seed 42`.
    public var title: String
    /// A leaderboard entry's, if any.
    public var expected: GameResult?

    public init(seed: Seed, config: GameConfig, log: GameLog, title: String, expected: GameResult?) {
        self.seed = seed
        self.config = config
        self.log = log
        self.title = title
        self.expected = expected
    }
}
