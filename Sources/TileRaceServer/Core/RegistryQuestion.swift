import TileRaceProtocol

/// What a core asks the registry its shard shares with the other shards
/// (`ServerAction.askRegistry`): each question is answered in one step,
/// atomically (`ServerRegistry.State.answer(_:)`), and the answer comes back
/// as `ServerInput.registryAnswered` with the question's id. Questions that
/// claim something (a connection slot, a nickname, a room name, a guess)
/// change the registry as they are answered.
package enum RegistryQuestion: Hashable, Sendable {
    /// Count a new connection and its session from `address`, unless a limit
    /// refuses it (`isExempt`: no per-address limit). Answered `admission`.
    case admit(address: String, isExempt: Bool, maximumConnections: Int, maximumPerAddress: Int)
    /// Give the nickname with this key (lower case) to a session, unless
    /// another session has it. Answered `claimed`.
    case claimNickname(key: String, session: ConnectionID)
    /// Which session uses the nickname with this key. Answered `nicknameOwner`.
    case nicknameOwner(key: String)
    /// The rooms `ROOMS` lists, and how many rooms are known (what it costs
    /// by). Answered `listing`.
    case listing
    /// This server's public rooms for the room directory (`daily` and
    /// private rooms left out). Answered `publicRooms`.
    case publicRooms
    /// Where the room with this key is: the shard hosting it, or another
    /// server's room of that name (when no shard hosts one), and how many
    /// rooms the server has. Answered `room`.
    case room(key: String)
    /// The shard a new room goes to: the one hosting the fewest rooms,
    /// counting those placed there and not yet registered (`preferring` on
    /// a tie); the room counts as placed there from `now`. Answered `shard`.
    case shardForNewRoom(preferring: Int, now: Int)
    /// Lists a new room as hosted by `shard`, unless its name is taken or
    /// the server has `maximumRooms` rooms besides `daily` (checked here,
    /// where it is one step: `CREATE`s on several shards at once cannot
    /// pass it together). Answered `registered`.
    case register(RoomDescription, shard: Int, maximumRooms: Int)
    /// Where a resume secret leads. Answered `resumeTarget`.
    case resumeTarget(secret: String)
    /// Whether a guess (a join code, a resume secret) from `address` may be
    /// checked at `now`, by the address's guard (`fresh` when it has none);
    /// a guess that may not is counted. Answered `guessWait`.
    case checkGuess(address: String, now: Int, fresh: JoinCodeGuard)
    /// What `INFO` counts for the whole server, with the moves of the minute
    /// up to `second`. Answered `info`.
    case info(second: Int)
    /// The ban in force at `wallMilliseconds` on the first of `targets` that
    /// has one (with several shards: a new connection's address, a nickname
    /// at `HELLO` and `NICK`). Answered `ban`.
    case ban(of: [BanTarget], wallMilliseconds: Int)
    /// The operator's news for `shard`: the bans in force, the latest
    /// notices, and the kicks of its `sessions` (taken: each is given once).
    /// Answered `moderation`.
    case moderation(shard: Int, sessions: [ConnectionID])
    /// Adds the operator's notice (`ANNOUNCE`), numbered after the last one.
    /// Answered `moderation` (with no kicks).
    case announce(String)
    /// The connections other shards than `shard` noted (`CONNECTIONS`).
    /// Answered `connections`.
    case connections(exceptShard: Int)
    /// Whether an operator muted the nickname with this key (lower case).
    /// Answered `muted`.
    case isMuted(key: String)
}
