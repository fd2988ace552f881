import TileRaceTransport

/// The leaderboard and where it is kept.
///
/// In a data directory it keeps `leaderboard.snapshot` (compacted, replaced
/// atomically), `leaderboard.journal` (append-only, synced before every
/// acknowledgement) and `leaderboard.lock` (held while open, so two servers
/// never write the same files). Files are created with mode 0600, the
/// directory with 0700. Without a directory it lives in memory only.
///
/// Owned by one serial queue (the server's); not thread-safe.
public final class LeaderboardStore {
    /// The journal records after which the store compacts itself.
    public static let defaultCompactionThreshold = 1000

    /// The current leaderboard.
    public private(set) var leaderboard: Leaderboard
    /// The data directory, nil in memory.
    public let directory: String?
    /// What opening noticed but survived (e.g. an incomplete last journal record).
    public private(set) var warnings: [String] = []

    private var journal: LeaderboardJournal?
    private var lockDescriptor: Int32 = -1
    private let compactionThreshold: Int

    private init(directory: String?, leaderboard: Leaderboard, compactionThreshold: Int) {
        self.directory = directory
        self.leaderboard = leaderboard
        self.compactionThreshold = compactionThreshold
    }

    /// A store that keeps nothing on disk.
    public static func inMemory(_ leaderboard: Leaderboard = Leaderboard()) -> LeaderboardStore {
        LeaderboardStore(directory: nil, leaderboard: leaderboard, compactionThreshold: .max)
    }

    /// Opens (creating if needed) the store in `directory`, loads the snapshot
    /// and replays the journal, then compacts.
    /// - Parameter acceptingLoss: start even when records are known to be
    ///   missing (a deleted journal or snapshot), keeping what is left; the
    ///   operator's explicit choice (`tilerace serve --accept-leaderboard-loss`).
    /// - Throws: `corrupt` naming the file and line of any damage other than an
    ///   incomplete last journal record; `missingRecords` when the snapshot and
    ///   the journal do not join up; `locked` if another server holds it; `io`
    ///   when a file cannot be read or written.
    public static func open(
        directory: String, compactionThreshold: Int = defaultCompactionThreshold, acceptingLoss: Bool = false
    ) throws(StoreError) -> LeaderboardStore {
        let paths = Paths(directory: directory)
        let lockDescriptor: Int32?
        do throws(FileSystem.Failure) {
            try FileSystem.makeDirectories(directory)
            lockDescriptor = try FileSystem.lock(paths.lock)
        } catch {
            throw StoreError(error)
        }
        guard let lock = lockDescriptor else { throw .locked(directory: directory) }
        do throws(StoreError) {
            let store = try load(paths: paths, compactionThreshold: compactionThreshold, acceptingLoss: acceptingLoss)
            store.lockDescriptor = lock
            return store
        } catch {
            FileDescriptor.close(lock)
            throw error
        }
    }

