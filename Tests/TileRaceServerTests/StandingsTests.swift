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

    @Test func targetFirstInOrderReachedThenScoreThenMovesThenFinish() {
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
                "target-early", "target-late", "resigned-high", "over-fewer-moves", "time-same-as-over", "left-more-moves",
            ])
    }
}
