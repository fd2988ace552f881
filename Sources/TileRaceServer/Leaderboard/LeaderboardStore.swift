import TileRaceTransport

/// The leaderboard and its files: snapshot, claims, journal, and a lock so
/// two servers never write the same files (mode 0600, directory 0700).
/// Without a directory it lives in memory only.
///
/// Owned by one serial queue (the `FileLeaderboardService`'s disk queue); not
/// thread-safe.
public final class LeaderboardStore {
    /// Journal records after which the store compacts itself.
    public static let defaultCompactionThreshold = 1000

    public private(set) var leaderboard: Leaderboard
    /// Nil in memory.
    public let directory: String?
    /// What opening noticed but survived (e.g. a torn last journal record).
    public private(set) var warnings: [String] = []

    private var journal: LeaderboardJournal?
    private var claimsFile: LeaderboardClaimsFile?
    private var lockDescriptor: Int32 = -1
    private let compactionThreshold: Int
    /// Expired claims are forgotten at the start only (a look through every
    /// claim); the compaction then rewrites the claims file without them.
    private var needsClaimsRewrite = false
    /// Claims committed since the claims file was written, in order: a
    /// compaction appends them without looking through every claim.
    private var unwrittenClaims: [NicknameClaim] = []

    private init(directory: String?, leaderboard: Leaderboard, compactionThreshold: Int) {
        self.directory = directory
        self.leaderboard = leaderboard
        self.compactionThreshold = compactionThreshold
    }

    public static func inMemory(_ leaderboard: Leaderboard = Leaderboard()) -> LeaderboardStore {
        LeaderboardStore(directory: nil, leaderboard: leaderboard, compactionThreshold: .max)
    }

    /// Opens (creating if needed) the store, loads it, replays the journal,
    /// forgets claims expired on `today`, then compacts.
    /// - Parameter acceptingLoss: start even when records are known to be
    ///   missing; only on the operator's explicit choice.
    /// - Throws: `corrupt`, `missingRecords`, `locked` or `io`.
    public static func open(
        directory: String, compactionThreshold: Int = defaultCompactionThreshold, acceptingLoss: Bool = false, today: String? = nil
    ) throws(StoreError) -> LeaderboardStore {
        let paths = Paths(directory: directory)
        let lockDescriptor = try StoreError.catching { () throws(FileSystem.Failure) in
            try FileSystem.makeDirectories(directory)
            return try FileSystem.lock(paths.lock)
        }
        guard let lock = lockDescriptor else { throw .locked(directory: directory) }
        do throws(StoreError) {
            let store = try load(paths: paths, compactionThreshold: compactionThreshold, acceptingLoss: acceptingLoss, today: today)
            store.lockDescriptor = lock
            return store
        } catch {
            FileSystem.unlock(lock)
            throw error
        }
    }

