/// Where the client stands with a server.
enum ConnectionStatus: Hashable, Sendable {
    /// No server: practice, the daily challenge (not submitted), statistics and colours.
    case offline(reason: String)
    case connecting(ServerEndpoint)
    /// Connected and greeted: requests can be sent.
    case connected(ServerEndpoint)
    /// The connection was lost, or could not be made.
    case lost(reason: String)

    /// Why the client is offline when started with `--offline`.
    static let offlineByChoice = "started with --offline"
    /// What can be done without a server (everything but races and the leaderboard).
    static let worksOffline = "practice, daily, statistics and colours work offline"

    /// Whether requests can be sent.
    var isConnected: Bool {
        if case .connected = self { return true }
        return false
    }

    var summary: String {
        switch self {
        case .offline(let reason): "offline: \(reason)"
        case .connecting(let endpoint): "connecting to \(endpoint)…"
        case .connected(let endpoint): "connected to \(endpoint)"
        case .lost(let reason): reason
        }
    }

    /// Where the client stands in a word or two, for a header too narrow
    /// for `summary`: the server's address, "offline", "no connection".
    var shortSummary: String {
        switch self {
        case .offline: "offline"
        case .connecting(let endpoint): "connecting to \(endpoint)…"
        case .connected(let endpoint): "\(endpoint)"
        case .lost: "no connection"
        }
    }
}
