/// What the state machine asks the I/O layer to do.
enum ServerAction: Hashable, Sendable {
    /// Write these lines (without line endings) to a connection, in order.
    case send(ConnectionID, [String])
    /// Close a connection once what was sent to it is written.
    case close(ConnectionID)
    /// Store leaderboard records durably; the outcome comes back as
    /// `ServerInput.persisted`.
    case persist(PersistRequest)
    /// Read a connection, stop reading it, or give it another turn.
    case input(ConnectionID, InputFlow)
    /// Write a line to the server's log.
    case log(ServerLog.Level, String)
}
