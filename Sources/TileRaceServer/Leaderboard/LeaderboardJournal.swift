import TileRaceTransport

/// The append-only journal, synced before a submission is acknowledged.
/// Owned by the `FileLeaderboardService`'s disk queue.
final class LeaderboardJournal {
    static let header = "tilerace-leaderboard-journal 1"

    struct Contents {
        /// Line numbers are 1-based.
        var records: [(record: LeaderboardRecord, line: Int)] = []
        var validLength = 0
        /// Set when a torn last record was found (to be cut off).
        var tornWarning: String?
        /// `after=` in the header; nil in journals older than the header field.
        var after: Int?
    }

    let path: String
    private let file: AppendedFile
    /// Since the journal was created or reset.
    private(set) var recordCount: Int

    static func header(after: Int) -> String { header + " after=\(after)" }

    /// A torn last line is what a crash mid-append leaves (never acknowledged):
    /// it is dropped with a warning. Any other damage is an error, so nothing
    /// acknowledged is silently lost.
    static func read(_ bytes: [UInt8], path: String) throws(StoreError) -> Contents {
        let (lines, tail) = StoredLine.split(bytes)
        guard let first = lines.first else {
            throw .corrupt(file: path, line: 1, detail: "the journal is empty (not even its header line)")
        }
        let headerLine = String(decoding: first.bytes, as: UTF8.self)
        var contents = Contents(validLength: first.bytes.count + 1)
        if headerLine != header {
            let after = headerLine.hasPrefix(header + " after=") ? Int(headerLine.dropFirst(header.count + 7)) : nil
            guard let after, after >= 0 else {
                throw .corrupt(file: path, line: 1, detail: "not a tilerace leaderboard journal (expected the line \(header))")
            }
            contents.after = after
        }
        var lastSequence = contents.after
        for (index, line) in lines.enumerated().dropFirst() {
            let lineNumber = index + 1
            let record: LeaderboardRecord
            do throws(LeaderboardRecordError) {
                record = try LeaderboardRecord(text: try StoredLine.decode(line.bytes))
            } catch {
                throw .corrupt(file: path, line: lineNumber, detail: error.detail + " (a whole line: it may have been acknowledged)")
            }
            if let lastSequence, record.sequence != lastSequence + 1 {
                throw .corrupt(
                    file: path, line: lineNumber,
                    detail: "record number \(record.sequence) does not follow \(lastSequence): records are missing")
            }
            lastSequence = record.sequence
            contents.records.append((record, lineNumber))
            contents.validLength = line.offset + line.bytes.count + 1
        }
        if !tail.isEmpty {
            contents.tornWarning =
                "\(path) line \(lines.count + 1): incomplete last record ignored (\(tail.count) bytes without a line end); it was being written when the server stopped and was never acknowledged"
        }
        return contents
    }

    /// Atomically.
    static func create(path: String, after: Int) throws(StoreError) -> LeaderboardJournal {
        try StoreError.catching { () throws(FileSystem.Failure) in
            try FileSystem.replaceAtomically(path, with: Array((header(after: after) + "\n").utf8))
        }
        return try LeaderboardJournal(path: path, length: header(after: after).utf8.count + 1, recordCount: 0)
    }

    /// Cuts off anything after the good part.
    init(path: String, length: Int, recordCount: Int) throws(StoreError) {
        self.path = path
        self.recordCount = recordCount
        file = AppendedFile(path: path, length: length)
        try file.open()
    }

    /// On failure the file is cut back, so it never keeps a partial record.
    func append(_ records: [LeaderboardRecord]) throws(StoreError) {
        guard !records.isEmpty else { return }
        try file.append(Array(records.map { StoredLine.encode($0.text) }.joined().utf8))
        recordCount += records.count
    }

    /// Replaces the journal with an empty one. If the new file cannot be made
    /// (full disk), the old one stays in use.
    func reset(after: Int) throws(StoreError) {
        let header = LeaderboardJournal.header(after: after)
        let bytes = Array((header + "\n").utf8)
        try StoreError.catching { () throws(FileSystem.Failure) in try FileSystem.replaceAtomically(path, with: bytes) }
        // The path now names the new, empty journal: the old descriptor must not be written again.
        file.replaced(length: header.utf8.count + 1)
        recordCount = 0
        try file.open()
    }

    func close() {
        file.close()
    }

    deinit { close() }
}
