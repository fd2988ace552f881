import TileRaceProtocol

/// A submitted game that broke a rule of `Plausibility`: on no public board
/// until the operator approves it (`APPROVE`), gone once rejected (`REJECT`).
public struct HeldEntry: Hashable, Sendable {
    /// Its record's number: the id that `REVIEW` lists and `APPROVE` and `REJECT` name.
    public var sequence: Int
    /// As its claim shows it.
    public var nickname: String
    public var result: GameResult
    /// UTC `YYYY-MM-DD` of the submission.
    public var date: String
    /// The daily challenge's date, for a daily game.
    public var dailyDate: String?
    /// For a sprint.
    public var sprintTime: Int?
    public var log: String?
    /// The rule broken (`Plausibility.Rule`'s name; kept as text, so a rule a newer server names reads back).
    public var rule: String

    /// The boards it goes to once approved, as a submission's would.
    var boards: [LeaderboardBoardID] {
        var boards: [LeaderboardBoardID] = [.allTime]
        if let dailyDate { boards.append(.daily(dailyDate)) }
        if sprintTime != nil { boards += [.sprint, .sprintDaily(date)] }
        return boards
    }
}
