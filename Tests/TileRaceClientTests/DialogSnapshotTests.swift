import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The dialogs as drawn (issue 21): "keep going?" offers to submit only what
/// can be submitted, and one dialog is drawn at a time.
@Suite struct DialogSnapshotTests {
    private func snapshot(
        _ model: Model, _ name: String, size: TerminalSize = TerminalSize(width: 80, height: 24),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var model = model
        model.size = size
        assertSnapshot(view(model, size: size, theme: .classic).plainText, named: name, sourceLocation: sourceLocation)
    }

    /// A practice game mirrored on the server that just reached its target.
    private func targetReached(hint: Bool, size: TerminalSize = TerminalSize(width: 80, height: 24)) -> Model {
        var model = Fixtures.connected(Fixtures.practice(size: size, moves: []))
        _ = update(&model, .key(.up))
        model.session?.hasShownHint = hint
        model.session?.game = Fixtures.game(UpdateDialogTests.nearTarget)
        _ = update(&model, .key(.left))
        #expect(model.session?.serverCopy == .active)
        #expect(model.session?.end?.stage == .reachedTarget)
        return model
    }

    @Test func keepGoingOffersToSubmitOnlyWhatCanBeSubmitted() {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18)] {
            snapshot(targetReached(hint: false, size: size), "end-reached-target-submit-\(size)-classic", size: size)
            snapshot(targetReached(hint: true, size: size), "end-reached-target-hint-\(size)-classic", size: size)
        }
    }

    @Test func aLostConnectionIsDrawnAloneOverAFinishedGame() {
        var model = Fixtures.connected(Fixtures.practice())
        model.session?.serverCopy = .active
        model.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        snapshot(model, "end-under-connection-problem-80x24-classic")
        Fixtures.settle(&model)
        _ = update(&model, .key(.character("o")))
        snapshot(model, "end-after-connection-problem-80x24-classic")
    }

    @Test func playingOnPastTheTargetEndsWithNoMoreMoves() {
        var model = Fixtures.practice()
        model.session?.isPlayingOn = true
        model.session?.game = UpdateDialogTests.wonGame(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        snapshot(model, "end-no-more-moves-80x24-classic")
    }
}
