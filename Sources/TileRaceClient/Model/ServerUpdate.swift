import TileRaceProtocol

/// What the network layer tells `update`, parsed. Server text must be filtered (`ScreenText.sanitize`) before drawing.
enum ServerUpdate: Hashable, Sendable {
    /// `HELLO tilerace 1` received.
    case greeted(Greeting)
    /// The reason is one line for people.
    case connectFailed(String)
    /// `OK` with a multi-line reply's items, or the `ERR`.
    case reply(ClientMessage, Result<OkReply, ProtocolError>, items: [ServerMessage])
    /// `PING` and `BYE` are handled by the connection itself.
    case event(ServerEvent)
    /// No connection.
    case notSent(ClientMessage, reason: String)
    /// `bye` is the server's `BYE` text, if sent.
    case disconnected(reason: String, bye: String?)
    /// It was dropped.
    case unreadable(String)
}
