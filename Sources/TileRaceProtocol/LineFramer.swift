/// Cuts a byte stream into lines, dropping a `\r` before `\n`. A line over the limit
/// is reported as soon as it is known too long, so a peer cannot grow the buffer without bound.
public struct LineFramer: Sendable {
    /// The protocol's limit: 1024 bytes, not counting the line ending.
    public static let maximumLineLength = 1024

    public let maximumLineLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var isDiscardingLongLine = false

    public init(maximumLineLength: Int = LineFramer.maximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// The number of bytes received but not yet returned as lines.
    public var bufferedByteCount: Int { buffer.count - start }

    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        dropReturnedLines()
        buffer.append(contentsOf: bytes)
    }

    /// A concrete array, so the copy is one `memcpy`, not a generic append.
    public mutating func append(_ bytes: [UInt8]) {
        dropReturnedLines()
        buffer.append(contentsOf: bytes)
    }

    /// One `memcpy` and no array per read (the server's reads).
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        dropReturnedLines()
        buffer.append(contentsOf: bytes)
    }

    /// Once returned lines are at least half the buffer.
    private mutating func dropReturnedLines() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
    }

    /// - Throws: `line-too-long` once per over-long line (dropped to its end); `bad-line`
    /// for a line not UTF-8 or with control characters. The next call reads on.
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

    /// Takes the next line only when it is a plain `MOVE`, read in place with no `String`;
    /// otherwise takes nothing, and `nextLine()` reads on as before.
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
        // Decoding repairs invalid UTF-8, so the bytes differ exactly when they were invalid.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw ProtocolError(.badLine, "line is not valid UTF-8")
        }
        return text
    }
}
