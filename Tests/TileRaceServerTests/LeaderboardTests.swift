import Testing
import TileRaceProtocol

@testable import TileRaceServer

struct LeaderboardTests {
    private func game(_ score: Int) -> GameResult {
        GameResult(score: score, largestTile: 64, moves: score / 4, milliseconds: 60_000, size: 4, target: 2048, assists: 0, seed: "42")
    }

    /// Submits and applies, as the server does; returns the receipt.
    @discardableResult
    private func submit(
        _ board: inout Leaderboard, _ nickname: String, _ score: Int, token: String? = nil, daily: String? = nil
    ) throws -> SubmitReceipt {
        var replayed = board
        let submission = try board.submit(game(score), date: "2026-11-22", dailyDate: daily, nickname: nickname, token: token) {
            "token-\(nickname.lowercased())"
        }
        // The records alone give the same leaderboard (what the journal relies on).
        for record in submission.records { replayed.apply(record) }
        #expect(replayed == board)
        return submission.receipt
    }

    private func nicks(_ board: Leaderboard, _ id: LeaderboardBoardID = .allTime) -> [String] {
        board.entries(on: id).map(\.nickname)
    }

    @Test func ranksByScoreWithTiesInRecordingOrder() throws {
        var board = Leaderboard()
        try submit(&board, "a", 50)
        try submit(&board, "b", 80)
        try submit(&board, "c", 50)
        try submit(&board, "d", 80)
        try submit(&board, "e", 10)
        #expect(nicks(board) == ["b", "d", "a", "c", "e"])
        let receipt = try submit(&board, "f", 50)
        #expect(receipt.rank == 5)
        #expect(nicks(board) == ["b", "d", "a", "c", "f", "e"])
    }

    @Test func keepsOneBestEntryPerNicknameWithoutRegardToCase() throws {
        var board = Leaderboard()
        let first = try submit(&board, "Ana", 40)
        #expect(first == SubmitReceipt(nickname: "Ana", board: .all, score: 40, rank: 1, best: 40, improved: true, token: "token-ana"))
        try submit(&board, "bo", 60)
        let worse = try submit(&board, "ana", 30, token: "token-ana")
        #expect(worse == SubmitReceipt(nickname: "Ana", board: .all, score: 30, rank: 2, best: 40, improved: false, token: nil))
        let equal = try submit(&board, "ANA", 40, token: "token-ana")
        #expect(!equal.improved)
        let better = try submit(&board, "ana", 70, token: "token-ana")
        #expect(better == SubmitReceipt(nickname: "Ana", board: .all, score: 70, rank: 1, best: 70, improved: true, token: nil))
        #expect(nicks(board) == ["Ana", "bo"])
        #expect(board.entries(on: .allTime).map(\.score) == [70, 60])
    }

    @Test func keepsOnlyTheTopHundred() throws {
        var board = Leaderboard()
        for index in 0..<100 { try submit(&board, "p\(index)", 1000 + index) }
        #expect(board.entries(on: .allTime).count == 100)
        // Equal to the 100th: ranks 101st (recorded later), so it is not kept, but the nickname is claimed.
        let tooLow = try submit(&board, "late", 1000)
        #expect(tooLow.rank == nil && !tooLow.improved && tooLow.best == 1000 && tooLow.token == "token-late")
        #expect(!nicks(board).contains("late"))
        #expect(throws: ProtocolError.self) { try submit(&board, "late", 5000) }
        // A better one enters and pushes out the last.
        let entering = try submit(&board, "new", 1050)
        #expect(entering.rank == 51)  // p50 has 1050 too and was recorded first
        #expect(board.entries(on: .allTime).count == 100)
        #expect(!nicks(board).contains("p0"))
        #expect(board.entries(on: .allTime).last?.nickname == "p1")
    }

    @Test func aSmallerCapacityKeepsOnlyThatManyAndTheBest() throws {
        var board = Leaderboard(capacity: 2)
        #expect(board.capacity == 2 && Leaderboard().capacity == Leaderboard.capacity)
        try submit(&board, "a", 30)
        try submit(&board, "b", 10)
        let last = try submit(&board, "c", 10)
        #expect(last.rank == nil && !last.improved)
        try submit(&board, "d", 20)
        #expect(nicks(board) == ["a", "d"])
    }

