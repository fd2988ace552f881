import Testing
import TileRaceBot
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The practice hint: asked for with `i`, found off the loop (an effect),
/// dropped when stale, and a game with a hint shown is not offered for submission.
@Suite struct UpdateHintTests {
    @Test func iAsksForTheMoveOnTheBoardShown() {
        var model = Fixtures.practice()
        let board = model.session!.game.board
        #expect(update(&model, .key(.character("i"))) == [.findHint(board)])
        // Asked once per board.
        #expect(update(&model, .key(.character("i"))).isEmpty)
        let direction = Bot.strongest.bestMove(on: board)
        _ = update(&model, .hintFound(board: board, direction: direction))
        #expect(model.session?.currentHint == Hint(board: board, direction: direction))
        #expect(model.session?.hasShownHint == true)
        #expect(model.notice?.text.hasPrefix("hint: ") == true)
    }

    @Test func aHintForAnEarlierBoardIsDropped() {
        var model = Fixtures.practice()
        let board = model.session!.game.board
        _ = update(&model, .key(.character("i")))
        // The player moves before the search ends.
        let direction = Direction.allCases.first { board.sliding($0) != nil }!
        _ = Update.move(direction, model: &model)
        #expect(model.session!.game.board != board)
        _ = update(&model, .hintFound(board: board, direction: .left))
        #expect(model.session?.hint == nil)
        #expect(model.session?.hasShownHint == false)
    }

    @Test func aMoveTakesTheHintAway() {
        var model = Fixtures.practice()
        let board = model.session!.game.board
        let direction = Direction.allCases.first { board.sliding($0) != nil }!
        _ = update(&model, .hintFound(board: board, direction: direction))
        #expect(model.session?.currentHint != nil)
        _ = Update.move(direction, model: &model)
        #expect(model.session?.currentHint == nil)
        #expect(model.session?.hasShownHint == true)
    }

    @Test func noHintsInARace() {
        var model = Fixtures.race()
        #expect(update(&model, .key(.character("i"))).isEmpty)
        #expect(model.notice?.text == "hints are for practice games only")
    }

    @Test func aGameWithAHintIsNotOfferedForSubmission() {
        var model = Fixtures.connected(Fixtures.practice())
        model.session?.serverCopy = .active
        model.session?.hasShownHint = true
        model.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        #expect(model.session?.end?.stage == .closed(message: "a hint was shown in this game: it cannot be submitted", kind: .info))
    }
}
