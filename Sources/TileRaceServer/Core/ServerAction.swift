import TileRaceProtocol
import TileRaceTransport

/// What the state machine asks the I/O layer to do.
package enum ServerAction: Hashable, Sendable {
    case send(ConnectionID, OutgoingLines)
    /// Like `send`, but may wait up to `ServerLimits.progressWaitMilliseconds`
    /// so that a racer's `PROGRESS` rides in one write with its next reply.
    case sendSoon(ConnectionID, OutgoingLines)
    /// Closes once what was sent is written.
    case close(ConnectionID)
    /// The answer comes back as `ServerInput.answered` with the same id.
    case leaderboard(Int, LeaderboardRequest)
    case input(ConnectionID, InputFlow)
    /// The session departed (`ServerCore.release`) and arrives there
    /// (`ServerCore.arrive`).
    case transfer(ConnectionID, shard: Int)
    /// A quick race's matched players depart together and arrive together
    /// (`ServerCore.arriveMatched`), which makes their room there.
    case handOff([ConnectionID], shard: Int)
    /// With every nickname connected here (lower case); other servers'
    /// rooms and nicknames come back as `ServerInput.remoteRooms`.
    case publishRooms([RoomDescription], nicknames: [String])
    case log(ServerLog.Level, LogEntry)
    /// Hand a line of lobby chat to every other shard; this shard has it already.
    case lobbyChat(ChatLine)
    /// The arenas' snapshot (JSON, `Arena.Snapshot`) to keep in the data directory's `arenas.json`.
    case keepArenas([UInt8])
}

package enum ServerInput: Sendable {
    /// `peer` is `address:port`.
    case connected(ConnectionID, peer: String)
    case received(ConnectionID, [UInt8])
    case inputTurn(ConnectionID)
    /// Peer closed, failed, or fell too far behind reading. `reason` is for
    /// the log.
    case disconnected(ConnectionID, reason: String)
    case answered(Int, LeaderboardAnswer)
    /// Other servers' public rooms and connected nicknames (lower case).
    case remoteRooms([RoomDescription], nicknames: Set<String>)
    /// Other servers' arenas, and arena ids drawn for this server's (with
    /// `ServerCore.arenasToPublish`).
    case remoteArenas([ArenaInfo], ids: ClosedRange<Int>?)
    case tick
    case shutdown
    /// Lobby chat from another shard of this server.
    case lobbyChat(ChatLine)
}

/// Whether to read a connection: at most `ServerLimits.workPerTurn` per
/// turn, so one busy connection cannot hold the shard's queue.
package enum InputFlow: Hashable, Sendable {
    case read
    /// Its lines wait (e.g. its `SUBMIT` is being stored).
    case hold
    /// It sent more than one turn handles: read it again once the others had
    /// their turn and its output is below the backpressure threshold.
    case turn
}

/// Never reused during the server's lifetime.
package struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// From 1.
    package var number: Int

    package init(number: Int) {
        self.number = number
    }

    package static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.number < rhs.number }

    package var description: String { "conn \(number)" }
}

extension IntegerTable {
    /// Setting nil removes it.
    subscript(id: ConnectionID) -> Value? {
        get { self[id.number] }
        set { self[id.number] = newValue }
    }

    var sortedIDs: [ConnectionID] { keys.sorted().map(ConnectionID.init(number:)) }
}
