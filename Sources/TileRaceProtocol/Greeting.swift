/// The `HELLO` event the server sends on connect.
public struct Greeting: Hashable, Sendable {
    /// The protocol version this greeting names.
    public var version: Int
    /// The server software, e.g. `tilerace-0.1.0`.
    public var server: String?
    /// The line limit in bytes.
    public var lineLimit: Int?
    /// The idle limit in seconds.
    public var idleSeconds: Int?

    /// Creates a greeting.
    public init(version: Int = 1, server: String? = nil, lineLimit: Int? = nil, idleSeconds: Int? = nil) {
        self.version = version
        self.server = server
        self.lineLimit = lineLimit
        self.idleSeconds = idleSeconds
    }
}
