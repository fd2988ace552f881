/// One RESP2 value: a reply from Redis, or a part of one.
public enum RESPValue: Hashable, Sendable {
    /// A simple string: `+OK`.
    case simple(String)
    /// An error reply: `-ERR unknown command`. The text is the whole line after the `-`.
    case error(String)
    /// An integer: `:1`.
    case integer(Int)
    /// A bulk string, binary-safe: `$3 abc`; nil for the null bulk string `$-1`.
    case bulk([UInt8]?)
    /// An array of values: `*2 ...`; nil for the null array `*-1`.
    case array([RESPValue]?)

    /// A simple string, or a bulk string that is valid UTF-8, as text; nil otherwise.
    public var string: String? {
        switch self {
        case .simple(let text):
            return text
        case .bulk(let bytes?):
            let text = String(decoding: bytes, as: UTF8.self)
            return text.utf8.elementsEqual(bytes) ? text : nil
        default:
            return nil
        }
    }

    /// Bulk strings too: Redis returns scores and counters as bulk strings.
    public var integer: Int? {
        switch self {
        case .integer(let value): value
        case .simple, .bulk: string.flatMap { Int($0) }
        default: nil
        }
    }

    /// The elements of a non-null array; nil otherwise.
    public var array: [RESPValue]? {
        if case .array(let elements?) = self { elements } else { nil }
    }

    /// Throws an error reply as `RedisError.server(message)`, for callers that treat `-ERR` as failure.
    public func checked() throws(RedisError) -> RESPValue {
        if case .error(let message) = self { throw .server(message) }
        return self
    }
}
