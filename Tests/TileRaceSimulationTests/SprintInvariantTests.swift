import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer
import TileRaceServerTestSupport

@testable import TileRaceSimulation

/// The simulator's sprint-board invariant (protocol.md section 10.2): it
/// holds for a sprint the rules recorded, and catches a board that breaks it.
@Suite struct SprintInvariantTests {
    /// A sprint on seed 1: its timed record (an entry every 20 ms) and its sprint time.
    private static func sprint() throws -> (log: GameLog, time: Int, result: GameResult) {
        let moves = try #require(SprintMoves.toReach2048(seedText: "1"))
        let log = try #require(GameLog(moves.map(GameLog.Entry.move), times: moves.indices.map { $0 * 20 }))
        let game = Replay.run(seed: try Seed(parsing: "1"), config: .standard, log: log).game
        let result = GameResult(
            score: game.score, largestTile: game.board.largestValue, moves: game.moveCount, milliseconds: 30_000, size: 4, target: 2048,
            assists: 0, seed: "1")
        return (log, (moves.count - 1) * 20, result)
    }

    private static func entry(_ sprint: (log: GameLog, time: Int, result: GameResult), time: Int? = nil, log: String? = nil) -> BoardEntry {
        BoardEntry(
            sequence: 1, nickname: "ana", result: sprint.result, date: "2026-11-25", log: log ?? sprint.log.description,
            sprintTime: time ?? sprint.time)
    }

    @Test func aSprintAsTheServerRecordsItKeepsTheInvariant() throws {
        let sprint = try Self.sprint()
        #expect(Simulation.sprintViolation(on: .sprint, [Self.entry(sprint)]) == nil)
    }

    @Test func aSprintTimeThatIsNotTheTimeOfIts2048EntryIsCaught() throws {
        let sprint = try Self.sprint()
        let violation = Simulation.sprintViolation(on: .sprint, [Self.entry(sprint, time: sprint.time + 1)])
        #expect(violation == "ana's entry on sprint has the sprint time \(sprint.time + 1) but its 2048 entry is at \(sprint.time) ms")
    }

    @Test func anUntimedOrShortRecordIsCaught() throws {
        let sprint = try Self.sprint()
        #expect(
            Simulation.sprintViolation(on: .sprint, [Self.entry(sprint, log: sprint.log.untimed.description)])
                == "ana's entry on sprint has no timed record")
        #expect(
            Simulation.sprintViolation(on: .sprintDaily("2026-11-25"), [Self.entry(sprint, log: "L@0R@20")])
                == "ana's entry on sprint-daily:2026-11-25: its record never makes 2048")
    }
}