    private static func load(paths: Paths, compactionThreshold: Int, acceptingLoss: Bool) throws(StoreError) -> LeaderboardStore {
        var leaderboard = Leaderboard()
        var snapshotLast = 0
        let snapshotBytes = try read(paths.snapshot)
        if let snapshotBytes {
            leaderboard = try LeaderboardSnapshot.decode(snapshotBytes, path: paths.snapshot)
            snapshotLast = leaderboard.lastSequence
        }
        let store = LeaderboardStore(directory: paths.directory, leaderboard: leaderboard, compactionThreshold: compactionThreshold)
        var losses: [StoreError] = []
        var contents = LeaderboardJournal.Contents()
        if let bytes = try read(paths.journal) {
            do throws(StoreError) {
                contents = try LeaderboardJournal.read(bytes, path: paths.journal)
            } catch {
                // An empty journal file is a lost one; any other damage stops the start.
                guard bytes.isEmpty else { throw error }
                losses.append(.missingRecords(files: [paths.journal], detail: "the journal is empty (not even its header line)"))
            }
        } else if snapshotBytes != nil {
            // A compacted leaderboard always has its journal beside it.
            losses.append(.missingRecords(files: [paths.snapshot, paths.journal], detail: "the journal is missing"))
        }
        // The journal must continue where the snapshot ends.
        let journalStart = contents.after ?? contents.records.first.map { $0.record.sequence - 1 }
        if let journalStart, journalStart > snapshotLast {
            losses.append(
                .missingRecords(
                    files: [paths.snapshot, paths.journal],
                    detail: "the snapshot ends at record \(snapshotLast) but the journal continues after record \(journalStart): "
                        + "records \(snapshotLast + 1) to \(journalStart) are missing"
                        + (snapshotBytes == nil ? " (the snapshot is missing)" : "")))
        }
        if let loss = losses.first {
            guard acceptingLoss else { throw loss }
            for loss in losses { store.warnings.append("warning: accepted the loss: \(loss.message)") }
        }
        guard !contents.records.isEmpty || contents.after != nil else {
            // No journal (a new data directory, or a loss just accepted): start one after the snapshot.
            store.journal = try LeaderboardJournal.create(path: paths.journal, after: snapshotLast)
            if !losses.isEmpty { try store.compact() }
            return store
        }
        for (record, _) in contents.records where record.sequence > snapshotLast {
            store.leaderboard.apply(record)
            store.leaderboard.advanceSequence(to: record.sequence)
        }
        if let warning = contents.tornWarning { store.warnings.append("warning: " + warning) }
        store.journal = try LeaderboardJournal(
            path: paths.journal, length: contents.validLength, recordCount: contents.records.count)
        if !contents.records.isEmpty || !losses.isEmpty {
            // A compaction that fails (a full disk) does not stop the start: the journal keeps every record.
            do throws(StoreError) {
                try store.compact()
            } catch {
                store.warnings.append("warning: leaderboard compaction at start failed (the journal keeps every record): \(error.message)")
            }
        }
        return store
    }

    private static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        do throws(FileSystem.Failure) {
            return try FileSystem.read(path)
        } catch {
            throw StoreError(error)
        }
    }

    /// Stores records durably (journal, synced) and applies them. When this
    /// returns, the records survive a crash; when it throws, nothing changed.
    /// - Returns: warnings about a compaction that failed (the records are safe).
    @discardableResult
    public func commit(_ records: [LeaderboardRecord]) throws(StoreError) -> [String] {
        guard !records.isEmpty else { return [] }
        try journal?.append(records)
        for record in records {
            leaderboard.apply(record)
            leaderboard.advanceSequence(to: record.sequence)
        }
        guard let journal, journal.recordCount >= compactionThreshold else { return [] }
        do throws(StoreError) {
            try compact()
            return []
        } catch {
            return ["warning: leaderboard compaction failed (the journal keeps every record): \(error.message)"]
        }
    }

    /// Writes a snapshot of the whole leaderboard (temp file, sync, rename,
    /// directory sync), then empties the journal. A crash between the two
    /// steps is harmless: records already in the snapshot are skipped on load.
    public func compact() throws(StoreError) {
        guard let directory, let journal else { return }
        do throws(FileSystem.Failure) {
            try FileSystem.replaceAtomically(Paths(directory: directory).snapshot, with: LeaderboardSnapshot.encode(leaderboard))
        } catch {
            throw StoreError(error)
        }
        try journal.reset(after: leaderboard.lastSequence)
    }

    /// Closes the files and releases the data directory.
    public func close() {
        journal?.close()
        journal = nil
        if lockDescriptor >= 0 { FileDescriptor.close(lockDescriptor) }
        lockDescriptor = -1
    }

    deinit { close() }

    /// The files of a data directory.
    struct Paths {
        var directory: String
        var snapshot: String { directory + "/leaderboard.snapshot" }
        var journal: String { directory + "/leaderboard.journal" }
        var lock: String { directory + "/leaderboard.lock" }
    }
}
