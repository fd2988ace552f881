/// Where the client stands with a server.
enum ConnectionStatus: Hashable, Sendable {
    /// No server: practice, daily (unsubmitted) and colours only.
    case offline(reason: String)
    /// Connecting to a server.
    case connecting(host: String, port: Int)
    /// Connected.
    case connected(host: String, port: Int)
    /// The connection was lost.
    case lost(reason: String)

    /// Whether requests can be sent.
    var isConnected: Bool {
        if case .connected = self { return true }
        return false
    }

    /// One line for the screen.
    var summary: String {
        switch self {
        case .offline(let reason): "offline: \(reason)"
        case .connecting(let host, let port): "connecting to \(host):\(port)…"
        case .connected(let host, let port): "connected to \(host):\(port)"
        case .lost(let reason): "connection lost: \(reason)"
        }
    }
}
