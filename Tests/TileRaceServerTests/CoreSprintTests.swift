import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServerTestSupport

@testable import TileRaceServer

/// Sprints (protocol.md section 10.2): a 4x4 game that reaches 2048 on the
/// server's seed with no assist, never paused nor restarted, goes to the
/// sprint boards with the server's time from its first entry to the entry
/// that made 2048; any other game does not.
@Suite struct CoreSprintTests {
    /// A practice started without `seed=`, its seed, and the bot's moves to 2048 on it.
    private func practiceToSprint(_ harness: CoreHarness, _ id: ConnectionID) throws -> (seed: String, moves: [Direction]) {
        let reply = harness.ask(id, "PRACTICE")
        let seed = try #require(reply.first?.field("seed"), "\(reply)")
        let moves = try #require(SprintMoves.toReach2048(seedText: seed), "the bot reaches 2048 on seed \(seed)")
        return (seed, moves)
    }

    /// Sends `moves` from entry `seq` on, one a line at a person's pace
    /// (`gap`), so no rule of fair play holds the game. Returns the next entry's number.
    @discardableResult
    private func play(_ harness: CoreHarness, _ id: ConnectionID, _ moves: [Direction], from seq: Int = 1) -> Int {
        var seq = seq
        for (index, move) in moves.enumerated() {
            if index > 0 { harness.advance(Self.gap(index)) }
            let reply = harness.ask(id, "MOVE \(seq) \(move.letter)")
            #expect(reply.contains { $0.hasPrefix("OK MOVE") }, "\(reply)")
            seq += 1
        }
        return seq
    }

    /// The ms before move `index` (from 0): 180 to 420, about four moves a second.
    private static func gap(_ index: Int) -> Int { [180, 260, 420][index % 3] }

    /// The time from the first move to move `index`.
    private static func time(toMove index: Int) -> Int { (1..<(index + 1)).reduce(0) { $0 + gap($1) } }

    @Test func aSprintInPracticeGoesOnTheSprintBoardsWithTheServersTime() throws {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        harness.advance(5000)  // before the first move: not part of the sprint
        let (seed, moves) = try practiceToSprint(harness, ana)
        play(harness, ana, moves)
        // Played on after 2048, and paused at the "keep going?" question: still a sprint.
        _ = harness.ask(ana, "PAUSE")
        harness.advance(60_000)
        _ = harness.ask(ana, "RESIGN")
        let expected = Self.time(toMove: moves.count - 1)
        let submitted = harness.ask(ana, "SUBMIT ana")
        let receipt = try #require(try Self.receipt(submitted))
        #expect(receipt.sprintTime == expected)
        #expect(receipt.sprintRank == 1 && receipt.sprintBest == expected && receipt.sprintImproved == true)
        let top = harness.ask(ana, "TOP board=sprint")
        #expect(top.count == 2)
        #expect(top.first?.field("sprint") == String(expected))
        #expect(top.first?.field("seed") == seed)
        #expect(top.last?.hasPrefix("OK TOP board=sprint total=1") == true)
        let today = harness.core.today
        #expect(harness.ask(ana, "TOP board=sprint-daily").last == "OK TOP board=sprint-daily date=\(today) total=1 offset=0 count=1")
        // The record is timed, and its first entry that made 2048 is at the sprint time.
        let record = harness.ask(ana, "RECORD ana board=sprint")
        let log = try GameLog(parsing: RecordChunks.join(record.dropLast().map { String($0.dropFirst(4)) }))
        #expect(log.isTimed)
        #expect(log.times?[moves.count - 1] == expected)
        #expect(log.times?.first == 0)
        let replay = try Replay.run(seedText: seed, log: log.description)
        let entry = try #require(harness.leaderboard.leaderboard.entry(of: "ana", on: .sprint))
        #expect(replay.game.score == entry.score && replay.game.moveCount == entry.moves)
        #expect(entry.sprintTime == expected)
        #expect(harness.leaderboard.leaderboard.entry(of: "ana", on: .sprintDaily(today))?.sprintTime == expected)
    }

    /// What keeps a game that reaches 2048 off the sprint boards.
    enum Spoiler: String, CaseIterable, CustomTestStringConvertible {
        case seedGiven, undo, removal, paused, restarted
        var testDescription: String { rawValue }
    }

    @Test(arguments: Spoiler.allCases)
    func aGameReaching2048IsNoSprintWhen(_ spoiler: Spoiler) throws {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let (seed, moves) = try practiceToSprint(harness, ana)
        var seq = 1
        switch spoiler {
        case .seedGiven:
            _ = harness.ask(ana, "RESIGN")
            #expect(harness.ask(ana, "PRACTICE seed=\(seed)").first?.hasPrefix("OK PRACTICE") == true)
        case .undo:
            #expect(harness.ask(ana, "MOVE 1 \(moves[0].letter)Z").first?.hasPrefix("OK MOVE") == true)
            seq = 3
        case .removal:
            // Remove a tile, undo the removal: the board is as before, the assist counted.
            let rows = Game(config: .standard, seed: try Seed(parsing: seed)).board.rows
            let cell = try #require((0..<16).first { rows[$0 / 4][$0 % 4] != 0 })
            #expect(harness.ask(ana, "MOVE 1 X\(cell / 4)\(cell % 4)Z").first?.hasPrefix("OK MOVE") == true)
            seq = 3
        case .paused:
            _ = harness.ask(ana, "PAUSE")
            _ = harness.ask(ana, "RESUME")
        case .restarted:
            _ = harness.ask(ana, "MOVE 1 \(moves[0].letter)")
            _ = harness.ask(ana, "RESTART")
        }
        play(harness, ana, moves, from: seq)
        _ = harness.ask(ana, "RESIGN")
        let receipt = try #require(try Self.receipt(harness.ask(ana, "SUBMIT ana")))
        #expect(receipt.largestTile2048OrMore(harness: harness))
        #expect(receipt.sprintTime == nil)
        #expect(harness.ask(ana, "TOP board=sprint").last?.hasPrefix("OK TOP board=sprint total=0") == true)
    }

    @Test func aRaceToTheTargetIsASprintAndItsRecordIsTimed() throws {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE friday")
        _ = harness.ask(bo, "JOIN friday")
        _ = harness.ask(ana, "READY")
        _ = harness.ask(bo, "READY")
        harness.advance(ServerLimits.standard.countdownMilliseconds)
        let start = try #require(harness.take(ana).first { $0.hasPrefix("START ") })
        let seed = try #require(start.field("seed"))
        let moves = try #require(SprintMoves.toReach2048(seedText: seed))
        harness.advance(700)
        play(harness, ana, moves)
        let receipt = try #require(try Self.receipt(harness.ask(ana, "SUBMIT ana")))
        #expect(receipt.sprintTime == Self.time(toMove: moves.count - 1))
    }

    private static func receipt(_ lines: [String]) throws -> SubmitReceipt? {
        guard let line = lines.last, case .ok(.submit(let receipt)) = try ServerMessage.parse(line) else {
            Issue.record("not OK SUBMIT: \(lines)")
            return nil
        }
        return receipt
    }
}

extension SubmitReceipt {
    /// Whether the submitted game's entry shows a tile of 2048 or more.
    fileprivate func largestTile2048OrMore(harness: CoreHarness) -> Bool {
        (harness.leaderboard.leaderboard.entry(of: nickname, on: .allTime)?.largestTile ?? 0) >= 2048
    }
}
