import TileRaceProtocol

/// The registry's answer to a `RegistryQuestion` (`ServerInput.registryAnswered`).
package enum RegistryAnswer: Hashable, Sendable {
    /// To `admit`: nil when the connection is counted, else why it is refused.
    case admission(ServerRegistry.Refusal?)
    /// To `claimNickname`: whether the session has the nickname now.
    case claimed(Bool)
    /// To `nicknameOwner`: the session using it, if any.
    case nicknameOwner(ConnectionID?)
    /// To `listing`: the rooms to list, by name, and how many rooms the
    /// server knows of (its own, `daily` and private ones included, and
    /// other servers' public rooms).
    case listing([RoomDescription], known: Int)
    /// To `publicRooms`: the rooms to publish, by key.
    case publicRooms([RoomDescription])
    /// To `room`.
    case room(ServerRegistry.RoomFacts)
    /// To `shardForNewRoom`.
    case shard(Int)
    /// To `register`: whether the room is listed now, or why not.
    case registered(Registration)
    /// To `resumeTarget`: where the secret leads, if anywhere.
    case resumeTarget(ServerRegistry.ResumeTarget?)
    /// To `checkGuess`: nil when the guess may be checked, else the
    /// milliseconds until one may.
    case guessWait(Int?)
    /// To `info`: greeted sessions, rooms, races running and the moves of the last minute.
    case info(players: Int, rooms: Int, races: Int, movesInLastMinute: Int)
    /// To `ban`: the ban in force, if any.
    case ban(BanInfo?)
    /// To `moderation` and `announce`.
    case moderation(ServerRegistry.ModerationNews)
    /// To `connections`.
    case connections([ServerRegistry.NotedConnection])
    /// To `isMuted`: whether an operator muted the nickname.
    case muted(Bool)
}

extension RegistryAnswer {
    /// What `register` did with a new room.
    package enum Registration: Hashable, Sendable {
        /// Listed: the room is the shard's.
        case registered
        /// Not listed: a room of that name exists.
        case nameTaken
        /// Not listed: the server has its maximum of rooms.
        case full
    }

    /// Whether this is the kind of answer `question` gets.
    func answers(_ question: RegistryQuestion) -> Bool {
        switch (question, self) {
        case (.admit, .admission), (.claimNickname, .claimed), (.nicknameOwner, .nicknameOwner), (.listing, .listing),
            (.publicRooms, .publicRooms), (.room, .room), (.shardForNewRoom, .shard), (.register, .registered),
            (.resumeTarget, .resumeTarget), (.checkGuess, .guessWait), (.info, .info), (.ban, .ban), (.moderation, .moderation),
            (.announce, .moderation), (.connections, .connections), (.isMuted, .muted):
            true
        default:
            false
        }
    }
}
