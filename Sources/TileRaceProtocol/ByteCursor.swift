/// Writes a short line into scratch memory, so it reaches its array in one append:
/// per-piece `Array.append` costs more than the bytes.
struct ByteCursor {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Appends what `body` wrote to `bytes`; writing past `capacity` traps.
    static func append(to bytes: inout [UInt8], capacity: Int, _ body: (inout ByteCursor) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var cursor = ByteCursor(buffer: buffer)
            body(&cursor)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<cursor.count]))
        }
    }

    /// Inlined so the literal's length is known: a few moves, not `memcpy`.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        precondition(self.count + count <= buffer.count, "line longer than its scratch memory")
        (buffer.baseAddress! + self.count).update(from: text.utf8Start, count: count)
        self.count += count
    }

    /// Writes text (a word: a name, a `FinishReason`).
    mutating func write(word text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { write(bytes: $0) }
        if copied == nil {
            for byte in text.utf8 { write(byte: byte) }
        }
    }

    mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        precondition(count + bytes.count <= buffer.count, "line longer than its scratch memory")
        guard let source = bytes.baseAddress else { return }
        (buffer.baseAddress! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func write(byte: UInt8) {
        precondition(count < buffer.count, "line longer than its scratch memory")
        buffer[count] = byte
        count += 1
    }

    /// Writes a number in decimal, as `String(value)` writes it.
    mutating func write(decimal value: Int) {
        // One digit (most board values) at once: about 3% of a race move's instructions.
        if value >= 0, value < 10 {
            write(byte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        // Written lowest digit first, then turned around in place.
        let first = count
        var magnitude = value.magnitude
        repeat {
            write(byte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        var low = first
        var high = count - 1
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// Writes a flag's wire word: `yes` or `no`.
    mutating func write(flag: Bool) {
        if flag { write("yes") } else { write("no") }
    }

    /// The most bytes `write(decimal:)` writes: a sign and 19 digits.
    static let maximumDecimalLength = 20
}
