import TileRaceProtocol

/// Lines on their way to one connection, as the bytes to write: each line's
/// UTF-8 followed by `\n`. The core writes a reply straight into them
/// (`ServerMessage.write(to:)`), and the shard copies them into the
/// connection's output in one go; a broadcast shares one copy among all
/// its connections.
package struct OutgoingLines: Hashable, Sendable {
    /// The bytes, every line ended by `\n`.
    package private(set) var bytes: [UInt8]

    /// One message.
    package init(_ message: ServerMessage) {
        bytes = []
        bytes.reserveCapacity(128)
        message.write(to: &bytes)
    }

    /// Messages, in order.
    package init(_ messages: [ServerMessage]) {
        bytes = []
        for message in messages { message.write(to: &bytes) }
    }

    /// Lines already printed (without their line endings).
    package init(lines: [String]) {
        bytes = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// The lines, without their line endings (for tests and the simulator).
    package var lines: [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
