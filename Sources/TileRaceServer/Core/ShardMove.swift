import TileRaceProtocol

/// Where a session is in a move to another shard (`ServerCore+ShardMoves`):
/// a request asks for a room or a held session that another shard hosts,
/// the session departs with that request, and the request runs first where
/// it arrives, so its replies stay in order.
enum ShardMove {
    /// A handler sent the session to this shard; the request being handled
    /// goes with it.
    case leaving(toShard: Int)
    /// It departed with the request to run first where it arrives (its
    /// tokens taken already), and what that request cost. Indirect (boxed),
    /// so the session's `shardMove` is a few bytes among the properties
    /// every line reads, not a whole `ClientMessage`.
    indirect case carrying(ClientMessage, cost: Int)
    /// The request it carried is running where it arrived: it stays there.
    case runningCarried
}
