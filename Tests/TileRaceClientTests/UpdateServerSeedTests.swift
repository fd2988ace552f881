import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// A practice game dealt by the server (so it can be a sprint): asked
/// without a seed, played once the seed comes; the fallbacks to the client's
/// own seed (refusal, no answer in time, no connection); the warning before
/// pausing a game that can still be a sprint.
@Suite struct UpdateServerSeedTests {
    static let dealRequest = ClientMessage.practice(PracticeOptions(seed: nil, size: 4, target: 2048))

    /// A connected model on the menu that just chose Practice: the server is asked to deal.
    private func dealing() -> (Model, [Effect]) {
        var model = Fixtures.connected(Fixtures.model())
        let effects = update(&model, .key(.character("p")))
        return (model, effects)
    }

    /// A practice game the server dealt on seed `server-seed`.
    private func dealt() -> Model {
        var (model, _) = dealing()
        Fixtures.reply(&model, to: Self.dealRequest, .practice(PracticeOptions(seed: "server-seed", size: 4, target: 2048)))
        return model
    }

    /// Plays the first move that changes the board; its effects.
    @discardableResult
    private func firstMove(_ model: inout Model) -> [Effect] {
        for key in [Key.left, .right, .up, .down] {
            let effects = update(&model, .key(key))
            if model.session?.game.moveCount == 1 { return effects }
        }
        Issue.record("no move changed the board")
        return []
    }

    @Test func practiceWhileConnectedAsksTheServerForTheSeedAndWaits() {
        var (model, effects) = dealing()
        #expect(effects == [.send(Self.dealRequest)])
        #expect(model.screen == .game)
        #expect(model.session?.isDealing == true)
        #expect(model.network.gameChangesAwaitingReply == 1)
        // Moves wait for the seed.
        #expect(update(&model, .key(.left)).isEmpty)
        #expect(update(&model, .key(.character("p"))).isEmpty)
        #expect(model.session?.game.moveCount == 0)
        #expect(model.session?.isPaused == false)
        #expect(model.notice?.text == Update.dealingNotice)
        _ = update(&model, .tick(Fixtures.now + 300))
        Fixtures.reply(&model, to: Self.dealRequest, .practice(PracticeOptions(seed: "server-seed", size: 4, target: 2048)))
        let session = model.session!
        #expect(!session.isDealing)
        #expect(session.game == Game(config: .standard, seed: try! Seed(parsing: "server-seed")))
        #expect(session.hasServerSeed)
        #expect(session.serverCopy == .active)
        #expect(session.isServerCopyConfirmed)
        #expect(session.clock.hasStarted, "the server's clock started with its answer")
        #expect(model.notice == nil)
        #expect(session.isSprintPractice && session.canStillBeSprint)
        // The first move goes as a MOVE at once: the server has the game already.
        let moveEffects = firstMove(&model)
        #expect(moveEffects.count == 1)
        #expect(moveEffects.first?.isMove == true)
        #expect(model.session?.sequence == 1)
    }

    @Test func aRefusalFallsBackToTheClientsSeed() {
        var (model, _) = dealing()
        let ownSeed = model.session!.game.seed.text
        Fixtures.refuse(&model, Self.dealRequest, .busy, "playing")
        #expect(model.session?.isDealing == false)
        #expect(model.session?.hasServerSeed == false)
        #expect(model.session?.serverCopy == .notStarted)
        #expect(model.notice?.text == "no board from the server (refused: playing): playing on own seed \(ownSeed)")
        // As today: PRACTICE seed= goes with the first move.
        let effects = update(&model, .key(.left)) + update(&model, .key(.right))
        #expect(effects.first == .send(.practice(PracticeOptions(seed: ownSeed, size: 4, target: 2048))))
        #expect(model.session?.isSprintPractice == false)
    }

