import TileRaceProtocol

/// What happens to the server: the inputs of its state machine (`ServerCore`).
package enum ServerInput: Sendable {
    /// A connection was accepted from `peer` (an `address:port`).
    case connected(ConnectionID, peer: String)
    /// Bytes arrived on a connection.
    case received(ConnectionID, [UInt8])
    /// A connection's turn to have more of its buffered lines handled
    /// (after `ServerAction.input(_, .turn)`).
    case inputTurn(ConnectionID)
    /// A connection ended by itself: the peer closed it, it failed, or it fell
    /// too far behind reading. `reason` is for the log.
    case disconnected(ConnectionID, reason: String)
    /// The leaderboard service answered the `leaderboard` action with this id.
    case answered(Int, LeaderboardAnswer)
    /// The other servers' rooms, read from the shared room directory.
    case remoteRooms([RoomDescription])
    /// The registry answered the `askRegistry` action with this id.
    case registryAnswered(Int, RegistryAnswer)
    /// The clock moved: fire the timers that are due.
    case tick
    /// The server is stopping: say goodbye to everyone.
    case shutdown
    /// A line of the lobby's chat said on another shard of this server
    /// (`ServerAction.lobbyChat`): send it to this shard's lobby.
    case lobbyChat(String)
}
