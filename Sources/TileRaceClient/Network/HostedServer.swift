/// What the client needs of a race server this process hosts (the command
/// line starts it, so the client never depends on the server): where to
/// connect and what to tell the player, how many are connected, and how to
/// stop it on the way out.
public struct HostedServer: Sendable {
    public var plan: NetworkPlan
    /// This client included; nil when this process hosts none.
    public var connectedClientCount: (@Sendable () -> Int)?
    /// BYE to everyone; nothing when none is hosted.
    public var stop: @Sendable () -> Void

    public init(plan: NetworkPlan, connectedClientCount: (@Sendable () -> Int)? = nil, stop: @escaping @Sendable () -> Void = {}) {
        self.plan = plan
        self.connectedClientCount = connectedClientCount
        self.stop = stop
    }
}
