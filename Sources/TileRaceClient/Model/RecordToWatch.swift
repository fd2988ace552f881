import TileRaceEngine
import TileRaceProtocol

/// A game record to play back as the client starts (`tilerace replay --watch`):
/// the game, its log, a title, and the figures it must end with if known.
public struct RecordToWatch: Hashable, Sendable {
    public var seed: Seed
    public var config: GameConfig
    public var log: GameLog
    /// The title line, e.g. `ana · all-time board · rank 1` or `seed 42`.
    public var title: String
    /// The figures the replay must end with (a leaderboard entry's), if any.
    public var expected: GameResult?

    public init(seed: Seed, config: GameConfig, log: GameLog, title: String, expected: GameResult?) {
        self.seed = seed
        self.config = config
        self.log = log
        self.title = title
        self.expected = expected
    }
}
