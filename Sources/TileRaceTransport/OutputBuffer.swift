/// Bytes waiting to be written to a socket, in order.
package struct OutputBuffer: Sendable {
    private var bytes: [UInt8] = []
    private var start = 0

    /// An empty buffer.
    package init() {}

    /// Bytes not yet written.
    package var count: Int { bytes.count - start }

    /// Whether everything was written.
    package var isEmpty: Bool { start == bytes.count }

    /// Appends a protocol line and its `\n`.
    package mutating func append(line: String) {
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends bytes as they are (an array, or part of one).
    package mutating func append(bytes: ArraySlice<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }

    /// Drops `written` bytes from the front.
    package mutating func consume(_ written: Int) {
        start += written
        if start == bytes.count {
            // Keep a modest buffer for the next lines, not the peak of a burst.
            bytes.removeAll(keepingCapacity: bytes.capacity <= 65536)
            start = 0
        } else if start >= 65536, start * 2 >= bytes.count {
            bytes.removeFirst(start)
            start = 0
        }
    }

    /// Calls `body` with the bytes not yet written.
    package func withUnsentBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
}
