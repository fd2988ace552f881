/// Bytes waiting to be written to a socket, in order.
package struct OutputBuffer: Sendable {
    private var bytes: [UInt8] = []
    private var start = 0

    package init() {}

    package var count: Int { bytes.count - start }

    package var isEmpty: Bool { start == bytes.count }

    /// Appends a line and its `\n`.
    package mutating func append(line: String) {
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    package mutating func append(bytes: ArraySlice<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }

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

    package func withUnsentBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
}
