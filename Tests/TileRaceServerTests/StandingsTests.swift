import Testing
import TileRaceProtocol

@testable import TileRaceServer

struct StandingsTests {
    private func finisher(_ nickname: String, _ reason: FinishReason, score: Int, moves: Int, order: Int) -> Standings.Finisher {
        Standings.Finisher(
            nickname: nickname, reason: reason,
            result: GameResult(
                score: score, largestTile: 0, moves: moves, milliseconds: order * 100, size: 4, target: 2048, assists: 0, seed: "1"),
            order: order)
    }

    @Test func targetFirstInOrderReachedThenPlayedOnThenGaveUpEachByScoreThenMovesThenFinish() {
        let finishers = [
            finisher("resigned-high", .resigned, score: 900, moves: 50, order: 0),
            finisher("target-late", .target, score: 100, moves: 30, order: 4),
            finisher("over-fewer-moves", .over, score: 500, moves: 40, order: 2),
            finisher("target-early", .target, score: 80, moves: 20, order: 1),
            finisher("left-more-moves", .left, score: 500, moves: 60, order: 3),
            finisher("time-same-as-over", .time, score: 500, moves: 40, order: 5),
        ]
        #expect(
            Standings.rank(finishers).map(\.nickname) == [
                "target-early", "target-late", "over-fewer-moves", "time-same-as-over", "resigned-high", "left-more-moves",
            ])
    }

    /// Giving up never ranks above playing on, whatever the score; among
    /// those who gave up, resigning and leaving rank alike, by score.
    @Test func racersWhoGaveUpRankBelowEveryoneWhoPlayedOn() {
        let finishers = [
            finisher("resigned-first", .resigned, score: 0, moves: 0, order: 0),
            finisher("left-high", .left, score: 2000, moves: 90, order: 1),
            finisher("over-low", .over, score: 4, moves: 3, order: 2),
            finisher("time-low", .time, score: 8, moves: 5, order: 3),
        ]
        #expect(Standings.rank(finishers).map(\.nickname) == ["time-low", "over-low", "left-high", "resigned-first"])
    }
}
