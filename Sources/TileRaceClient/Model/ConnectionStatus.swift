enum ConnectionStatus: Hashable, Sendable {
    /// Practice, the daily challenge (not submitted), statistics and colours still work.
    case offline(reason: String)
    case connecting(ServerEndpoint)
    /// Greeted: requests can be sent.
    case connected(ServerEndpoint)
    case lost(reason: String)

    static let offlineByChoice = "started with --offline"
    static let worksOffline = "practice, daily, statistics and colours work offline"

    var isConnected: Bool { if case .connected = self { true } else { false } }

    var summary: String {
        switch self {
        case .offline(let reason): "offline: \(reason)"
        case .connecting(let endpoint): "connecting to \(endpoint)…"
        case .connected(let endpoint): "connected to \(endpoint)"
        case .lost(let reason): reason
        }
    }

    /// For a header too narrow for `summary`.
    var shortSummary: String {
        switch self {
        case .offline: "offline"
        case .connecting(let endpoint): "connecting to \(endpoint)…"
        case .connected(let endpoint): "\(endpoint)"
        case .lost: "no connection"
        }
    }
}
