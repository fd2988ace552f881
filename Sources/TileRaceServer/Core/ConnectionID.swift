/// Identifies one connection for the server's lifetime (never reused).
package struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The connection's number, from 1.
    package var number: Int

    /// The connection numbered `number`.
    package init(number: Int) {
        self.number = number
    }

    package static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.number < rhs.number }

    package var description: String { "conn \(number)" }
}