    @Test func tokensProtectNicknames() throws {
        var board = Leaderboard()
        let claim = try submit(&board, "ana", 10)
        #expect(claim.token == "token-ana")
        #expect {
            try submit(&board, "ana", 20)
        } throws: { ($0 as? ProtocolError)?.code == .badToken }
        #expect {
            try submit(&board, "ANA", 20, token: "wrong")
        } throws: { ($0 as? ProtocolError)?.code == .badToken }
        #expect(board.entries(on: .allTime).map(\.score) == [10])
        let accepted = try submit(&board, "ANA", 20, token: "token-ana")
        #expect(accepted.improved && accepted.token == nil)
    }

    @Test func dailyGamesGoToTheirDayAndToAllTime() throws {
        var board = Leaderboard()
        let receipt = try submit(&board, "ana", 30, daily: "2026-11-22")
        #expect(receipt.board == .daily && receipt.rank == 1)
        try submit(&board, "ana", 50, token: "token-ana")
        let dailyWorse = try submit(&board, "ana", 20, token: "token-ana", daily: "2026-11-22")
        #expect(dailyWorse.board == .daily && !dailyWorse.improved && dailyWorse.best == 30)
        #expect(board.entries(on: .daily("2026-11-22")).map(\.score) == [30])
        #expect(board.entries(on: .allTime).map(\.score) == [50])
        #expect(board.entries(on: .daily("2026-11-23")).isEmpty)
    }

    @Test func pagesSortAndPage() throws {
        var board = Leaderboard()
        for (nickname, score) in [("dan", 30), ("Bea", 50), ("cy", 10), ("al", 50), ("Eve", 20)] {
            try submit(&board, nickname, score)
        }
        func page(_ sort: LeaderboardQuery.SortKey, _ order: LeaderboardQuery.Order? = nil, offset: Int = 0, limit: Int = 20) -> [String] {
            board.page(LeaderboardQuery(sort: sort, order: order, offset: offset, limit: limit), today: "2026-11-22").entries
                .map { "\($0.rank):\($0.nickname)" }
        }
        #expect(page(.rank) == ["1:Bea", "2:al", "3:dan", "4:Eve", "5:cy"])
        #expect(page(.rank, .desc) == ["5:cy", "4:Eve", "3:dan", "2:al", "1:Bea"])
        #expect(page(.score) == ["1:Bea", "2:al", "3:dan", "4:Eve", "5:cy"])
        #expect(page(.score, .asc) == ["5:cy", "4:Eve", "3:dan", "2:al", "1:Bea"])
        #expect(page(.nickname) == ["2:al", "1:Bea", "5:cy", "3:dan", "4:Eve"])
        #expect(page(.nickname, .desc) == ["4:Eve", "3:dan", "5:cy", "1:Bea", "2:al"])
        #expect(page(.rank, offset: 1, limit: 2) == ["2:al", "3:dan"])
        #expect(page(.rank, offset: 9) == [])
        let summary = board.page(LeaderboardQuery(offset: 3, limit: 10), today: "2026-11-22").summary
        #expect(summary == TopSummary(board: .all, date: nil, total: 5, offset: 3, count: 2))
        let daily = board.page(LeaderboardQuery(board: .daily), today: "2026-11-22").summary
        #expect(daily == TopSummary(board: .daily, date: "2026-11-22", total: 0, offset: 0, count: 0))
    }

    @Test func recordsRebuildTheSameLeaderboard() throws {
        var board = Leaderboard()
        for index in 0..<30 { try submit(&board, "n\(index)", (index * 37) % 50, daily: index % 3 == 0 ? "2026-11-2\(index % 2)" : nil) }
        var rebuilt = Leaderboard()
        for record in board.records { rebuilt.apply(record) }
        rebuilt.advanceSequence(to: board.lastSequence)
        #expect(rebuilt == board)
    }

    @Test func recordTextRoundTripsAndRejectsDamage() throws {
        let entry = LeaderboardRecord.entry(
            .daily("2026-11-22"),
            BoardEntry(
                sequence: 7, nickname: "ana",
                result: GameResult(
                    score: 40, largestTile: 16, moves: 9, milliseconds: 5312, size: 4, target: 16, assists: 1, seed: "2026-11-22"),
                date: "2026-11-22"))
        let claim = LeaderboardRecord.claim(NicknameClaim(sequence: 6, nickname: "ana", token: "3f9a0c1e5b7d2a4f6e8c0b1d3a5f7e9c"))
        for record in [entry, claim] {
            #expect(try LeaderboardRecord(text: record.text) == record)
        }
        #expect(
            entry.text
                == "entry seq=7 board=daily:2026-11-22 nick=ana score=40 max=16 moves=9 time=5312 size=4 target=16 assists=1 seed=2026-11-22 date=2026-11-22"
        )
        for damaged in [
            "", "entry", "claim seq=1 nick=ana", "entry seq=x board=all", "bogus seq=1", "claim seq=1 nick=a!b token=x",
            "entry seq=2 board=weekly nick=ana score=1 max=2 moves=1 time=1 size=4 target=8 assists=0 seed=1 date=2026-11-22",
        ] {
            #expect(throws: LeaderboardRecordError.self) { try LeaderboardRecord(text: damaged) }
        }
    }
}
