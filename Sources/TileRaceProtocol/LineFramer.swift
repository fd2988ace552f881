/// Cuts a byte stream into protocol lines (protocol.md section 1).
///
/// Bytes arrive in chunks of any size; the framer keeps the partial tail until
/// its `\n` comes. A `\r` before the `\n` is removed. A line longer than the
/// limit is reported as soon as it is known to be too long, without waiting for
/// its end, so a peer cannot make the buffer grow without bound. Client and
/// server share this type.
public struct LineFramer: Sendable {
    /// The protocol's limit: 1024 bytes, not counting the line ending.
    public static let maximumLineLength = 1024

    public let maximumLineLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var isDiscardingLongLine = false

    /// Creates a framer with a line limit.
    public init(maximumLineLength: Int = LineFramer.maximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// The number of bytes received but not yet returned as lines.
    public var bufferedByteCount: Int { buffer.count - start }

    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        dropReturnedLines()
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes in an array (a concrete type, so the copy is one
    /// `memcpy`, not the generic element-by-element append another module
    /// gets).
    public mutating func append(_ bytes: [UInt8]) {
        dropReturnedLines()
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes from the memory they were read into (the
    /// server's reads: one `memcpy`, and no array per read).
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        dropReturnedLines()
        buffer.append(contentsOf: bytes)
    }

    /// Drops the bytes of lines already returned, once they are at least
    /// half the buffer.
    private mutating func dropReturnedLines() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
    }

    /// Returns the next complete line without its ending, or nil when no whole
    /// line is buffered yet.
    /// - Throws: `line-too-long` once for a line over the limit (its bytes are
    ///   dropped up to its end); `bad-line` for a line that is not UTF-8 or holds
    ///   control characters (that line is dropped). The next call goes on with
    ///   the following line.
    public mutating func nextLine() throws(ProtocolError) -> String? {
        while true {
            guard let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
                scanned = buffer.count
                if !isDiscardingLongLine, buffer.count - start > maximumLineLength + 1 {
                    isDiscardingLongLine = true
                    throw tooLong()
                }
                if isDiscardingLongLine {
                    start = buffer.count
                    scanned = start
                }
                return nil
            }
            var end = newline
            if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let lineStart = start
            start = newline + 1
            scanned = start
            if isDiscardingLongLine {
                isDiscardingLongLine = false
                continue
            }
            guard end - lineStart <= maximumLineLength else { throw tooLong() }
            return try LineFramer.decode(buffer[lineStart..<end])
        }
    }

    /// Takes the next line when it is a plain `MOVE`
    /// (`ClientMessage.plainMove(bytes:)`), read where it lies: no `String`
    /// is made for it. Otherwise (another line, no whole line yet, a long
    /// line being dropped) takes nothing and returns nil, and `nextLine()`
    /// reads what comes next, as it would have.
    public mutating func nextPlainMove() -> ClientMessage? {
        guard !isDiscardingLongLine, let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
            return nil
        }
        // No line ending before the one found: `nextLine()` need not look again.
        scanned = newline
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        // A plain MOVE is printable ASCII, so it is a line `nextLine()` would return.
        guard end - start <= maximumLineLength,
            let move = buffer.withUnsafeBufferPointer({ ClientMessage.plainMove(bytes: UnsafeBufferPointer(rebasing: $0[start..<end])) })
        else { return nil }
        start = newline + 1
        scanned = start
        return move
    }

    private func tooLong() -> ProtocolError {
        ProtocolError(.lineTooLong, "line longer than \(maximumLineLength) bytes")
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) throws(ProtocolError) -> String {
        var isASCII = true
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F {
                throw ProtocolError(.badLine, "line contains control character 0x\(String(byte, radix: 16))")
            }
            if byte >= 0x80 { isASCII = false }
        }
        // ASCII is valid UTF-8: nothing to check (the usual line).
        if isASCII { return String(decoding: bytes, as: UTF8.self) }
        // Decoding repairs invalid sequences (with U+FFFD), so the bytes differ
        // exactly when they were not valid UTF-8. (`String(validating:as:)`
        // needs macOS 15; the package supports macOS 13.)
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw ProtocolError(.badLine, "line is not valid UTF-8")
        }
        return text
    }
}
