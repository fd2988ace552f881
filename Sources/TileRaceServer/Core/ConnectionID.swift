/// Identifies one connection for the server's lifetime (never reused).
struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The connection's number, from 1.
    var number: Int

    static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.number < rhs.number }

    var description: String { "conn \(number)" }
}
