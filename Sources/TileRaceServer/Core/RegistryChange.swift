import TileRaceProtocol

/// What a core tells the registry its shard shares, without waiting for an
/// answer (`ServerAction.tellRegistry`). A shard's changes and questions
/// reach the registry in the order the core made them.
package enum RegistryChange: Hashable, Sendable {
    /// A session is forgotten: its nickname (when it still owns the one with
    /// this key) and its resume secret are freed, and it no longer counts.
    case releaseSession(ConnectionID, nicknameKey: String?, secret: String?)
    /// A session gave up a nickname (it took another, or its claim came too late).
    case releaseNickname(key: String, session: ConnectionID)
    /// A connection from `address` closed or dropped.
    case connectionClosed(address: String)
    /// A room's summary changed (its members or state).
    case describe(RoomDescription)
    /// A room is gone.
    case removeRoom(key: String)
    /// List a quick race's room, made by the queue's shard (its name,
    /// `quick-<n>`, is one `CREATE` refuses, so no other room has it).
    case addRoom(RoomDescription, shard: Int)
    /// A session's resume secret, replacing its old one.
    case setResumeSecret(String, ServerRegistry.ResumeTarget, replacing: String?)
    /// The session a resume secret leads to moved to `shard`.
    case moveResumeSecret(String, shard: Int)
    /// Other servers' public rooms by key, from the shared room directory.
    case remoteRooms([String: RoomDescription])
    /// A guess from `address` was checked and wrong (`fresh`: the guard of an
    /// address that has none).
    case wrongGuess(address: String, now: Int, fresh: JoinCodeGuard)
    /// Forget the guess guards with no refusal in the last minute.
    case forgetGuesses(now: Int)
    /// A session greeted (`INFO`'s players count it until it is released).
    case greeted
    /// A greeted session is gone.
    case ungreeted
    /// `count` moves were applied in `second` (each shard tells its count once a second).
    case moves(Int, second: Int)
    /// The server stops: everything is forgotten.
    case reset
    /// The bans in force changed (the store has the change); other shards
    /// close the sessions they name at their next `moderation` question.
    case changeBans(ServerRegistry.BanChange)
    /// The operator kicked a session of another shard, with the `BYE` text:
    /// its shard closes it at its next `moderation` question.
    case kick(ConnectionID, bye: String)
    /// A connection as its shard sees it now, for `CONNECTIONS` asked on
    /// another shard (with several shards).
    case noteConnection(ConnectionID, ServerRegistry.NotedConnection)
    /// A connection closed (with several shards).
    case forgetConnection(ConnectionID)
    /// Every connection of `shard` as it sees them at its sweep (room, idle
    /// time), replacing what it noted before.
    case shardConnections(shard: Int, [ConnectionID: ServerRegistry.NotedConnection])
    /// An operator muted the nickname with this key (lower case), or unmuted
    /// it (`ServerRegistry.setMuted`).
    case setMuted(key: String, Bool)
}
