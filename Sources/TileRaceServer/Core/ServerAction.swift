import TileRaceProtocol
import TileRaceTransport

/// What the state machine asks the I/O layer to do.
package enum ServerAction: Hashable, Sendable {
    /// Write these lines to a connection, in order.
    case send(ConnectionID, OutgoingLines)
    /// Like `send`, but may wait up to `ServerLimits.progressWaitMilliseconds`
    /// so that a racer's `PROGRESS` rides in one write with its next reply.
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
    case log(ServerLog.Level, LogEntry)
    /// Hand a lobby `CHAT` line to every other shard; this shard has it already.
    case lobbyChat(String)
}

/// What happens to the server: the inputs of its state machine (`ServerCore`).
package enum ServerInput: Sendable {
    /// A connection was accepted from `peer` (an `address:port`).
    case connected(ConnectionID, peer: String)
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
    /// The clock moved: fire the timers that are due.
    case tick
    /// The server is stopping: say goodbye to everyone.
    case shutdown
    /// A line of the lobby's chat said on another shard of this server
    /// (`ServerAction.lobbyChat`): send it to this shard's lobby.
    case lobbyChat(String)
}

/// Whether to read a connection: at most `ServerLimits.workPerTurn` per
/// turn, so one busy connection cannot hold the shard's queue.
package enum InputFlow: Hashable, Sendable {
    /// Read it: everything it sent is handled.
    case read
    /// Stop reading it: its lines wait (its `SUBMIT` is being stored).
    case hold
    /// It sent more than one turn handles: read it again once the others had
    /// their turn and its output is below the backpressure threshold.
    case turn
}

/// Identifies one connection for the server's lifetime (never reused).
package struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// From 1.
    package var number: Int

    package init(number: Int) {
        self.number = number
    }

    package static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.number < rhs.number }

    package var description: String { "conn \(number)" }
}

/// A table of connections' values (the core's sessions, a shard's
/// connections) by `ConnectionID`.
extension IntegerTable {
    /// The value for connection `id` (by its number); setting nil removes it.
    subscript(id: ConnectionID) -> Value? {
        get { self[id.number] }
        set { self[id.number] = newValue }
    }

    /// The connections that have a value, in order.
    var sortedIDs: [ConnectionID] { keys.sorted().map(ConnectionID.init(number:)) }
}
