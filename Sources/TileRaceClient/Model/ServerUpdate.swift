import TileRaceProtocol

/// What the network layer tells `update`: how the connection is doing, each
/// reply paired with the request it answers, and the server's events, all as
/// parsed protocol values. Text inside them comes from the server: filter it
/// (`ScreenText.sanitize`) before drawing.
enum ServerUpdate: Hashable, Sendable {
    /// The TCP connection is up and the server greeted us (`HELLO tilerace 1`).
    case greeted(Greeting)
    /// The connection could not be made; the reason is one line for people.
    case connectFailed(String)
    /// The answer to `request`: `OK` with the item lines of a multi-line
    /// reply, or the `ERR` it got.
    case reply(ClientMessage, Result<OkReply, ProtocolError>, items: [ServerMessage])
    /// An event (`PING` and `BYE` are handled by the connection itself).
    case event(ServerEvent)
    /// A request could not be sent: there is no connection.
    case notSent(ClientMessage, reason: String)
    /// The connection ended; `bye` is the text of the server's `BYE`, if it sent one.
    case disconnected(reason: String, bye: String?)
    /// A line from the server that could not be read (it was dropped).
    case unreadable(String)
}
