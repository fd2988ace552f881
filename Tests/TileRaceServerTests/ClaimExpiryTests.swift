import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Claims that never got an entry on any board expire after 30 days without
/// use, so they do not pile up; a use (a submission with the token on a new
/// day) keeps a claim alive.
@Suite struct ClaimExpiryTests {
    private func claim(_ sequence: Int, _ nickname: String, _ token: String, _ date: String?) -> LeaderboardRecord {
        .claim(NicknameClaim(sequence: sequence, nickname: nickname, token: token, date: date))
    }

    private func game(_ score: Int) -> GameResult {
        GameResult(score: score, largestTile: 8, moves: 3, milliseconds: 1000, size: 4, target: 2048, assists: 0, seed: "1")
    }

    @Test func aClaimWithoutEntriesExpiresAfterThirtyDaysWithoutUse() throws {
        var board = Leaderboard()
        board.apply(claim(1, "ana", "secret", "2026-10-01"))
        let made = try #require(board.claims["ana"])
        #expect(!board.isExpired(made, on: "2026-10-31"))  // 30 days
        #expect(board.isExpired(made, on: "2026-11-01"))  // 31 days
        #expect(board.claim(of: "ANA", on: "2026-10-31") != nil)
        #expect(board.claim(of: "ANA", on: "2026-11-01") == nil)
    }

    @Test func anEntryOnAnyBoardKeepsTheClaimForever() {
        var board = Leaderboard()
        board.apply(claim(1, "ana", "secret", "2020-01-01"))
        board.apply(.entry(.daily("2020-01-01"), BoardEntry(sequence: 2, nickname: "Ana", result: game(8), date: "2020-01-01")))
        #expect(board.claim(of: "ana", on: "2026-11-23") != nil)
        let removed = board.removeExpiredClaims(on: "2026-11-23")
        #expect(removed == 0)
    }

    @Test func claimsStoredBeforeExpiryNeverExpire() {
        var board = Leaderboard()
        board.apply(claim(1, "ana", "secret", nil))
        #expect(board.claim(of: "ana", on: "2099-01-01") != nil)
    }

    @Test func anotherPlayerMayClaimAnExpiredNickname() throws {
        var board = Leaderboard()
        board.apply(claim(1, "ana", "old", "2026-09-01"))
        // Not expired yet: the claim stands.
        let changed = board.apply(claim(2, "ana", "new", "2026-09-20"))
        #expect(!changed)
        #expect(board.claims["ana"]?.token == "old")
        // Expired: a new claim replaces it, and a submission claims it afresh.
        let submission = try board.submit(game(0), date: "2026-11-01", dailyDate: nil, nickname: "ana", token: nil) { "new" }
        #expect(submission.receipt.token == "new")
        #expect(board.claims["ana"]?.token == "new")
        #expect(board.claims["ana"]?.date == "2026-11-01")
    }

    @Test func aSubmissionOnANewDayRecordsTheClaimsUse() throws {
        var board = Leaderboard()
        board.apply(claim(1, "ana", "secret", "2026-10-01"))
        var replayed = board
        let submission = try board.submit(game(0), date: "2026-10-20", dailyDate: nil, nickname: "ana", token: "secret") { "unused" }
        #expect(submission.records.first == claim(2, "ana", "secret", "2026-10-20"))
        for record in submission.records { replayed.apply(record) }
        #expect(replayed == board)
        // The same day again records no second use.
        let again = try board.submit(game(0), date: "2026-10-20", dailyDate: nil, nickname: "ana", token: "secret") { "unused" }
        #expect(again.records.allSatisfy { $0.claim == nil })
    }

    @Test func expiredClaimsAreForgotten() {
        var board = Leaderboard()
        board.apply(claim(1, "old", "a", "2026-01-01"))
        board.apply(claim(2, "recent", "b", "2026-11-20"))
        board.apply(claim(3, "legacy", "c", nil))
        let removed = board.removeExpiredClaims(on: "2026-11-23")
        #expect(removed == 1)
        #expect(Set(board.claims.keys) == ["recent", "legacy"])
    }

    @Test func dayNumbers() {
        #expect(UTCTime.dayNumber(of: "1970-01-01") == 0)
        #expect(UTCTime.dayNumber(of: "2026-11-23").map { UTCTime.date(epochMilliseconds: $0 * 86_400_000) } == "2026-11-23")
        #expect(UTCTime.dayNumber(of: "2024-03-01")! - UTCTime.dayNumber(of: "2024-02-28")! == 2)
        for bad in ["2026-02-30", "2026-13-01", "2026-1-1x", "", "2026-11"] { #expect(UTCTime.dayNumber(of: bad) == nil) }
    }
}
