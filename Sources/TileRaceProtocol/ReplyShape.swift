public enum ReplyShape: Hashable, Sendable {
    /// No reply: `PONG` answers the server's `PING` and is not a request.
    case none
    /// One reply line (`OK`, `ERR` or `PONG`).
    case line
    /// Item lines, then the `OK` that counts them (or one `ERR`).
    case items
}
