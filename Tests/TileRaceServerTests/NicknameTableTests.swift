import Testing

@testable import TileRaceServer

/// No change to a table copies or rehashes more than one of its parts: with
/// a million claims that was a quarter of a second, three times over, for
/// the first new claim after a copy or when the table grew.
@Suite struct NicknameTableTests {
    @Test func aTableIsADictionaryByKey() {
        var table = NicknameTable<Int>()
        table["ana"] = 1
        table["bo"] = 2
        table["ana"] = 3
        #expect(table.count == 2)
        #expect(table["ana"] == 3)
        table["bo"] = nil
        table["nobody"] = nil
        #expect(table.count == 1)
        #expect(Array(table.keys) == ["ana"])
        var other = NicknameTable<Int>()
        other["ana"] = 3
        #expect(other == table)
        #expect(other.hashValue == table.hashValue)
        other["cy"] = 4
        #expect(other != table)
        #expect(table.isEmpty == false && NicknameTable<Int>().isEmpty)
    }

    @Test func noPartHoldsMoreThanTwiceItsShare() {
        var leaderboard = Leaderboard()
        let claims = 300_000
        for number in 1...claims {
            leaderboard.apply(.claim(NicknameClaim(sequence: number, nickname: "c\(number)", token: "t\(number)")))
        }
        #expect(leaderboard.claims.count == claims)
        #expect(leaderboard.claims.largestPart <= 2 * claims / 256, "\(leaderboard.claims.largestPart)")
    }
}
