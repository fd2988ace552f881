import TileRaceTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The append-only journal: one checksummed line per record, synced to disk
/// before a submission is acknowledged.
///
/// Owned by the server's queue (through `LeaderboardStore`).
final class LeaderboardJournal {
    /// The first line of every journal.
    static let header = "tilerace-leaderboard-journal 1"

    /// What reading a journal found.
    struct Contents {
        /// The records with their 1-based line numbers.
        var records: [(record: LeaderboardRecord, line: Int)] = []
        /// The length of the good part of the file.
        var validLength = 0
        /// Set when an incomplete last record was found (and should be cut off).
        var tornWarning: String?
    }

    let path: String
    private var fd: Int32
    private var length: Int
    /// Records appended since the journal was created or reset.
    private(set) var recordCount: Int

    /// Reads a journal. A damaged or incomplete *last* record is what a crash
    /// while appending leaves (it was never acknowledged): it is reported in
    /// `tornWarning` and left out. Damage anywhere else is an error.
    static func read(_ bytes: [UInt8], path: String) throws(StoreError) -> Contents {
        let (lines, tail) = StoredLine.split(bytes)
        guard let first = lines.first, String(decoding: first.bytes, as: UTF8.self) == header else {
            throw .corrupt(file: path, line: 1, detail: "not a tilerace leaderboard journal (expected the line \(header))")
        }
        var contents = Contents(validLength: first.bytes.count + 1)
        var lastSequence = 0
        for (index, line) in lines.enumerated().dropFirst() {
            let lineNumber = index + 1
            let isLast = index == lines.count - 1 && tail.isEmpty
            let record: LeaderboardRecord
            do throws(LeaderboardRecordError) {
                record = try LeaderboardRecord(text: try StoredLine.decode(line.bytes))
            } catch {
                guard isLast else { throw .corrupt(file: path, line: lineNumber, detail: error.detail) }
                contents.tornWarning =
                    "\(path) line \(lineNumber): damaged last record ignored (\(error.detail)); it was being written when the server stopped and was never acknowledged"
                return contents
            }
            guard record.sequence > lastSequence else {
                throw .corrupt(file: path, line: lineNumber, detail: "record number \(record.sequence) does not follow \(lastSequence)")
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

    /// Creates an empty journal (atomically) and opens it.
    static func create(path: String) throws(StoreError) -> LeaderboardJournal {
        do throws(FileSystem.Failure) {
            try FileSystem.replaceAtomically(path, with: Array((header + "\n").utf8))
        } catch {
            throw StoreError(error)
        }
        return try LeaderboardJournal(path: path, length: header.utf8.count + 1, recordCount: 0)
    }

    /// Opens an existing journal whose good part is `length` bytes long,
    /// cutting off anything after it.
    init(path: String, length: Int, recordCount: Int) throws(StoreError) {
        self.path = path
        self.length = length
        self.recordCount = recordCount
        do throws(FileSystem.Failure) {
            fd = try FileSystem.openForAppending(path)
            var size = stat()
            if fstat(fd, &size) == 0, Int(size.st_size) != length {
                try FileSystem.truncate(fd, to: length, path: path)
                try FileSystem.sync(fd, path: path)
            }
        } catch {
            throw StoreError(error)
        }
    }

    /// Appends records and syncs them to disk. On failure the file is cut back
    /// to where it was, so a failed write leaves no partial record.
    func append(_ records: [LeaderboardRecord]) throws(StoreError) {
        guard !records.isEmpty else { return }
        if fd < 0 { try reopen() }
        let bytes = Array(records.map { StoredLine.encode($0.text) }.joined().utf8)
        do throws(FileSystem.Failure) {
            try FileSystem.writeAll(fd, bytes, path: path)
            try FileSystem.sync(fd, path: path)
        } catch {
            try? FileSystem.truncate(fd, to: length, path: path)
            throw StoreError(error)
        }
        length += bytes.count
        recordCount += records.count
    }

    /// Replaces the journal with an empty one (after a snapshot holds its
    /// records). When the new file cannot be made (a full disk), the old one
    /// stays open and in use; once the new file is in place, appends go to it
    /// (reopened on the next append if opening it failed now).
    func reset() throws(StoreError) {
        do throws(FileSystem.Failure) {
            try FileSystem.replaceAtomically(path, with: Array((LeaderboardJournal.header + "\n").utf8))
        } catch {
            throw StoreError(error)
        }
        // The path now names the new, empty journal: the old descriptor must not be written again.
        FileDescriptor.close(fd)
        fd = -1
        length = LeaderboardJournal.header.utf8.count + 1
        recordCount = 0
        try reopen()
    }

    private func reopen() throws(StoreError) {
        do throws(FileSystem.Failure) {
            fd = try FileSystem.openForAppending(path)
        } catch {
            throw StoreError(error)
        }
    }

    /// Closes the file.
    func close() {
        if fd >= 0 { FileDescriptor.close(fd) }
        fd = -1
    }

    deinit { close() }
}
