import Foundation
import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Game records kept with leaderboard entries: through the journal, the
/// snapshot, crashes and data stored before records were kept.
struct LeaderboardRecordStoreTests {
    private func game(_ score: Int) -> GameResult {
        GameResult(score: score, largestTile: 32, moves: 20, milliseconds: 9000, size: 4, target: 2048, assists: 0, seed: "7")
    }

    /// A log longer than any protocol line.
    private func longLog(_ unit: String) -> String { String(repeating: unit, count: 1500) + "X03" }

    @discardableResult
    private func submit(_ store: LeaderboardStore, _ nickname: String, _ score: Int, log: String?) throws -> SubmitReceipt {
        let submission = try store.leaderboard.submission(
            of: game(score), log: log, date: "2026-11-22", dailyDate: "2026-11-22", nickname: nickname, token: "t0k3n" + nickname
        ) { "t0k3n" + nickname }
        try store.commit(submission.records)
        return submission.receipt
    }

    @Test func recordsSurviveTheJournalAndTheSnapshot() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
            try submit(store, "ana", 40, log: longLog("LR"))
            try submit(store, "bo", 60, log: "UD")
            store.close()
        }
        // Reopening replays the journal, then compacts it into the snapshot.
        let reopened = try LeaderboardStore.open(directory: directory.path)
        #expect(reopened.leaderboard.entry(of: "ana", on: .allTime)?.log == longLog("LR"))
        #expect(reopened.leaderboard.entry(of: "ana", on: .daily("2026-11-22"))?.log == longLog("LR"))
        #expect(reopened.leaderboard.entry(of: "bo", on: .allTime)?.log == "UD")
        #expect(try directory.read("leaderboard.snapshot").contains("log=" + longLog("LR")))
        reopened.close()
        let fromSnapshot = try LeaderboardStore.open(directory: directory.path)
        #expect(fromSnapshot.leaderboard.entry(of: "ana", on: .allTime)?.log == longLog("LR"))
    }

    @Test func compactionKeepsOnlyTheRecordsOfEntriesOnABoard() throws {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
        try submit(store, "ana", 40, log: longLog("LR"))
        try submit(store, "ana", 80, log: longLog("UD"))
        #expect(try directory.read("leaderboard.journal").contains(longLog("LR")))
        try store.compact()
        let snapshot = try directory.read("leaderboard.snapshot")
        #expect(!snapshot.contains(longLog("LR")))
        #expect(snapshot.contains(longLog("UD")))
        #expect(!(try directory.read("leaderboard.journal").contains("log=")))
    }

    @Test func aTornLongRecordIsIgnoredAndTheOnesBeforeItKept() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
            try submit(store, "ana", 40, log: "LRUD")
            store.close()
        }
        // A crash while appending a long record leaves part of its line.
        let journal = try directory.read("leaderboard.journal")
        let torn = StoredLine.encode(
            "entry seq=9 board=all nick=bo score=90 max=32 moves=20 time=9000 size=4 target=2048 assists=0 seed=7 date=2026-11-22 log="
                + longLog("LR"))
        try directory.write("leaderboard.journal", journal + torn.prefix(torn.count / 2))
        let store = try LeaderboardStore.open(directory: directory.path)
        #expect(store.warnings.count == 1)
        #expect(store.leaderboard.entries(on: .allTime).map(\.nickname) == ["ana"])
        #expect(store.leaderboard.entry(of: "ana", on: .allTime)?.log == "LRUD")
    }

    @Test func oldDataWithoutRecordsStillLoads() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let entry = "entry seq=2 board=all nick=ana score=40 max=32 moves=20 time=9000 size=4 target=2048 assists=0 seed=7 date=2026-11-20"
        try directory.write(
            "leaderboard.journal",
            LeaderboardJournal.header + "\n" + StoredLine.encode("claim seq=1 nick=ana token=t0k3nana") + StoredLine.encode(entry))
        let store = try LeaderboardStore.open(directory: directory.path)
        #expect(store.warnings.isEmpty)
        #expect(store.leaderboard.entry(of: "ana", on: .allTime)?.score == 40)
        #expect(store.leaderboard.entry(of: "ana", on: .allTime)?.log == nil)
        // A new, better game brings its record.
        try submit(store, "ana", 50, log: "LLR")
        #expect(store.leaderboard.entry(of: "ana", on: .allTime)?.log == "LLR")
    }

    @Test func aRecordThatIsNotALogIsDamage() {
        let text = "entry seq=2 board=all nick=ana score=40 max=32 moves=20 time=9000 size=4 target=2048 assists=0 seed=7 date=2026-11-20"
        #expect(throws: LeaderboardRecordError.self) { try LeaderboardRecord(text: text + " log=LRQ") }
        #expect(throws: LeaderboardRecordError.self) { try LeaderboardRecord(text: text + " log=X0") }
        let record = try? LeaderboardRecord(text: text + " log=LRX03")
        #expect(record?.text == text + " log=LRX03")
    }
}
