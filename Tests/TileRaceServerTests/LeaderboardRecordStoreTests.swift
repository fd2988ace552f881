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

    @Test func sprintEntriesAndTheirTimedRecordsSurviveTheJournalAndTheSnapshot() throws {
        let directory = TemporaryDirectory()
        let log = "L@0D@153X03@87R@1204"
        do {
            let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
            let submission = try store.leaderboard.submission(
                of: game(40), log: log, date: "2026-11-22", dailyDate: nil, sprintTime: 1444, nickname: "ana", token: nil
            ) { "t0k3nana" }
            try store.commit(submission.records)
            #expect(submission.receipt.sprintTime == 1444 && submission.receipt.sprintRank == 1)
            store.close()
        }
        for _ in 0..<2 {  // from the journal, then from the snapshot
            let store = try LeaderboardStore.open(directory: directory.path)
            #expect(store.leaderboard.entry(of: "ana", on: .sprint)?.sprintTime == 1444)
            #expect(store.leaderboard.entry(of: "ana", on: .sprint)?.log == log)
            #expect(store.leaderboard.entry(of: "ana", on: .sprintDaily("2026-11-22"))?.sprintTime == 1444)
            #expect(store.leaderboard.entry(of: "ana", on: .allTime)?.sprintTime == nil)
            store.close()
        }
        #expect(try directory.read("leaderboard.snapshot").contains("board=sprint nick=ana"))
    }

    @Test func aNicknameWhoseOnlyEntryIsASprintStaysClaimed() throws {
        var leaderboard = Leaderboard(capacity: 1)
        _ = try leaderboard.submit(game(10), date: "2026-01-01", dailyDate: nil, sprintTime: 5000, nickname: "ana", token: nil) { "ta" }
        _ = try leaderboard.submit(game(90), date: "2026-01-01", dailyDate: nil, nickname: "bo", token: nil) { "tb" }
        #expect(leaderboard.entry(of: "ana", on: .allTime) == nil)
        let claim = try #require(leaderboard.claims["ana"])
        #expect(!leaderboard.isExpired(claim, on: "2026-06-01"))
        #expect(leaderboard.removeExpiredClaims(on: "2026-06-01") == 0)
        leaderboard.apply(.removal(sequence: 10, .sprint, nickname: "ana", reason: ""))
        leaderboard.apply(.removal(sequence: 11, .sprintDaily("2026-01-01"), nickname: "ana", reason: ""))
        #expect(leaderboard.isExpired(claim, on: "2026-06-01"))
    }

    @Test func aSprintRecordReadsBackAndNeedsItsTimeExactlyOnASprintBoard() throws {
        let text =
            "entry seq=2 board=sprint nick=ana score=40 max=32 moves=20 time=9000 size=4 target=2048 assists=0 seed=7 date=2026-11-20"
        let record = try LeaderboardRecord(text: text + " sprint=8000 log=L@0R@8000")
        #expect(record.text == text + " sprint=8000 log=L@0R@8000")
        guard case .entry(.sprint, let entry) = record else {
            Issue.record("not a sprint entry: \(record)")
            return
        }
        #expect(entry.sprintTime == 8000)
        #expect(throws: LeaderboardRecordError.self) { try LeaderboardRecord(text: text) }
        let allTime = text.replacingOccurrences(of: "board=sprint", with: "board=all")
        #expect(throws: LeaderboardRecordError.self) { try LeaderboardRecord(text: allTime + " sprint=8000") }
        #expect(LeaderboardBoardID("sprint-daily:2026-11-20") == .sprintDaily("2026-11-20"))
        #expect(LeaderboardBoardID("sprint-daily:2026-13-20") == nil)
        #expect(LeaderboardBoardID.sprintDaily("2026-11-20").description == "sprint-daily:2026-11-20")
    }

    @Test func aRecordThatIsNotALogIsDamage() {
        let text = "entry seq=2 board=all nick=ana score=40 max=32 moves=20 time=9000 size=4 target=2048 assists=0 seed=7 date=2026-11-20"
        #expect(throws: LeaderboardRecordError.self) { try LeaderboardRecord(text: text + " log=LRQ") }
        #expect(throws: LeaderboardRecordError.self) { try LeaderboardRecord(text: text + " log=X0") }
        let record = try? LeaderboardRecord(text: text + " log=LRX03")
        #expect(record?.text == text + " log=LRX03")
    }
}
