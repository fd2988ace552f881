/// What a server's gate needs of a verb's row, read once (a gate may keep `MOVE`'s).
public struct RequestAdmission: Sendable {
    /// The states the request needs, checked in this order.
    public let requirements: [Requirement]
    /// At most how many run in a sliding window (`SAY`), on top of the cost.
    public let window: RequestWindow?
    /// What the request costs in the rate limit.
    let cost: RequestCost

    init(_ rule: RequestRule) {
        requirements = rule.requirements
        window = rule.window
        cost = rule.cost
    }

    /// `listedItems` is asked only by a verb whose reply lists what only the server knows.
    public func tokens(for request: ClientMessage, listedItems: () -> Int) -> Int {
        switch cost {
        case .fixed(let tokens): tokens
        case .listing(let itemsPerToken): 1 + listedItems() / itemsPerToken
        case .asked(let cost): cost(request)
        case .perItemLine: 1
        }
    }
}
