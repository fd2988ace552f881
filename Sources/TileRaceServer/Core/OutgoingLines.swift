import TileRaceProtocol

/// Lines on their way to one connection, as bytes (UTF-8 + `\n` each).
/// A broadcast shares one copy among its connections; a room's `PROGRESS`
/// too, each racer skipping its own line (`skipping(_:)`).
package struct OutgoingLines: Hashable, Sendable {
    /// The bytes the lines are taken from, every line ended by `\n`
    /// (shared by the connections of a broadcast).
    private var storage: [UInt8] = []
    /// The part of `storage` this connection does not get (empty: none).
    private var skipped: Range<Int> = 0..<0

    package init() {}

    package init(_ message: ServerMessage) {
        storage.reserveCapacity(128)
        message.write(to: &storage)
    }

    package init(_ messages: [ServerMessage]) {
        for message in messages { message.write(to: &storage) }
    }

    package init(lines: [String]) {
        storage.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            storage.append(contentsOf: line.utf8)
            storage.append(UInt8(ascii: "\n"))
        }
    }

    /// Adds a message after the others; returns where its line lies (for `skipping(_:)`).
    @discardableResult
    package mutating func append(_ message: ServerMessage) -> Range<Int> {
        precondition(skipped.isEmpty, "lines are added before any is skipped")
        let start = storage.count
        message.write(to: &storage)
        return start..<storage.count
    }

    /// The same lines without those in `range` (from `append(_:)`), sharing
    /// the bytes.
    package func skipping(_ range: Range<Int>) -> OutgoingLines {
        precondition(skipped.isEmpty && range.upperBound <= storage.count, "one range of these lines is skipped")
        var lines = self
        lines.skipped = range
        return lines
    }

    package var isEmpty: Bool { storage.count == skipped.count }

    package var bytes: [UInt8] {
        skipped.isEmpty ? storage : Array(storage[..<skipped.lowerBound]) + storage[skipped.upperBound...]
    }

    /// At most two slices of the shared storage, no copy.
    package var parts: (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        (storage[..<skipped.lowerBound], storage[skipped.upperBound...])
    }

    /// For tests and the simulator.
    package var lines: [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    package static func == (left: OutgoingLines, right: OutgoingLines) -> Bool {
        left.bytes == right.bytes
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(bytes)
    }
}
