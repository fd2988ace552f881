/// Where a server listens: a host name or address, and a TCP port.
public struct ServerEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// The host name or IP address.
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `host:port`, with an IPv6 address in brackets.
    public var description: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
