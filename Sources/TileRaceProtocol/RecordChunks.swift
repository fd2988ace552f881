/// A chunk never splits an entry, so each is a valid log and `LOG <chunk>` fits the line limit.
public enum RecordChunks {
    /// The line limit less `LOG ` and room to spare.
    public static let maximumChunkLength = 1000

    /// The chunks of a log in record notation, in order (none for an empty log).
    public static func split(_ log: String, maximumLength: Int = maximumChunkLength) -> [String] {
        let bytes = Array(log.utf8)
        var chunks: [String] = []
        var start = 0
        while start < bytes.count {
            var end = min(start + max(3, maximumLength), bytes.count)
            if end < bytes.count {
                // Step back to an entry's start: a letter (not a digit of an `X` or a time, not a time's `@`).
                while end > start, (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: "@") { end -= 1 }
                if end == start { end = min(start + max(3, maximumLength), bytes.count) }
            }
            chunks.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
        }
        return chunks
    }

    /// An upper bound, to price a request before the log is cut.
    public static func count(ofLength length: Int) -> Int {
        length == 0 ? 0 : (length + shortestChunk - 1) / shortestChunk
    }

    /// Stepping back to an entry's start loses at most the longest entry (`X03@` + 9 digits) less one.
    private static let shortestChunk = maximumChunkLength - 12

    /// The log of a reply's `LOG` items, in the order they came.
    public static func join(_ chunks: [String]) -> String {
        chunks.joined()
    }
}