    private static func load(
        paths: Paths, compactionThreshold: Int, acceptingLoss: Bool, today: String?
    ) throws(StoreError) -> LeaderboardStore {
        let snapshotBytes = try read(paths.snapshot)
        let snapshot = try snapshotBytes.map { (bytes) throws(StoreError) in try LeaderboardSnapshot.decode(bytes, path: paths.snapshot) }
        var leaderboard = snapshot?.0 ?? Leaderboard()
        let snapshotLast = leaderboard.lastSequence
        let snapshotClaimLines = snapshot?.claimLines ?? 0
        let claims = try read(paths.claims).map { (bytes) throws(StoreError) in try LeaderboardClaimsFile.read(bytes, path: paths.claims) }
        for claim in claims?.claims ?? [] { leaderboard.apply(.claim(claim)) }
        let store = LeaderboardStore(directory: paths.directory, leaderboard: leaderboard, compactionThreshold: compactionThreshold)
        store.claimsFile = LeaderboardClaimsFile(path: paths.claims, contents: claims)
        if let warning = claims?.tornWarning { store.warnings.append("warning: " + warning) }
        var losses: [StoreError] = []
        let claimLines = claims?.claims.count ?? 0
        if claimLines < snapshotClaimLines {
            losses.append(
                .missingRecords(
                    files: [paths.snapshot, paths.claims],
                    detail: "the snapshot was written with \(snapshotClaimLines) claims in the claims file, which "
                        + (claims == nil ? "is missing" : "has \(claimLines)")))
        }
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
        if let today { store.forgetExpiredClaims(on: today) }
        guard !contents.records.isEmpty || contents.after != nil else {
            // No journal (a new data directory, or a loss just accepted): start one after the snapshot.
            store.journal = try LeaderboardJournal.create(path: paths.journal, after: snapshotLast)
            if !losses.isEmpty || store.needsClaimsRewrite { try store.compact() }
            return store
        }
        for (record, _) in contents.records where record.sequence > snapshotLast {
            store.leaderboard.apply(record)
            store.leaderboard.advanceSequence(to: record.sequence)
        }
        if let today { store.forgetExpiredClaims(on: today) }
        if let claimsFile = store.claimsFile {
            store.unwrittenClaims = store.leaderboard.claimRecords(after: claimsFile.lastSequence).compactMap(\.claim)
        }
        if let warning = contents.tornWarning { store.warnings.append("warning: " + warning) }
        store.journal = try LeaderboardJournal(
            path: paths.journal, length: contents.validLength, recordCount: contents.records.count)
        if !contents.records.isEmpty || !losses.isEmpty || store.needsClaimsRewrite {
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
        try StoreError.catching { () throws(FileSystem.Failure) in try FileSystem.read(path) }
    }

    /// When this returns, the records survive a crash; when it throws, nothing
    /// changed.
    /// - Returns: warnings about a compaction that failed (the records are safe).
    @discardableResult
    public func commit(_ records: [LeaderboardRecord]) throws(StoreError) -> [String] {
        guard !records.isEmpty else { return [] }
        try journal?.append(records)
        for record in records {
            leaderboard.apply(record)
            leaderboard.advanceSequence(to: record.sequence)
        }
        if directory != nil { unwrittenClaims += records.compactMap(\.claim) }
        guard let journal, journal.recordCount >= compactionThreshold else { return [] }
        do throws(StoreError) {
            try compact()
            return []
        } catch {
            return ["warning: leaderboard compaction failed (the journal keeps every record): \(error.message)"]
        }
    }

    /// A crash between compaction's steps is harmless: records already in the
    /// claims file or snapshot are applied again, to no effect.
    public func compact() throws(StoreError) {
        guard let directory, let journal, let claimsFile else { return }
        if needsClaimsRewrite {
            try claimsFile.rewrite(leaderboard.claimRecords(after: 0).compactMap(\.claim), through: leaderboard.lastSequence)
            needsClaimsRewrite = false
        } else {
            try claimsFile.append(unwrittenClaims)
        }
        unwrittenClaims = []
        let snapshot = LeaderboardSnapshot.encode(leaderboard, claimLines: claimsFile.lineCount)
        try StoreError.catching { () throws(FileSystem.Failure) in
            try FileSystem.replaceAtomically(Paths(directory: directory).snapshot, with: snapshot)
        }
        try journal.reset(after: leaderboard.lastSequence)
    }

    /// Until the next start an expired claim stays in memory and on disk,
    /// where the rules treat it as gone (`Leaderboard.isExpired`).
    private func forgetExpiredClaims(on today: String) {
        if leaderboard.removeExpiredClaims(on: today) > 0, directory != nil { needsClaimsRewrite = true }
    }

    public func close() {
        journal?.close()
        journal = nil
        claimsFile?.close()
        claimsFile = nil
        if lockDescriptor >= 0 { FileSystem.unlock(lockDescriptor) }
        lockDescriptor = -1
    }

    deinit { close() }

    struct Paths {
        var directory: String
        var snapshot: String { directory + "/leaderboard.snapshot" }
        var journal: String { directory + "/leaderboard.journal" }
        var claims: String { directory + "/leaderboard.claims" }
        var lock: String { directory + "/leaderboard.lock" }
    }
}
