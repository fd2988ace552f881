/// The compacted snapshot, written to a temp file, synced and renamed, so
/// it is always whole. Ends with `end last= count= claims=`; older
/// snapshots hold claims among their records and have no `claims=`.
enum LeaderboardSnapshot {
    static let header = "tilerace-leaderboard-snapshot 1"

    static func encode(_ leaderboard: Leaderboard, claimLines: Int) -> [UInt8] {
        let records =
            leaderboard.entryRecords + leaderboard.banRecords + leaderboard.ratingRecords + leaderboard.reportRecords
            + leaderboard.assistRecords + leaderboard.heldRecords
        var text = header + "\n"
        for record in records { text += StoredLine.encode(record.text) }
        text += StoredLine.encode("end last=\(leaderboard.lastSequence) count=\(records.count) claims=\(claimLines)")
        return Array(text.utf8)
    }

    /// Any damage is an error: a snapshot is replaced atomically, so damage
    /// happened after it was written.
    static func decode(_ bytes: [UInt8], path: String) throws(StoreError) -> (Leaderboard, claimLines: Int?) {
        let (lines, tail) = StoredLine.split(bytes)
        guard let first = lines.first, String(decoding: first.bytes, as: UTF8.self) == header else {
            throw .corrupt(file: path, line: 1, detail: "not a tilerace leaderboard snapshot (expected the line \(header))")
        }
        guard tail.isEmpty else {
            throw .corrupt(file: path, line: lines.count + 1, detail: "the file ends inside a line")
        }
        var leaderboard = Leaderboard()
        var count = 0
        for (index, line) in lines.enumerated().dropFirst() {
            do throws(LeaderboardRecordError) {
                let payload = try StoredLine.decode(line.bytes)
                guard payload.hasPrefix("end ") else {
                    leaderboard.apply(try LeaderboardRecord(text: payload))
                    count += 1
                    continue
                }
                guard index == lines.count - 1 else { throw LeaderboardRecordError(detail: "the end line is not the last line") }
                let fields = payload.split(separator: " ").dropFirst()
                let values = Dictionary(
                    fields.map { word in
                        let parts = word.split(separator: "=", maxSplits: 1)
                        return (String(parts[0]), parts.count > 1 ? Int(parts[1]) : nil)
                    }, uniquingKeysWith: { _, last in last })
                guard let last = values["last"] ?? nil, let expected = values["count"] ?? nil, expected == count else {
                    throw LeaderboardRecordError(detail: "the end line does not match the \(count) records before it")
                }
                let claimLines = values["claims"] ?? nil
                if values.keys.contains("claims"), claimLines == nil {
                    throw LeaderboardRecordError(detail: "the end line's claims= is not a number")
                }
                leaderboard.advanceSequence(to: last)
                return (leaderboard, claimLines)
            } catch {
                throw .corrupt(file: path, line: index + 1, detail: error.detail)
            }
        }
        throw .corrupt(file: path, line: lines.count + 1, detail: "the snapshot ends without its end line (it is cut short)")
    }
}
