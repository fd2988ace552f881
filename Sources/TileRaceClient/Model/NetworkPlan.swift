/// How a run of the client reaches a server, decided before the terminal is
/// taken: the server to connect to (nil: offline), what to tell the player
/// about hosting, and a message for the status line.
public struct NetworkPlan: Hashable, Sendable {
    /// The server to connect to; nil plays offline.
    public var endpoint: ServerEndpoint?
    /// Lines shown under the menu while hosting (how friends join).
    public var hostingInfo: [String]
    /// A message for the status line at start, e.g. why the leaderboard is in memory.
    public var notice: String?
    /// Why the client is offline, when it is.
    public var offlineReason: String

    public init(
        endpoint: ServerEndpoint?, hostingInfo: [String] = [], notice: String? = nil,
        offlineReason: String = "no server connected"
    ) {
        self.endpoint = endpoint
        self.hostingInfo = hostingInfo
        self.notice = notice
        self.offlineReason = offlineReason
    }

    /// No network at all.
    public static func offline(_ reason: String) -> NetworkPlan {
        NetworkPlan(endpoint: nil, offlineReason: reason)
    }
}
