/// A submission held for review, as `REVIEW` lists it (`HELD` item): on no
/// public board until the operator approves it (protocol.md section 10.3).
public struct HeldInfo: FieldsRepresentable {
    /// What `APPROVE` and `REJECT` name.
    public var id: Int
    public var nickname: String
    /// The rule it broke (`Plausibility.Rule`'s name).
    public var rule: String
    /// UTC `YYYY-MM-DD` of the submission.
    public var date: String
    /// The daily challenge's date, for a daily game.
    public var dailyDate: String?
    /// Milliseconds, for a sprint.
    public var sprintTime: Int?
    public var result: GameResult

    public init(id: Int, nickname: String, rule: String, date: String, dailyDate: String?, sprintTime: Int?, result: GameResult) {
        self.id = id
        self.nickname = nickname
        self.rule = rule
        self.date = date
        self.dailyDate = dailyDate
        self.sprintTime = sprintTime
        self.result = result
    }

    public static let blank = HeldInfo(id: 0, nickname: "", rule: "", date: "", dailyDate: nil, sprintTime: nil, result: .blank)
    public static let fieldTable: [Field<HeldInfo>] =
        [
            .integer("id", \.id, in: 1...Int.max), .name("nick", \.nickname), .name("rule", \.rule, as: "rule"), .date("date", \.date),
            .date("daily", \.dailyDate, code: .badArguments), .integer("sprint", \.sprintTime, in: 0...Int.max),
        ] + Field.part(\HeldInfo.result)
}