    @Test func noAnswerInTimeFallsBackAndResignsTheServersGame() {
        var (model, _) = dealing()
        let ownSeed = model.session!.game.seed.text
        #expect(update(&model, .tick(Fixtures.now + Update.dealingTimeoutMilliseconds - 1)).isEmpty)
        #expect(model.session?.isDealing == true)
        #expect(model.tickIntervalMilliseconds != nil, "the wait runs out on a tick")
        #expect(update(&model, .tick(Fixtures.now + Update.dealingTimeoutMilliseconds)) == [.send(.resign)])
        #expect(model.session?.isDealing == false)
        #expect(model.notice?.text.hasPrefix("no board from the server (no answer in 2 s)") == true)
        // The late answer is about a game the RESIGN ended: the board stays the client's.
        Fixtures.reply(&model, to: Self.dealRequest, .practice(PracticeOptions(seed: "server-seed", size: 4, target: 2048)))
        #expect(model.session?.game.seed.text == ownSeed)
        #expect(model.session?.serverCopy == .notStarted)
        Fixtures.refuse(&model, .resign, .notRacing)
        let effects = update(&model, .key(.left)) + update(&model, .key(.right))
        #expect(effects.first == .send(.practice(PracticeOptions(seed: ownSeed, size: 4, target: 2048))))
    }

    @Test func aDroppedConnectionFallsBackToTheClientsSeed() {
        var (model, _) = dealing()
        _ = update(&model, .server(.disconnected(reason: "reset by peer", bye: nil)))
        #expect(model.session?.isDealing == false)
        #expect(model.screen == .game)
        #expect(model.session?.serverCopy == .notStarted, "the board is the client's, as today")
    }

    /// The server may have dealt the game as the line dropped: the seat is
    /// taken back and that game resigned, so the server holds no game (nor
    /// the nickname) for a player who plays on its own seed.
    @Test func aDropWhileDealingTakesTheSeatBackAndResignsTheDealtGame() throws {
        var (model, _) = dealing()
        model.network.resumeSecret = UpdateResumeTests.secret
        let ownSeed = model.session!.game.seed.text
        _ = update(&model, .server(.disconnected(reason: "reset by peer", bye: nil)))
        #expect(model.network.resuming != nil)
        #expect(model.session?.isDealing == false)
        #expect(update(&model, .server(UpdateResumeTests.resumedHello(room: nil))) == [.send(.resign)])
        let dealt = Game(config: .standard, seed: try Seed(parsing: "server-seed"))
        #expect(update(&model, .server(.event(.resync(GameSync(seq: 0, game: dealt))))) == [])
        #expect(model.session?.game.seed.text == ownSeed)
        // As after any fallback: PRACTICE seed= goes with the first move.
        Fixtures.reply(&model, to: .resign, .resign(score: 0))
        let effects = update(&model, .key(.left)) + update(&model, .key(.right))
        #expect(effects.first == .send(.practice(PracticeOptions(seed: ownSeed, size: 4, target: 2048))))
    }

    @Test func aPracticeThatCouldNotBeAskedFallsBack() {
        var (model, _) = dealing()
        _ = update(&model, .server(.notSent(Self.dealRequest, reason: "no connection")))
        #expect(model.session?.isDealing == false)
        #expect(model.notice?.text.hasPrefix("no board from the server (not sent: no connection)") == true)
    }

