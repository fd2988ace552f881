import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

@Suite struct UpdateGameTests {
    @Test(arguments: [
        (Key.left, Direction.left), (.character("a"), .left), (.character("h"), .left),
        (.right, .right), (.character("d"), .right), (.character("l"), .right),
        (.up, .up), (.character("w"), .up), (.character("k"), .up),
        (.down, .down), (.character("s"), .down), (.character("j"), .down),
    ])
    func movementKeys(_ key: Key, _ direction: Direction) {
        #expect(Update.direction(for: key) == direction)
    }

    /// A practice board's clock starts as it is dealt, here as with the server's seed (one rule, docs/playing.md):
    /// a board of `--seed` no longer sat at 00:00.0 until the first move.
    @Test func aMoveAppliesTheEngineAndTheClockRunsFromTheDeal() {
        var model = Fixtures.practice(moves: [])
        var expected = model.session!.game
        #expect(model.session?.clock.startedAt == Fixtures.now)
        #expect(update(&model, .key(.left)).isEmpty)
        _ = try? expected.move(.left)
        #expect(model.session?.game == expected)
        #expect(model.session?.clock.startedAt == Fixtures.now)
        #expect(model.session?.serverCopy == .localOnly("it was started offline"))
    }

    @Test func practiceNotOnTheServerPausesOnlyHere() {
        var model = Fixtures.practice(moves: [])
        #expect(update(&model, .key(.character("p"))).isEmpty)
        #expect(model.session?.isPaused == true)
        #expect(update(&model, .key(.character("p"))).isEmpty)
    }

