import Testing
import TileRaceProtocol

@testable import TileRaceClient

/// The end-of-game dialog and sprints: a race won at 2048 with no assist
/// says it is a sprint; `OK SUBMIT`'s sprint fields say where its time landed.
@Suite struct SprintEndOfGameTests {
    private func receipt(sprint: Int?, rank: Int?, best: Int? = nil, improved: Bool? = nil) -> SubmitReceipt {
        SubmitReceipt(
            nickname: "ana", board: .all, score: 20_116, rank: 2, best: 20_116, improved: true, token: nil, sprintTime: sprint,
            sprintRank: rank, sprintBest: best ?? sprint, sprintImproved: improved ?? (sprint != nil ? true : nil))
    }

    @Test func theSubmitReplySaysWhereTheSprintLanded() {
        #expect(Update.sprintNote(receipt(sprint: nil, rank: nil)) == nil)
        #expect(Update.sprintNote(receipt(sprint: 83_456, rank: 3)) == "sprint 1:23.4: 3rd on the sprint board")
        #expect(
            Update.sprintNote(receipt(sprint: 95_000, rank: 1, best: 83_456, improved: false))
                == "sprint 1:35.0: stays 1st on the sprint board, best 1:23.4")
        #expect(Update.sprintNote(receipt(sprint: 7_000_000, rank: nil)) == "sprint 116:40.0: not in the top 100 of the sprint board")
    }

    @Test func theClosedDialogCarriesTheSprintRank() {
        var model = Fixtures.connected(Fixtures.practice(moves: [.left, .up, .right]))
        model.session?.end = EndOfGame(
            outcome: .noMoves,
            result: GameResult(
                score: 20_116, largestTile: 2048, moves: 900, milliseconds: 1, size: 4, target: 2048, assists: 0, seed: "42"),
            stage: .submitting(nickname: "ana"))
        Fixtures.reply(&model, to: .submit(nickname: "ana", token: nil), .submit(receipt(sprint: 83_456, rank: 3)))
        #expect(
            model.session?.end?.stage
                == .closed(message: "ana is 2nd on the leaderboard with 20 116 · sprint 1:23.4: 3rd on the sprint board", kind: .success))
    }

    /// Issue 44: the result wrapped mid-phrase and pushed the keys out of the dialog.
    @Test func theSubmittedResultKeepsItsKeysInView() throws {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18)] {
            var model = Fixtures.connected(PracticeChartTests.played(size: size))
            model.session?.end?.stage = .submitting(nickname: "ana")
            var claimed = receipt(sprint: 83_456, rank: 3)
            claimed.token = "0123456789abcdef0123456789abcdef"
            Fixtures.reply(&model, to: .submit(nickname: "ana", token: nil), .submit(claimed))
            let text = view(model, size: size, theme: .classic).plainText
            let rows = text.split(separator: "\n")
            #expect(text.contains("r new game    q menu"), "\(size)\n\(text)")
            let board = "ana is 2nd on the leaderboard with 20 116"
            #expect(rows.contains { $0.contains(board) && !$0.contains("sprint") }, "\(size)\n\(text)")
            #expect(rows.contains { $0.contains("sprint 1:23.4: 3rd on the sprint board") }, "\(size)\n\(text)")
        }
    }

    @Test func aRaceWonAt2048WithoutAssistsIsASprint() {
        var model = Fixtures.race()
        let result = GameResult(
            score: 20_116, largestTile: 2048, moves: 900, milliseconds: 90_000, size: 4, target: 2048, assists: 0, seed: "42")
        model.session?.end = EndOfGame(outcome: .won, result: result, stage: .nickname(TextField("ana")))
        let session = model.session!
        #expect(EndOfGameView.sprintLine(session.end!, session: session) == "a sprint: submitted, its time goes on the sprint board")
        #expect(view(model, size: model.size, theme: .classic).plainText.contains("a sprint: submitted"))
        var assisted = session.end!
        assisted.result.assists = 1
        #expect(EndOfGameView.sprintLine(assisted, session: session) == nil)
        var practice = session
        practice.mode = .practice
        #expect(EndOfGameView.sprintLine(session.end!, session: practice) == nil, "a practice seed is the client's: never a sprint")
        var closed = session.end!
        closed.stage = .closed(message: "done", kind: .success)
        #expect(EndOfGameView.sprintLine(closed, session: session) == nil)
    }
}
