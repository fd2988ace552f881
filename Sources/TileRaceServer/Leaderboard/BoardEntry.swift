import TileRaceProtocol

/// One result on a board. `sequence` breaks score ties (earlier ranks
/// higher). Entries stored before records were kept have no log.
@dynamicMemberLookup
public struct BoardEntry: Hashable, Sendable {
    /// Among all records of the leaderboard, from 1.
    public var sequence: Int
    /// As its owner first gave it.
    public var nickname: String
    public var result: GameResult
    /// UTC `YYYY-MM-DD`.
    public var date: String
    /// Record notation (`LLURZDX03L`, or timed `L@0L@153...`).
    public var log: String?
    /// Milliseconds; only on sprint boards.
    public var sprintTime: Int?

    public init(sequence: Int, nickname: String, result: GameResult, date: String, log: String? = nil, sprintTime: Int? = nil) {
        self.sequence = sequence
        self.nickname = nickname
        self.result = result
        self.date = date
        self.log = log
        self.sprintTime = sprintTime
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<GameResult, Value>) -> Value {
        result[keyPath: keyPath]
    }

    /// Higher score, or same score recorded earlier; on sprint boards lower
    /// time first.
    public func ranks(above other: BoardEntry) -> Bool {
        if let time = sprintTime, let otherTime = other.sprintTime {
            return time != otherTime ? time < otherTime : sequence < other.sequence
        }
        return result.score != other.result.score ? result.score > other.result.score : sequence < other.sequence
    }

    /// A higher score, or a lower sprint time on a sprint board.
    public func beats(_ existing: BoardEntry) -> Bool {
        if let time = sprintTime, let existingTime = existing.sprintTime { return time < existingTime }
        return result.score > existing.result.score
    }
}