    @Test func offlineAChosenSeedAndAnotherServerAnswerKeepTodaysBehaviour() {
        // Offline: a board at once, on the client's seed.
        var offline = Fixtures.model()
        #expect(update(&offline, .key(.character("p"))).isEmpty)
        #expect(offline.session?.isDealing == false)
        // A seed given on the command line is kept, connected or not; the server gets it as it is dealt.
        var options = ClientOptions()
        options.seed = "friday"
        var chosen = Fixtures.connected(Fixtures.model(options: options))
        #expect(update(&chosen, .key(.character("p"))) == [.send(.practice(PracticeOptions(seed: "friday", size: 4, target: 2048)))])
        #expect(chosen.session?.clock.startedAt == chosen.now)
        #expect(chosen.session?.game.seed.text == "friday")
        #expect(chosen.session?.isDealing == false)
        // Dealt and paused while offline: once connected, the server's clock starts held, as ours is (seed 778498).
        var paused = Fixtures.model(options: options)
        _ = update(&paused, .key(.character("p")))
        _ = update(&paused, .key(.character("p")))
        #expect(paused.session?.isPaused == true)
        paused.network.endpoint = Fixtures.endpoint
        #expect(
            Update.helloAccepted(nickname: "ana", model: &paused).prefix(2)
                == [.send(.practice(PracticeOptions(seed: "friday", size: 4, target: 2048))), .send(.pause)])
        // A ghost race's PRACTICE (its own seed) is not a deal.
        var (model, _) = dealing()
        Fixtures.reply(
            &model, to: .practice(PracticeOptions(seed: "42", size: 4, target: 2048, isGhost: true)),
            .practice(PracticeOptions(seed: "42", size: 4, target: 2048, isGhost: true)))
        #expect(model.session?.isDealing == true)
    }

    @Test func leavingOrANewGameWhileDealingResignsTheServersGame() {
        var (model, _) = dealing()
        #expect(update(&model, .key(.character("q"))) == [.send(.resign)])
        #expect(model.screen == .menu)
        // A new game on a dealt board: the old one is resigned, a new one asked for.
        var played = dealt()
        firstMove(&played)
        _ = update(&played, .key(.character("r")))
        #expect(update(&played, .key(.character("y"))) == [.send(.resign), .send(Self.dealRequest)])
        #expect(played.session?.isDealing == true)
        #expect(played.notice?.text == "new game · dealing the board")
    }

    @Test func pausingAGameThatCanBeASprintAsksForPAgain() {
        var model = dealt()
        #expect(update(&model, .key(.character("p"))).isEmpty)
        #expect(model.session?.isPaused == false)
        #expect(model.session?.isPauseWarned == true)
        #expect(model.notice?.text == Update.pauseWarning)
        // Another key takes the warning back: p once more only warns again.
        _ = update(&model, .key(.character("t")))
        #expect(model.session?.isPauseWarned == false)
        #expect(model.notice?.text != Update.pauseWarning)
        #expect(update(&model, .key(.character("p"))).isEmpty)
        #expect(update(&model, .key(.character("p"))) == [.send(.pause)])
        #expect(model.session?.isPaused == true)
        #expect(update(&model, .key(.character("p"))) == [.send(.resume)])
        #expect(model.session?.wasPausedBeforeTarget == true)
        #expect(model.session?.isSprintPractice == false)
        // No longer a sprint: p pauses at once.
        #expect(update(&model, .key(.character("p"))) == [.send(.pause)])
    }

    @Test func aGameOnTheClientsSeedPausesAtOnce() {
        var model = Fixtures.connected(Fixtures.practice(moves: []))
        firstMove(&model)
        #expect(model.session?.serverCopy == .active)
        #expect(model.session?.canStillBeSprint == false)
        #expect(update(&model, .key(.character("p"))) == [.send(.pause)])
    }

    @Test func aQuestionOverAGameThatCanBeASprintDoesNotStopItsClock() {
        var playing = dealt()
        firstMove(&playing)
        #expect(update(&playing, .key(.character("r"))).isEmpty, "no PAUSE: a paused game is no sprint")
        #expect(playing.overlay == .confirm(.newGame))
        #expect(update(&playing, .key(.character("n"))).isEmpty)
        #expect(playing.session?.isSprintPractice == true)
    }

    @Test func theEndOfGameDialogSaysADealtPracticeAt2048IsASprint() {
        var model = dealt()
        let result = GameResult(
            score: 20_116, largestTile: 2048, moves: 900, milliseconds: 90_000, size: 4, target: 2048, assists: 0, seed: "server-seed")
        model.session?.end = EndOfGame(outcome: .won, result: result, stage: .reachedTarget)
        let session = model.session!
        #expect(EndOfGameView.sprintLine(session.end!, session: session) == "a sprint: submitted, its time goes on the sprint board")
        var paused = session
        paused.wasPausedBeforeTarget = true
        #expect(EndOfGameView.sprintLine(session.end!, session: paused) == nil)
        var ownSeed = session
        ownSeed.hasServerSeed = false
        #expect(EndOfGameView.sprintLine(session.end!, session: ownSeed) == nil)
    }

    @Test func theBoardWhileDealing() {
        let (model, _) = dealing()
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "practice-dealing-80x24-classic")
        assertSnapshot(view(model, size: model.size, theme: .mono).plainText, named: "practice-dealing-80x24-mono")
    }
}

extension Fixtures {
    /// Options with a seed chosen on the command line: practice keeps the
    /// client's seed, sent with `PRACTICE seed=` on the first move.
    static var chosenSeed: ClientOptions {
        var options = ClientOptions()
        options.seed = "42"
        return options
    }

    /// `update` with the server's `OK PRACTICE` dealing the practice game
    /// just asked for without a seed.
    @discardableResult
    static func deal(_ model: inout Model, seed: String = "server-seed") -> [Effect] {
        let config = model.session?.game.config ?? .standard
        return reply(
            &model, to: .practice(PracticeOptions(seed: nil, size: config.size, target: config.target)),
            .practice(PracticeOptions(seed: seed, size: config.size, target: config.target)))
    }
}
