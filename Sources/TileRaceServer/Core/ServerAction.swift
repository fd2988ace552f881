import TileRaceProtocol

/// What the state machine asks the I/O layer to do.
package enum ServerAction: Hashable, Sendable {
    /// Write these lines to a connection, in order.
    case send(ConnectionID, OutgoingLines)
    /// Write these lines to a connection, in order after what was sent to
    /// it, but the write may wait up to `ServerLimits.progressWaitMilliseconds`
    /// for the next `send` to the connection, so that both go in one write:
    /// a racer's news of the others (`PROGRESS`) rides with the reply to
    /// its next move. What is sent meanwhile is not held back.
    case sendSoon(ConnectionID, OutgoingLines)
    /// Close a connection once what was sent to it is written.
    case close(ConnectionID)
    /// Hand a request to the leaderboard service; its answer comes back as
    /// `ServerInput.answered` with the same id.
    case leaderboard(Int, LeaderboardRequest)
    /// Read a connection, stop reading it, or give it another turn.
    case input(ConnectionID, InputFlow)
    /// Hand a connection to another shard: the session it carries departed
    /// (take it with `ServerCore.release`) and arrives there (`ServerCore.arrive`).
    case transfer(ConnectionID, shard: Int)
    /// Publish this server's rooms to the shared room directory; the other
    /// servers' rooms come back as `ServerInput.remoteRooms`.
    case publishRooms([RoomDescription])
    /// Write an entry to the server's log.
    case log(ServerLog.Level, LogEntry)
    /// Hand a line of the lobby's chat (a `CHAT` event) to every other shard
    /// of this server, for the sessions in the lobby there
    /// (`ServerInput.lobbyChat`); this shard's got it already.
    case lobbyChat(String)
    /// Ask the registry the shards share a question; its answer comes back
    /// as `ServerInput.registryAnswered` with the same id.
    case askRegistry(Int, RegistryQuestion)
    /// Tell the registry the shards share a change (no answer).
    case tellRegistry(RegistryChange)
}
