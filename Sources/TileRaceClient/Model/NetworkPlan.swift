/// Decided before the terminal is taken: the server (nil: offline), hosting lines, a notice.
public struct NetworkPlan: Hashable, Sendable {
    public var endpoint: ServerEndpoint?
    /// How friends join, shown under the menu while hosting.
    public var hostingInfo: [String]
    /// E.g. why the leaderboard is in memory.
    public var notice: String?
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

    public static func offline(_ reason: String) -> NetworkPlan { NetworkPlan(endpoint: nil, offlineReason: reason) }
}
