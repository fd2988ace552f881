public struct ServerEndpoint: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// An IPv6 address goes in brackets.
    public var description: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }
}