    @Test func connectedPracticeIsMirroredOnTheServer() {
        var model = Fixtures.connected(Fixtures.practice(moves: []))
        let seed = model.session!.game.seed.text
        #expect(
            update(&model, .key(.left)) == [
                .send(.practice(PracticeOptions(seed: seed, size: 4, target: 2048))), .send(.move(seq: 1, entries: [.move(.left)])),
            ])
        #expect(model.session?.serverCopy == .active)
        let options = PracticeOptions(seed: seed, size: 4, target: 2048)
        Fixtures.reply(&model, to: .practice(options), .practice(options))
        #expect(update(&model, .key(.character("u"))) == [.send(.move(seq: 2, entries: [.undo]))])
        // Pausing stops the server's clock too, so the official time is the one shown.
        #expect(update(&model, .key(.character("p"))) == [.send(.pause)])
        #expect(update(&model, .key(.character("p"))) == [.send(.resume)])
        // A new game resigns the server's copy; the next one is dealt by the server.
        _ = update(&model, .key(.left))
        _ = update(&model, .key(.character("r")))
        #expect(
            update(&model, .key(.character("y"))) == [.send(.resign), .send(.practice(PracticeOptions(seed: nil, size: 4, target: 2048)))])
        #expect(model.session?.isDealing == true)
        // The replies come in order: the RESIGN's, then the deal.
        Fixtures.reply(&model, to: .resign, .resign(score: 4))
        Fixtures.deal(&model)
        #expect(model.session?.serverCopy == .active)
        #expect(model.session?.game.seed.text != seed)
        // Leaving a game in progress resigns it too.
        for key in [Key.left, .right, .up, .down] where model.session?.game.moveCount == 0 { _ = update(&model, .key(key)) }
        _ = update(&model, .key(.character("q")))
        #expect(update(&model, .key(.character("y"))) == [.send(.resign)])
        #expect(model.screen == .menu)
    }

    @Test func aRefusedPracticeIsPlayedHereOnly() {
        var model = Fixtures.connected(Fixtures.practice(moves: []))
        let seed = model.session!.game.seed.text
        _ = update(&model, .key(.left))
        Fixtures.refuse(&model, .practice(PracticeOptions(seed: seed, size: 4, target: 2048)), .busy, "in a room")
        #expect(model.session?.serverCopy == .localOnly("the server refused it (in a room)"))
        #expect(update(&model, .key(.right)).isEmpty)
    }

    @Test func aMoveThatChangesNothingIsIgnored() throws {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Fixtures.game([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        let before = model.session
        _ = update(&model, .key(.left))
        #expect(model.session == before)
    }

    @Test func undoAndItsFailure() {
        var model = Fixtures.practice(moves: [.left])
        _ = update(&model, .key(.character("u")))
        #expect(model.session?.game.moveCount == 0)
        #expect(model.session?.game.undoCount == 1)
        _ = update(&model, .key(.character("u")))
        #expect(model.notice?.text == "nothing to undo")
    }

    @Test func removeTileWithTheCursor() throws {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Fixtures.game([[2, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 8]])
        _ = update(&model, .key(.character("x")))
        #expect(model.session?.removalCursor == Cell(row: 0, column: 0))
        _ = update(&model, .key(.right))
        _ = update(&model, .key(.character("l")))
        #expect(model.session?.removalCursor == Cell(row: 0, column: 2))
        _ = update(&model, .key(.enter))
        #expect(model.notice?.text.contains("empty") == true)
        #expect(model.session?.removalCursor != nil)
        _ = update(&model, .key(.left))
        _ = update(&model, .key(.enter))
        #expect(model.session?.removalCursor == nil)
        #expect(model.session?.game.board[0, 1] == 0)
        #expect(model.session?.game.removalCount == 1)
    }

    @Test func removingEveryTileEndsTheGame() {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Fixtures.game([[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        _ = update(&model, .key(.character("x")))
        _ = update(&model, .key(.enter))
        #expect(model.session?.game.board.largestValue == 0)
        #expect(model.session?.end?.outcome == .noMoves)
    }

    @Test func undoClearsTheNoticeOfTheStepItUndid() {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Fixtures.game([[2, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 8]])
        _ = update(&model, .key(.character("x")))
        _ = update(&model, .key(.enter))
        #expect(model.notice?.text == "tile removed")
        _ = update(&model, .key(.character("u")))
        #expect(model.notice == nil)
    }

    @Test func aMenuNoticeIsNotCarriedIntoPractice() {
        var model = Fixtures.model()
        _ = update(&model, .key(.character("r")))
        #expect(model.notice?.text.hasPrefix("offline: racing needs a server") == true)
        _ = update(&model, .tick(Fixtures.now + 100))
        model.menu.selection = .practice
        _ = Update.select(.practice, model: &model)
        #expect(model.screen == .game)
        #expect(model.notice == nil)
    }

    @Test func escapeCancelsRemoval() {
        var model = Fixtures.practice(moves: [])
        _ = update(&model, .key(.character("x")))
        _ = update(&model, .key(.escape))
        #expect(model.session?.removalCursor == nil)
        #expect(model.session?.game.removalCount == 0)
        #expect(model.screen == .game)
    }

    @Test func pauseHidesAndStopsTheClock() {
        var model = Fixtures.practice(moves: [.left])
        _ = update(&model, .tick(Fixtures.now + 10_000))
        _ = update(&model, .key(.character("p")))
        let frozen = model.session!.clock.elapsed(at: model.now)
        _ = update(&model, .tick(Fixtures.now + 60_000))
        #expect(model.session!.clock.elapsed(at: model.now) == frozen)
        _ = update(&model, .key(.left))
        #expect(model.session?.game.moveCount == 1)
        #expect(model.notice?.text == "paused: p resumes")
        _ = update(&model, .key(.character("p")))
        _ = update(&model, .tick(Fixtures.now + 61_000))
        #expect(model.session!.clock.elapsed(at: model.now) == frozen + 1_000)
    }

    @Test func resetAsksWhenInProgressAndDrawsANewSeed() {
        var model = Fixtures.practice()
        let seed = model.session!.game.seed
        _ = update(&model, .key(.character("r")))
        #expect(model.overlay == .confirm(.newGame))
        _ = update(&model, .key(.character("n")))
        #expect(model.session?.game.seed == seed)
        _ = update(&model, .key(.character("r")))
        _ = update(&model, .key(.character("y")))
        #expect(model.session?.game.seed != seed)
        #expect(model.session?.game.moveCount == 0)
        // Nothing played yet: no question.
        _ = update(&model, .key(.character("r")))
        #expect(model.overlay == nil)
    }

    @Test func leavingAGameInProgressAsks() {
        var model = Fixtures.practice()
        _ = update(&model, .key(.character("q")))
        #expect(model.overlay == .confirm(.leaveGame))
        _ = update(&model, .key(.escape))
        #expect(model.screen == .game)
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("y")))
        #expect(model.screen == .menu)
        #expect(model.session == nil)
    }

    @Test func aKeyDuringAnAnimationFinishesItAndIsApplied() {
        var model = Fixtures.practice(moves: [], animations: true)
        var expected = model.session!.game
        let keys: [(Key, Direction)] = [(.left, .left), (.up, .up), (.right, .right), (.down, .down)]
        for (key, direction) in keys {
            _ = update(&model, .key(key))
            _ = try? expected.move(direction)
            // No tick in between: every key lands while the previous animation plays.
            #expect(model.session?.animation != nil)
        }
        #expect(model.session?.game == expected)
        #expect(model.tickIntervalMilliseconds == 16)
        _ = update(&model, .tick(model.now + TileAnimation.durationMilliseconds + 1))
        #expect(model.session?.animation == nil)
    }

    @Test func noAnimationWithoutATerminal() {
        var model = Fixtures.practice(moves: [])
        _ = update(&model, .key(.left))
        #expect(model.session?.animation == nil)
    }

    @Test func reachingTheTargetInPracticeOffersToKeepPlaying() {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Fixtures.game([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])
        _ = update(&model, .key(.left))
        #expect(model.session?.end?.outcome == .won)
        #expect(model.session?.end?.stage == .reachedTarget)
        #expect(model.session?.clock.isPaused == true)
        // Keys already on their way to the board do not answer the dialog that just opened.
        Fixtures.settle(&model)
        _ = update(&model, .key(.enter))
        #expect(model.session?.end == nil)
        #expect(model.session?.isPlayingOn == true)
        #expect(model.session?.clock.isRunning == true)
    }

    @Test func noMovesLeftAsksForANicknamePrefilled() {
        var config = ClientConfig()
        config.lastNickname = "ana"
        var model = Fixtures.connected(Fixtures.model(config: config))
        _ = update(&model, .key(.character("p")))
        Fixtures.deal(&model)
        for key in [Key.left, .right, .up, .down] where model.session?.game.moveCount == 0 { _ = update(&model, .key(key)) }
        model.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        #expect(model.session?.end?.outcome == .noMoves)
        #expect(model.session?.end?.stage == .nickname(TextField("ana")))
    }
}
