/// Why a Redis address, command or reply failed.
public enum RedisError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address text is not `redis://HOST[:PORT][/DB]`; the message says
    /// what is wrong and the expected form.
    case badAddress(String)
    /// Connecting failed, or the connection was lost; the reason.
    case unreachable(String)
    /// No reply within the command's deadline.
    case timeout(milliseconds: Int)
    /// The reply broke the protocol (RESP2).
    case protocolViolation(String)
    /// An error reply (`-ERR ...`), for a caller that treats it as a failure.
    case server(String)
    /// The connection was closed by its owner.
    case closed

    /// One line for people.
    public var description: String {
        switch self {
        case .badAddress(let message): "bad Redis address: \(message)"
        case .unreachable(let reason): "Redis is unreachable: \(reason)"
        case .timeout(let milliseconds): "Redis did not answer within \(milliseconds) ms"
        case .protocolViolation(let message): "malformed reply from Redis: \(message)"
        case .server(let message): "Redis replied with an error: \(message)"
        case .closed: "the Redis connection is closed"
        }
    }
}
