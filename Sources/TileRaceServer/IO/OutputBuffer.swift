/// Bytes waiting to be written to a socket, in order.
struct OutputBuffer {
    private var bytes: [UInt8] = []
    private var start = 0

    /// Bytes not yet written.
    var count: Int { bytes.count - start }

    /// Whether everything was written.
    var isEmpty: Bool { start == bytes.count }

    /// Appends a protocol line and its `\n`.
    mutating func append(line: String) {
        bytes.append(contentsOf: line.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Drops `written` bytes from the front.
    mutating func consume(_ written: Int) {
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
    func withUnsentBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
}
