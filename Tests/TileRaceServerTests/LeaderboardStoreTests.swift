import Foundation
import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer
@testable import TileRaceTransport

struct LeaderboardStoreTests {
    private func game(_ score: Int) -> GameResult {
        GameResult(score: score, largestTile: 32, moves: 20, milliseconds: 9000, size: 4, target: 2048, assists: 0, seed: "7")
    }

    /// The records a submission would store.
    private func submission(_ store: LeaderboardStore, _ nickname: String, _ score: Int) throws -> [LeaderboardRecord] {
        try store.leaderboard.submission(of: game(score), date: "2026-11-22", dailyDate: nil, nickname: nickname, token: nil) {
            "t0k3n" + nickname
        }.records
    }

    /// Submits through the store, as the server does.
    @discardableResult
    private func submit(_ store: LeaderboardStore, _ nickname: String, _ score: Int, token: String? = nil) throws -> SubmitReceipt {
        let submission = try store.leaderboard.submission(
            of: game(score), date: "2026-11-22", dailyDate: nil, nickname: nickname, token: token
        ) { "t0k3n" + nickname }
        try store.commit(submission.records)
        return submission.receipt
    }

    @Test func entriesAndClaimsSurviveReopening() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path)
            try submit(store, "ana", 40)
            try submit(store, "bo", 60)
            try submit(store, "ana", 70, token: "t0k3nana")
            store.close()
        }
        let reopened = try LeaderboardStore.open(directory: directory.path)
        #expect(reopened.warnings.isEmpty)
        #expect(reopened.leaderboard.entries(on: .allTime).map { "\($0.nickname):\($0.score)" } == ["ana:70", "bo:60"])
        #expect(throws: ProtocolError.self) { try submit(reopened, "ANA", 99) }
        let receipt = try submit(reopened, "ANA", 99, token: "t0k3nana")
        #expect(receipt.rank == 1)
        // Reopening compacted the journal into the claims file and the snapshot.
        #expect(try directory.read("leaderboard.claims").contains("claim seq=1 nick=ana token=t0k3nana date=2026-11-22"))
        #expect(try directory.read("leaderboard.snapshot").contains("board=all nick=ana score=70"))
        #expect(!(try directory.read("leaderboard.snapshot").contains("claim ")))
        #expect(try directory.read("leaderboard.journal").split(separator: "\n").count == 2)
    }

    @Test func filesArePrivate() throws {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path + "/deeper/data")
        try submit(store, "ana", 1)
        try store.compact()
        #expect(filePermissions(directory.path + "/deeper/data") == 0o700)
        for name in ["leaderboard.journal", "leaderboard.snapshot", "leaderboard.claims", "leaderboard.lock"] {
            #expect(filePermissions(directory.path + "/deeper/data/" + name) == 0o600)
        }
    }

    @Test func aTornLastRecordIsIgnoredWithAWarningAndCutOff() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path)
            try submit(store, "ana", 40)
            store.close()
        }
        // Two good records (claim, entry); then a crash in the middle of the third.
        let journal = try directory.read("leaderboard.journal")
        try directory.write("leaderboard.journal", journal + StoredLine.encode("claim seq=3 nick=bo token=abc").dropLast(12))
        let store = try LeaderboardStore.open(directory: directory.path)
        #expect(store.warnings.count == 1)
        #expect(store.warnings.first?.contains("leaderboard.journal line 4: incomplete last record ignored") == true)
        #expect(store.leaderboard.entries(on: .allTime).map(\.nickname) == ["ana"])
        try submit(store, "bo", 50)
        store.close()
        let again = try LeaderboardStore.open(directory: directory.path)
        #expect(again.warnings.isEmpty)
        #expect(again.leaderboard.entries(on: .allTime).map(\.nickname) == ["bo", "ana"])
    }

    @Test func aDamagedCompleteLastRecordStopsTheStart() throws {
        // Only a line without its end is what a crash while appending leaves;
        // a whole line may have been acknowledged, so it is never dropped.
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let good = StoredLine.encode("claim seq=1 nick=ana token=abc")
        try directory.write("leaderboard.journal", LeaderboardJournal.header + "\n" + good + "00000000 claim seq=2 nick=bo token=x\n")
        #expect {
            try LeaderboardStore.open(directory: directory.path)
        } throws: { error in
            guard case .corrupt(let file, let line, let detail) = error as? StoreError else { return false }
            return file.hasSuffix("leaderboard.journal") && line == 3 && detail.contains("it may have been acknowledged")
        }
    }

    /// A data directory with a snapshot and a journal, compacted after 3 submissions, then 2 more.
    private func compactedDirectory() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
        for (index, nickname) in ["ana", "bo", "cy"].enumerated() { try submit(store, nickname, 10 * index) }
        try store.compact()
        for (index, nickname) in ["dee", "eve"].enumerated() { try submit(store, nickname, 5 * index) }
        store.close()
        return directory
    }

    @Test func aDeletedSnapshotStopsTheStartNamingTheMissingRecords() throws {
        let directory = try compactedDirectory()
        try FileManager.default.removeItem(atPath: directory.file("leaderboard.snapshot"))
        #expect(
            throws: StoreError.missingRecords(
                files: [directory.file("leaderboard.snapshot"), directory.file("leaderboard.journal")],
                detail:
                    "the snapshot ends at record 0 but the journal continues after record 6: records 1 to 6 are missing (the snapshot is missing)"
            )
        ) {
            try LeaderboardStore.open(directory: directory.path)
        }
    }

    @Test func aDeletedOrEmptiedJournalStopsTheStart() throws {
        let directory = try compactedDirectory()
        try FileManager.default.removeItem(atPath: directory.file("leaderboard.journal"))
        #expect(
            throws: StoreError.missingRecords(
                files: [directory.file("leaderboard.snapshot"), directory.file("leaderboard.journal")], detail: "the journal is missing")
        ) {
            try LeaderboardStore.open(directory: directory.path)
        }
        try directory.write("leaderboard.journal", "")
        #expect(
            throws: StoreError.missingRecords(
                files: [directory.file("leaderboard.journal")], detail: "the journal is empty (not even its header line)")
        ) {
            try LeaderboardStore.open(directory: directory.path)
        }
    }

    @Test func theOperatorMayAcceptTheLossAndTheRestIsKept() throws {
        let directory = try compactedDirectory()
        try FileManager.default.removeItem(atPath: directory.file("leaderboard.journal"))
        let store = try LeaderboardStore.open(directory: directory.path, acceptingLoss: true)
        #expect(
            store.warnings == [
                "warning: accepted the loss: "
                    + StoreError.missingRecords(
                        files: [directory.file("leaderboard.snapshot"), directory.file("leaderboard.journal")],
                        detail: "the journal is missing"
                    ).message
            ])
        #expect(store.leaderboard.entries(on: .allTime).map(\.nickname) == ["cy", "bo", "ana"])
        try submit(store, "fay", 1)
        store.close()
        // The accepted state is whole again: the next start needs no flag.
        let reopened = try LeaderboardStore.open(directory: directory.path)
        #expect(reopened.leaderboard.entries(on: .allTime).count == 4)
    }

    @Test func aJournalSaysWhereItContinues() throws {
        let directory = try compactedDirectory()
        let journal = try String(contentsOfFile: directory.file("leaderboard.journal"), encoding: .utf8)
        #expect(journal.hasPrefix(LeaderboardJournal.header + " after=6\n"))
        let reopened = try LeaderboardStore.open(directory: directory.path)
        #expect(reopened.leaderboard.entries(on: .allTime).count == 5)
    }

    @Test func aDamagedRecordInTheMiddleStopsTheLoadNamingFileAndLine() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
            for (index, nickname) in ["ana", "bo", "cy"].enumerated() { try submit(store, nickname, 10 * index) }
            store.close()
        }
        // Line 1 is the header, 2 ana's claim, 3 ana's entry: change its score behind the checksum's back.
        var lines = try directory.read("leaderboard.journal").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[2].contains("entry seq=2 board=all nick=ana score=0"))
        lines[2] = lines[2].replacingOccurrences(of: "score=0", with: "score=9")
        try directory.write("leaderboard.journal", lines.joined(separator: "\n"))
        #expect {
            try LeaderboardStore.open(directory: directory.path)
        } throws: { error in
            guard let error = error as? StoreError, case .corrupt(let file, let line, let detail) = error else { return false }
            return file.hasSuffix("leaderboard.journal") && line == 3 && detail.contains("checksum")
                && error.message.contains("line 3") && error.message.contains("not loaded")
        }
        // Nothing was lost or rewritten: the file is as it was.
        #expect(try directory.read("leaderboard.journal") == lines.joined(separator: "\n"))
    }

    @Test func aDamagedSnapshotIsAnError() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path)
            try submit(store, "ana", 40)
            try store.compact()
            store.close()
        }
        let snapshot = try directory.read("leaderboard.snapshot")
        try directory.write("leaderboard.snapshot", String(snapshot.dropLast(20)))
        #expect {
            try LeaderboardStore.open(directory: directory.path)
        } throws: { error in
            guard case .corrupt(let file, _, _)? = error as? StoreError else { return false }
            return file.hasSuffix("leaderboard.snapshot")
        }
    }

    @Test func aCrashBetweenSnapshotAndJournalResetDoesNotDuplicate() throws {
        let directory = TemporaryDirectory()
        let journalBefore: String
        do {
            let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
            try submit(store, "ana", 40)
            try submit(store, "bo", 30)
            journalBefore = try directory.read("leaderboard.journal")
            try store.compact()
            store.close()
        }
        // As if the server died after renaming the snapshot, before emptying the journal.
        try directory.write("leaderboard.journal", journalBefore)
        let store = try LeaderboardStore.open(directory: directory.path)
        #expect(store.leaderboard.entries(on: .allTime).map(\.nickname) == ["ana", "bo"])
        let receipt = try submit(store, "cy", 35)
        #expect(receipt.rank == 2)
        #expect(store.leaderboard.lastSequence == 6)
    }

    @Test func compactionAppendsOnlyTheNewClaims() throws {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
        for index in 0..<3 { try submit(store, "n\(index)", index) }
        try store.compact()
        let first = try directory.read("leaderboard.claims")
        try submit(store, "n3", 3)
        try submit(store, "n0", 9, token: "t0k3nn0")  // a claim already saved: nothing new to append (same day)
        try store.compact()
        let second = try directory.read("leaderboard.claims")
        #expect(second.hasPrefix(first))
        #expect(second.dropFirst(first.count).split(separator: "\n").count == 1)
        #expect(second.hasSuffix("claim seq=7 nick=n3 token=t0k3nn3 date=2026-11-22\n"))
        #expect(try directory.read("leaderboard.snapshot").contains("claims=4"))
        store.close()
        let reopened = try LeaderboardStore.open(directory: directory.path)
        #expect(reopened.leaderboard.claims.count == 4)
        #expect(reopened.leaderboard.entry(of: "n0", on: .allTime)?.score == 9)
    }

    #if os(Linux)
        /// A child spawned by another test holds a copy of every descriptor
        /// until its exec closes it; a copy of the lock's must not keep the
        /// directory locked once the store is closed (the cause of
        /// `compactionAppendsOnlyTheNewClaims` failing now and then: its
        /// reopening found the directory locked).
        @Test func aCopyOfTheLockDescriptorDoesNotOutliveClose() throws {
            let directory = TemporaryDirectory()
            let store = try LeaderboardStore.open(directory: directory.path)
            let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { Int32($0) }
            let lockPath = directory.file("leaderboard.lock")
            let lock = try #require(
                descriptors.first { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == lockPath })
            let copy = dup(lock)
            defer { close(copy) }
            store.close()
            let reopened = try LeaderboardStore.open(directory: directory.path)
            reopened.close()
        }
    #endif

    @Test func aDeletedClaimsFileStopsTheStart() throws {
        let directory = try compactedDirectory()
        try FileManager.default.removeItem(atPath: directory.file("leaderboard.claims"))
        #expect(
            throws: StoreError.missingRecords(
                files: [directory.file("leaderboard.snapshot"), directory.file("leaderboard.claims")],
                detail: "the snapshot was written with 3 claims in the claims file, which is missing")
        ) {
            try LeaderboardStore.open(directory: directory.path)
        }
        let store = try LeaderboardStore.open(directory: directory.path, acceptingLoss: true)
        // What the journal holds is kept: the claims made after the snapshot.
        #expect(Set(store.leaderboard.claims.keys) == ["dee", "eve"])
        #expect(store.leaderboard.entries(on: .allTime).count == 5)
    }

    @Test func aSnapshotWithClaimsInsideLoadsAndMovesThemToTheClaimsFile() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        // A snapshot as written before the claims file existed.
        let old =
            [
                "tilerace-leaderboard-snapshot 1",
                StoredLine.encode("claim seq=1 nick=ana token=t0k3nana").dropLast(),
                StoredLine.encode("end last=1 count=1").dropLast(),
            ].joined(separator: "\n") + "\n"
        try directory.write("leaderboard.snapshot", old)
        try directory.write("leaderboard.journal", "tilerace-leaderboard-journal 1 after=1\n")
        let store = try LeaderboardStore.open(directory: directory.path)
        #expect(store.leaderboard.claims["ana"]?.token == "t0k3nana")
        try submit(store, "bo", 5)
        try store.compact()
        #expect(try directory.read("leaderboard.claims").contains("claim seq=1 nick=ana token=t0k3nana\n"))
        store.close()
        let reopened = try LeaderboardStore.open(directory: directory.path)
        #expect(Set(reopened.leaderboard.claims.keys) == ["ana", "bo"])
    }

    @Test func expiredClaimsAreDroppedFromTheClaimsFileAtStart() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path)
            try store.commit([
                .claim(NicknameClaim(sequence: 1, nickname: "gone", token: "a", date: "2026-01-01")),
                .claim(NicknameClaim(sequence: 2, nickname: "kept", token: "b", date: "2026-11-20")),
            ])
            try store.compact()
            store.close()
        }
        let store = try LeaderboardStore.open(directory: directory.path, today: "2026-11-23")
        #expect(Set(store.leaderboard.claims.keys) == ["kept"])
        #expect(!(try directory.read("leaderboard.claims").contains("nick=gone")))
        #expect(try directory.read("leaderboard.snapshot").contains("claims=1"))
        store.close()
        #expect(Set(try LeaderboardStore.open(directory: directory.path).leaderboard.claims.keys) == ["kept"])
    }

    /// Looking through every claim for expired ones happens at the start
    /// only, never while a submission waits; until then the rules treat an
    /// expired claim as gone.
    @Test func aNewDayLooksThroughNoClaimsUntilTheNextStart() throws {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path, today: "2026-01-01")
        try store.commit([.claim(NicknameClaim(sequence: 1, nickname: "gone", token: "a", date: "2026-01-01"))])
        try store.commit([.claim(NicknameClaim(sequence: 2, nickname: "new", token: "b", date: "2026-11-23"))])
        #expect(store.leaderboard.claims["gone"] != nil)
        #expect(store.leaderboard.claim(of: "gone", on: "2026-11-23") == nil)
        try store.commit([.claim(NicknameClaim(sequence: 3, nickname: "gone", token: "c", date: "2026-11-23"))])
        #expect(store.leaderboard.claims["gone"]?.token == "c")
        store.close()
        let reopened = try LeaderboardStore.open(directory: directory.path, today: "2026-11-23")
        #expect(Set(reopened.leaderboard.claims.keys) == ["gone", "new"])
        #expect(reopened.leaderboard.claims["gone"]?.token == "c")
    }

    @Test func compactsAfterTheThreshold() throws {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: 5)
        for index in 0..<4 { try submit(store, "n\(index)", index) }  // 8 records: compacts after the 5th or 6th
        #expect(FileSystem.exists(directory.file("leaderboard.snapshot")))
        store.close()
        let reopened = try LeaderboardStore.open(directory: directory.path)
        #expect(reopened.leaderboard.entries(on: .allTime).count == 4)
    }

    @Test func aFailedCompactionLeavesTheJournalWorking() throws {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: 2)
        // The new journal cannot be written (as on a full disk): its temporary file's name is taken by a directory.
        try FileSystem.makeDirectories(directory.file("leaderboard.journal.tmp"))
        let warnings = try store.commit(try submission(store, "ana", 40))
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: leaderboard compaction failed (the journal keeps every record)") == true)
        // Later submissions still go to the old journal, and survive.
        try submit(store, "bo", 30)
        try submit(store, "cy", 20)
        store.close()
        // A start on a disk that cannot take the compaction still starts, and says so.
        let reopened = try LeaderboardStore.open(directory: directory.path)
        #expect(reopened.leaderboard.entries(on: .allTime).map(\.nickname) == ["ana", "bo", "cy"])
        #expect(reopened.warnings.contains { $0.hasPrefix("warning: leaderboard compaction at start failed") })
        reopened.close()
        // Space is back: compaction works again.
        _ = rmdir(directory.file("leaderboard.journal.tmp"))
        let again = try LeaderboardStore.open(directory: directory.path, compactionThreshold: 2)
        try submit(again, "dee", 10)
        again.close()
        #expect(try LeaderboardStore.open(directory: directory.path).leaderboard.entries(on: .allTime).count == 4)
    }

    @Test func oneServerPerDataDirectory() throws {
        let directory = TemporaryDirectory()
        let first = try LeaderboardStore.open(directory: directory.path)
        #expect(throws: StoreError.locked(directory: directory.path)) { try LeaderboardStore.open(directory: directory.path) }
        first.close()
        _ = try LeaderboardStore.open(directory: directory.path)
    }

    @Test func demoFillsOnlyAnEmptyLeaderboard() throws {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path)
        let games = try Autoplayer.demoGames(150)
        let kept = try LeaderboardDemo.fill(store, games: games, random: .system, date: "2026-11-22")
        #expect(kept == 100)
        let entries = store.leaderboard.entries(on: .allTime)
        // People's nicknames (issue 44: random letters), numbered once all are taken.
        #expect(
            entries.allSatisfy { entry in
                Names.isValidName(entry.nickname) && LeaderboardDemo.nicknames.contains { entry.nickname.hasPrefix($0) }
            })
        #expect(Set(entries.map { $0.nickname.lowercased() }).count == entries.count)
        // Each entry is its game as played: the record is kept, and replaying it gives the entry's figures.
        let bySeed = Dictionary(uniqueKeysWithValues: games.map { ($0.seed.text, $0) })
        for entry in entries {
            let game = try #require(bySeed[entry.seed])
            #expect(entry.log == game.log.description)
            let replayed = Replay.run(seed: game.seed, log: game.log).game
            #expect(entry.result.differences(from: replayed) == [])
            #expect(entry.milliseconds == game.milliseconds && entry.size == 4 && entry.target == 2048)
        }
        // The best 100 stay.
        let scores = games.map { Replay.run(seed: $0.seed, log: $0.log).game.score }.sorted(by: >)
        #expect(entries.map(\.score) == Array(scores.prefix(100)))
        #expect(throws: StoreError.notEmpty(directory: directory.path)) {
            try LeaderboardDemo.fill(store, games: [], random: .system, date: "2026-11-22")
        }
        store.close()
        #expect(try LeaderboardStore.open(directory: directory.path).leaderboard.entries(on: .allTime).count == 100)
    }

    @Test func storeErrorMessages() {
        #expect(
            StoreError.corrupt(file: "/d/leaderboard.journal", line: 4, detail: "checksum mismatch").message
                == "/d/leaderboard.journal line 4: checksum mismatch; the leaderboard was not loaded, so that no entry is lost (repair or move the file away)"
        )
        #expect(StoreError.locked(directory: "/d").message == "the data directory /d is in use by another tilerace server")
        #expect(StoreError.notEmpty(directory: "/d").message == "the leaderboard in /d is not empty; --demo only fills an empty one")
        #expect(
            StoreError.io(operation: "open", path: "/d/x", reason: "Permission denied").message == "cannot open /d/x: Permission denied")
    }
}
