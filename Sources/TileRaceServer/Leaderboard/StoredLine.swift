/// The line format of the leaderboard's files: `<crc32 hex> <payload>\n`,
/// where the checksum covers the payload's bytes.
enum StoredLine {
    /// The line for a payload, with its newline.
    static func encode(_ payload: String) -> String {
        CRC32.hex(payload.utf8) + " " + payload + "\n"
    }

    /// The payload of a line (without its newline).
    /// - Throws: what is wrong with the line.
    static func decode(_ bytes: ArraySlice<UInt8>) throws(LeaderboardRecordError) -> String {
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw LeaderboardRecordError(detail: "the line holds bytes that are not printable ASCII")
        }
        guard bytes.count > 9, bytes[bytes.startIndex + 8] == UInt8(ascii: " ") else {
            throw LeaderboardRecordError(detail: "the line does not start with a checksum")
        }
        let checksum = String(decoding: bytes.prefix(8), as: UTF8.self)
        let payload = bytes.dropFirst(9)
        guard CRC32.hex(payload) == checksum else {
            throw LeaderboardRecordError(detail: "checksum mismatch (the record is damaged)")
        }
        return String(decoding: payload, as: UTF8.self)
    }

    /// Splits file content into complete lines (with the byte offset where each
    /// starts) and the bytes after the last newline.
    static func split(_ bytes: [UInt8]) -> (lines: [(offset: Int, bytes: ArraySlice<UInt8>)], tail: ArraySlice<UInt8>) {
        var lines: [(Int, ArraySlice<UInt8>)] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append((start, bytes[start..<index]))
            start = index + 1
        }
        return (lines, bytes[start...])
    }
}
