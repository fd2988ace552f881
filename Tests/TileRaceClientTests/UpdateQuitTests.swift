import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Quitting: every way out says `QUIT` when connected (so the room hears
/// `LEFT` at once), none does offline, and the end of the connection that
/// follows is not taken for a loss.
@Suite struct UpdateQuitTests {
    /// The ways to quit, each from a model where it applies.
    private static let paths: [(name: String, quit: @Sendable (inout Model) -> [Effect])] = [
        ("q at the menu", { update(&$0, .key(.character("q"))) }),
        ("Ctrl-C at the menu", { update(&$0, .key(.control("c"))) }),
        (
            "Ctrl-C in a game",
            { model in
                Update.startPractice(&model)
                return update(&model, .key(.control("c")))
            }
        ),
        (
            "Ctrl-C with a help overlay",
            { model in
                _ = update(&model, .key(.character("?")))
                return update(&model, .key(.control("c")))
            }
        ),
        (
            "Ctrl-C while the terminal is too small",
            { model in
                _ = update(&model, .resize(TerminalSize(width: 20, height: 5)))
                return update(&model, .key(.control("c")))
            }
        ),
        ("SIGTERM or SIGHUP", { update(&$0, .terminate) }),
        (
            "yes to quitting while hosting",
            { model in
                _ = update(&model, .hostedClientCount(3))
                _ = update(&model, .key(.character("q")))
                #expect(model.overlay == .confirm(.quitWhileHosting(players: model.connection.isConnected ? 2 : 3)))
                return update(&model, .key(.character("y")))
            }
        ),
        (
            "q on a watch-only run",
            { model in
                var watch = WatchState(title: "seed 42", expected: nil, returnScreen: nil)
                watch.load(seed: Seed(42), config: .standard, log: GameLog(), now: model.now)
                model.screen = .watch(watch)
                return update(&model, .key(.character("q")))
            }
        ),
    ]

    @Test func everyWayOutSaysQuitWhenConnected() {
        for path in UpdateQuitTests.paths {
            var model = Fixtures.connected(Fixtures.model())
            #expect(path.quit(&model) == [.send(.quit), .quit], "\(path.name)")
            #expect(model.network.isQuitting, "\(path.name)")
        }
    }

    @Test func offlineEveryWayOutJustLeaves() {
        for path in UpdateQuitTests.paths {
            var model = Fixtures.model()
            #expect(path.quit(&model) == [.quit], "\(path.name)")
            #expect(!model.network.isQuitting, "\(path.name)")
        }
    }

    @Test func quittingInARaceSaysQuit() {
        var model = Fixtures.race()
        #expect(update(&model, .key(.control("c"))) == [.send(.quit), .quit])
    }

    @Test func whileReconnectingQuitFollowsTheResumingHello() {
        var model = Fixtures.race()
        model.network.resumeSecret = String(repeating: "a", count: 32)
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        #expect(model.network.resuming != nil)
        // If the new connection is up, QUIT goes after its HELLO and gives the seat up at once.
        #expect(update(&model, .key(.control("c"))) == [.send(.quit), .quit])
    }

    @Test func whileReconnectingAKeyThatNeedsTheServerWaits() {
        var model = Fixtures.race()
        model.network.resumeSecret = String(repeating: "a", count: 32)
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        _ = update(&model, .key(.character("q")))
        #expect(model.overlay == .confirm(.resignRace))
        // Resigning needs the server: nothing happens here only, the question stays.
        #expect(update(&model, .key(.character("y"))) == [])
        #expect(model.overlay == .confirm(.resignRace))
        #expect(model.session?.end == nil)
        #expect(model.notice?.text == "reconnecting: that waits until the connection is back")
        // Moves are still played (and sent once back).
        _ = update(&model, .key(.escape))
        let moves = model.session?.game.moveCount ?? 0
        for key in [Key.left, .right, .up, .down] { _ = update(&model, .key(key)) }
        #expect((model.session?.game.moveCount ?? 0) > moves)
    }

    @Test func theEndAfterQuittingIsNotALoss() {
        var model = Fixtures.race()
        // A seat the server would hold for us if the connection just dropped.
        model.network.resumeSecret = String(repeating: "a", count: 32)
        #expect(Update.canResume(afterBye: nil, model: model))
        _ = update(&model, .key(.control("c")))
        let before = model
        #expect(Fixtures.reply(&model, to: .quit, .quit) == [])
        #expect(update(&model, .server(.disconnected(reason: "the server closed the connection", bye: "goodbye"))) == [])
        #expect(update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil))) == [])
        #expect(model.network.resuming == nil)
        #expect(model.overlay == nil)
        #expect(model.connection == before.connection)
        #expect(model.notice == before.notice)
        #expect(model.screen == .game)
    }

    @Test func whileWaitingKeysDoNothingButASecondControlCLeavesAtOnce() {
        var model = Fixtures.connected(Fixtures.model())
        _ = update(&model, .key(.character("q")))
        #expect(update(&model, .key(.character("p"))) == [])
        #expect(model.screen == .menu)
        #expect(update(&model, .tick(Fixtures.now + 100)) == [])
        #expect(model.now == Fixtures.now + 100)
        #expect(update(&model, .key(.control("c"))) == [.quit])
    }

    /// A closed terminal sends SIGHUP and ends the input at once: the second must not drop the connection before `QUIT` is out.
    @Test func theTerminalsEndWhileQuittingWaitsForTheGoodbye() {
        var model = Fixtures.connected(Fixtures.model())
        #expect(update(&model, .terminate) == [.send(.quit), .quit])
        #expect(update(&model, .terminate) == [])
    }
}
