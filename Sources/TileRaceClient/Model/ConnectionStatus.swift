/// Where the client stands with a server.
enum ConnectionStatus: Hashable, Sendable {
    /// No server: practice, the daily challenge (unsubmitted) and colours only.
    case offline(reason: String)
    /// Connecting to a server, or greeting it.
    case connecting(ServerEndpoint)
    /// Connected and greeted: requests can be sent.
    case connected(ServerEndpoint)
    /// The connection was lost, or could not be made.
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
        case .connecting(let endpoint): "connecting to \(endpoint)…"
        case .connected(let endpoint): "connected to \(endpoint)"
        case .lost(let reason): reason
        }
    }
}
