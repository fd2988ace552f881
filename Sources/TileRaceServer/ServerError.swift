/// Why the server could not start: a stable code and one line for people.
public enum ServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bind address is not an IPv4 or IPv6 address.
    case invalidAddress(String)
    /// Every port tried is taken by another program.
    case addressInUse(address: String, ports: ClosedRange<Int>)
    /// The socket could not be set up for another reason.
    case cannotListen(address: String, port: Int, reason: String)
    /// The leaderboard's data directory could not be opened.
    case leaderboard(StoreError)
    /// The operator's secret could not be read or made.
    case operatorSecret(OperatorSecretError)

    public var code: String {
        switch self {
        case .invalidAddress: "invalid-address"
        case .addressInUse: "address-in-use"
        case .cannotListen: "cannot-listen"
        case .leaderboard(let error): "leaderboard-" + error.code
        case .operatorSecret: "operator-secret"
        }
    }

    public var message: String {
        switch self {
        case .invalidAddress(let address):
            "\(address) is not an IP address to listen on (e.g. 0.0.0.0, 127.0.0.1 or ::)"
        case .addressInUse(let address, let ports):
            ports.count == 1
                ? "port \(ports.lowerBound) on \(address) is already in use"
                : "ports \(ports.lowerBound) to \(ports.upperBound) on \(address) are all in use"
        case .cannotListen(let address, let port, let reason):
            "cannot listen on \(address) port \(port): \(reason)"
        case .leaderboard(let error):
            error.message
        case .operatorSecret(let error):
            error.message
        }
    }

    public var description: String { message }
}
