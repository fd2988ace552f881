import TileRaceProtocol

/// What the server asks of its leaderboard service (`LeaderboardService`):
/// store a submission, or read a page or a game record.
package enum LeaderboardRequest: Hashable, Sendable {
    /// Store a finished game under a nickname (`SUBMIT`).
    case submit(LeaderboardSubmission)
    /// A page of a board (`TOP`); `today` is the daily board's date when the query names none.
    case top(LeaderboardQuery, today: String)
    /// The entry, with its game log, that a `RECORD` names.
    case record(RecordQuery, today: String)
    /// Whether the store is up (`INFO`).
    case status
    /// Store the operator's ban (replacing one of the same target).
    case ban(BanInfo)
    case unban(BanTarget)
    /// Every ban stored, expired ones too.
    case bans
    /// Take the entry a `REMOVE-ENTRY` names off its board.
    case removeEntry(RemovalOrder, today: String)
    /// Whether a token proves a nickname's claim on `today`, and its
    /// current rating then (`READY token=` in a rated room, and `QUEUE`).
    case proveClaim(nickname: String, token: String?, today: String)
    /// Rate a race that ended in a rated room, and store the new ratings.
    case rate(RatedRace)
    /// Store a player's report (the store numbers it: its id).
    case report(PlayerReport)
    /// The open reports.
    case reports
    /// Close a report.
    case dismiss(id: Int)
    /// Mark a nickname assisted and give its opponents back what they lost to it (`ASSIST`).
    case assist(nickname: String, reason: String)
    case unassist(nickname: String)
    /// Every submission held for review (`REVIEW`); the core keeps only `id`'s when given, and only
    /// `nickname`'s for a player asking for its own (the operator asks for everyone's).
    case held(id: Int?, nickname: String? = nil)
    /// The operator's `APPROVE` (onto its boards) or `REJECT` of a held submission.
    case review(id: Int, isApproved: Bool, reason: String)
}

/// A `SUBMIT` as the core hands it to the leaderboard service: the game, and
/// everything the rules of protocol.md section 10 decide on.
package struct LeaderboardSubmission: Hashable, Sendable {
    /// The finished game, as the server verified it.
    var result: GameResult
    /// The game's record as the server applied it, kept with its entries.
    var log: String?
    /// Today (UTC): the claim's date, and the daily board when `dailyDate` is set.
    var date: String
    var dailyDate: String?
    var nickname: String
    var token: String?
    /// The token a new claim gets (made by the core, so its tests stay seeded).
    var newToken: String
    /// Whether another connection of this server uses the nickname now: an
    /// unclaimed nickname in use is refused (`nickname-taken`).
    var isInUseByAnother: Bool
    /// The sprint time when the game is a sprint (protocol.md section 10.2):
    /// it then goes to the sprint boards too.
    var sprintTime: Int? = nil
    /// The rule of `Plausibility` the game broke: it is then held for review, on no board.
    var heldRule: String? = nil
}
