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
        #expect(Update.sprintNote(receipt(sprint: nil, rank: nil), showsTime: true) == nil)
        #expect(Update.sprintNote(receipt(sprint: 83_456, rank: 3), showsTime: false) == "a sprint: 3rd on the sprint board")
        #expect(
            Update.sprintNote(receipt(sprint: 83_456, rank: 3), showsTime: true) == "sprint 01:23.4 to 2048: 3rd on the sprint board")
        #expect(
            Update.sprintNote(receipt(sprint: 95_000, rank: 1, best: 83_456, improved: false), showsTime: false)
                == "a sprint: stays 1st on the sprint board, best 01:23.4")
        #expect(
            Update.sprintNote(receipt(sprint: 7_000_000, rank: nil), showsTime: true)
                == "sprint 116:40.0 to 2048: not in the top 100 of the sprint board")
    }

    /// Played on past 2048, the game's time and its sprint's are different spans: both are said, each for what it is.
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
                == .closed(
                    message: "ana is 2nd on the leaderboard with 20 116 · sprint 01:23.4 to 2048: 3rd on the sprint board", kind: .success))
    }

    /// Ended at 2048, the game has one time: the server's sprint time, which the dialog shows where its own
    /// clock's was (`03:06.7` beside `sprint 3:05.2`), in the one format (`mm:ss.t`) every time is written in.
    @Test func aPracticeSprintShowsOneTimeTheOfficialOne() {
        var model = Fixtures.connected(Fixtures.practice(moves: [.left, .up, .right]))
        model.session?.end = EndOfGame(
            outcome: .won,
            result: GameResult(
                score: 20_116, largestTile: 2048, moves: 900, milliseconds: 186_700, size: 4, target: 2048, assists: 0, seed: "42"),
            stage: .submitting(nickname: "ana"))
        Fixtures.reply(&model, to: .submit(nickname: "ana", token: nil), .submit(receipt(sprint: 185_200, rank: 3)))
        #expect(model.session?.end?.time == 185_200)
        let screen = view(model, size: model.size, theme: .classic).plainText
        let times = screen.matches(of: /\d\d:\d\d\.\d/).map { String(screen[$0.range]) }
        #expect(times.count >= 2 && Set(times) == ["03:05.2"], "the header, the dialog (and the panel where it shows)\n\(screen)")
        #expect(!screen.contains("03:06.7") && !screen.contains(" 3:05.2"))
        #expect(
            model.session?.end?.stage
                == .closed(message: "ana is 2nd on the leaderboard with 20 116 · a sprint: 3rd on the sprint board", kind: .success))
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
            #expect(text.contains("r new game    c save    q menu"), "\(size)\n\(text)")
            let board = "ana is 2nd on the leaderboard with 20 116"
            #expect(rows.contains { $0.contains(board) && !$0.contains("sprint") }, "\(size)\n\(text)")
            #expect(rows.contains { $0.contains("sprint 01:23.4 to 2048: 3rd on the sprint board") }, "\(size)\n\(text)")
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
