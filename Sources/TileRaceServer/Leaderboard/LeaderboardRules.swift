import TileRaceProtocol

/// The errors every leaderboard service answers alike, so the stores cannot
/// drift apart in what players read.
enum LeaderboardRules {
    /// An unclaimed nickname that another connection uses now.
    static func nicknameInUse(_ nickname: String) -> ProtocolError {
        ProtocolError(.nicknameTaken, "\(nickname) is the nickname of a player connected now; only they can claim it")
    }

    /// A claimed nickname submitted without its token, or with another.
    static func badToken(_ nickname: String, tokenGiven: Bool) -> ProtocolError {
        ProtocolError(.badToken, "the nickname \(nickname) is claimed; " + (tokenGiven ? "that is not its token" : "give its token="))
    }

    /// Worded for `READY`; the core rewords it for `QUEUE`
    /// (`ServerCore.claimRefusal`).
    static func unclaimed(_ nickname: String, then verb: String = "READY") -> ProtocolError {
        ProtocolError(
            .notEligible,
            "rated races are for claimed nicknames: \(nickname) is not claimed yet; SUBMIT a game to claim it, then \(verb) token=<its token>"
        )
    }

    /// `READY` in a rated room, or `QUEUE`, by a nickname the operator marked assisted.
    static func assisted(_ nickname: String) -> ProtocolError {
        ProtocolError(
            .assisted, "the operator marked \(nickname) as playing with an engine's help: it plays no rated race and is on no board")
    }

    /// A submission the store could not keep.
    static let notSaved = ProtocolError(.internal, "the leaderboard could not be saved; your game was not recorded, try again")
}
