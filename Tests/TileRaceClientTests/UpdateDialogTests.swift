import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The dialogs (issue 21): no action of theirs shares a key with a move, a
/// dialog that opened by itself ignores keys for a moment, one dialog at a
/// time, and the practice clock stands still while one waits on the player.
@Suite struct UpdateDialogTests {
    /// Every key a terminal can send that the key map could read.
    static let everyKey: [Key] =
        [
            .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .insert, .delete, .enter, .escape, .tab, .backTab,
            .backspace,
        ] + (32...126).map { Key.character(Character(UnicodeScalar(UInt8($0)))) }

    /// The keys that move on a board, read off the key map.
    static let moveKeys = everyKey.filter { Update.direction(for: $0) != nil }

    /// A practice board one move (left) from its target.
    static let nearTarget = [[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]]

    /// A model showing `dialog`, in every way this client shows it, each with what it is.
    static func showing(_ dialog: ShownDialog) -> [(String, Model)] {
        switch dialog {
        case .help:
            var model = Fixtures.practice()
            _ = update(&model, .key(.character("?")))
            return [("help over a game", model)]
        case .confirm:
            var practice = Fixtures.connected(Fixtures.practice())
            _ = update(&practice, .key(.character("r")))
            var race = Fixtures.race()
            _ = update(&race, .key(.character("q")))
            return [("new game?", practice), ("resign?", race)]
        case .nicknamePrompt:
            var model = Fixtures.connected(Fixtures.model(), nickname: nil)
            Update.askNickname(for: .openLobby, model: &model)
            return [("nickname before racing", model)]
        case .connectionProblem:
            var model = Fixtures.race()
            _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
            return [("lost mid-race", model)]
        case .botStrength:
            var model = Fixtures.connected(Fixtures.model())
            model.canAddBots = true
            model.screen = .room
            model.room = WaitingRoom(
                name: "friday", options: RoomOptions(), isPrivate: false,
                members: [RoomMember(nickname: "ana", isReady: false, isYou: true)])
            _ = update(&model, .key(.character("a")))
            return [("bot strength", model)]
        case .standings:
            var racing = Fixtures.race()
            racing.race?.phase = .finished(standings: [
                Fixtures.standing(1, "bo", score: 4020, largestTile: 512, moves: 240, reason: .over, milliseconds: 90_000)
            ])
            var watching = racing
            watching.session = nil
            watching.screen = .spectate
            return [("standings after racing", racing), ("standings after watching", watching)]
        case .targetReached:
            var offline = Fixtures.practice(moves: [])
            offline.session?.game = Fixtures.game(nearTarget)
            _ = update(&offline, .key(.left))
            var connected = Fixtures.connected(Fixtures.practice(moves: []))
            connected.session?.game = Fixtures.game(nearTarget)
            _ = update(&connected, .key(.left))
            return [("target reached offline", offline), ("target reached, mirrored", connected)]
        case .endOfGame:
            var submit = Fixtures.connected(Fixtures.practice())
            submit.session?.serverCopy = .active
            submit.session?.game = Fixtures.game(Fixtures.stuckRows)
            Update.checkEnd(reachedTarget: false, model: &submit)
            var submitting = submit
            _ = update(&submitting, .key(.enter))
            var closed = Fixtures.practice()
            closed.session?.game = Fixtures.game(Fixtures.stuckRows)
            Update.checkEnd(reachedTarget: false, model: &closed)
            var race = Fixtures.race()
            _ = update(&race, .key(.character("q")))
            _ = update(&race, .key(.character("y")))
            return [("submit button", submit), ("submitting", submitting), ("closed", closed), ("race finished", race)]
        }
    }

    @Test func theKeyMapsMovesAreTheArrowsWasdAndHjkl() {
        let expected: [Key] = [.up, .down, .left, .right] + "wasdhjklWASDHJKL".map(Key.character)
        #expect(Set(Self.moveKeys) == Set(expected))
    }

    @Test func everyDialogIsShownHereSomeWay() {
        for dialog in ShownDialog.allCases {
            let models = Self.showing(dialog)
            #expect(!models.isEmpty)
            for (what, model) in models {
                #expect(ShownDialog(model) == dialog, "\(what)")
            }
        }
    }

    /// No dialog acts on a move key: a player still sliding tiles when one
    /// opens (the target reached, the game over, the connection lost)
    /// changes nothing in it, whichever way they move.
    @Test func noDialogActsOnAMoveKey() {
        for dialog in ShownDialog.allCases {
            for (what, shown) in Self.showing(dialog) {
                var base = shown
                Fixtures.settle(&base)
                for key in Self.moveKeys {
                    var model = base
                    let effects = update(&model, .key(key))
                    #expect(effects.isEmpty, "\(what): \(key) did \(effects)")
                    #expect(ShownDialog(model) == dialog, "\(what): \(key) closed it")
                    if dialog == .nicknamePrompt { continue }  // a text field: letters are typed there
                    #expect(model.screen == base.screen, "\(what): \(key)")
                    #expect(model.overlay == base.overlay, "\(what): \(key)")
                    #expect(model.session == base.session, "\(what): \(key)")
                    #expect(model.race == base.race, "\(what): \(key)")
                    #expect(model.room == base.room, "\(what): \(key)")
                }
            }
        }
    }

    @Test func editingTheNicknameAfterTheGameTakesTypingOnlyAfterAskingForIt() {
        var model = Fixtures.connected(Fixtures.practice())
        model.session?.serverCopy = .active
        model.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        _ = update(&model, .key(.character("e")))
        for key in Self.moveKeys {
            var editing = model
            #expect(update(&editing, .key(key)).isEmpty)
            #expect(editing.session?.end?.isEditingNickname == true)
        }
    }

    @Test func theTargetDialogFinishesWithFNeverWithS() {
        var model = Fixtures.connected(Fixtures.practice(moves: []))
        model.session?.game = Fixtures.game(Self.nearTarget)
        _ = update(&model, .key(.left))
        Fixtures.settle(&model)
        #expect(update(&model, .key(.character("s"))).isEmpty)
        #expect(model.session?.end?.stage == .reachedTarget)
        #expect(update(&model, .key(.character("f"))) == [.send(.resign), .saveStatistics])
        if case .nickname = model.session?.end?.stage {} else { Issue.record("expected the submit button") }
    }

    // MARK: The first moments of a dialog

    @Test func keysInTheFirstMomentsOfADialogThatOpenedByItselfDoNothing() {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Fixtures.game(Self.nearTarget)
        let openedAt = model.now
        _ = update(&model, .key(.left))
        #expect(ShownDialog(model) == .targetReached)
        #expect(update(&model, .key(.enter)).isEmpty)
        _ = update(&model, .tick(openedAt + ShownDialog.guardMilliseconds - 1))
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.enter))
        #expect(model.session?.end?.stage == .reachedTarget)
        #expect(model.screen == .game)
        _ = update(&model, .tick(openedAt + ShownDialog.guardMilliseconds))
        _ = update(&model, .key(.enter))
        #expect(model.session?.end == nil)
        #expect(model.session?.isPlayingOn == true)
    }

    @Test func aConnectionLostMidRaceIgnoresKeysForAMomentToo() {
        var model = Fixtures.race()
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        #expect(ShownDialog(model) == .connectionProblem)
        // Enter would reconnect, o go offline.
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(update(&model, .key(.character("o"))).isEmpty)
        #expect(ShownDialog(model) == .connectionProblem)
        Fixtures.settle(&model)
        #expect(update(&model, .key(.character("o"))).isEmpty)
        #expect(model.overlay == nil)
    }

    @Test func aDialogAskedForTakesItsKeysAtOnce() {
        var model = Fixtures.practice()
        _ = update(&model, .key(.character("q")))
        #expect(ShownDialog(model) == .confirm)
        _ = update(&model, .key(.character("y")))
        #expect(model.screen == .menu)
    }

    // MARK: One dialog at a time

    @Test func aLostConnectionOverAFinishedGameIsAnsweredFirstThenTheGameComesBack() {
        var model = Fixtures.connected(Fixtures.practice())
        model.session?.serverCopy = .active
        model.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        #expect(ShownDialog(model) == .endOfGame)
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        #expect(ShownDialog(model) == .connectionProblem)
        Fixtures.settle(&model)
        _ = update(&model, .key(.character("o")))
        #expect(ShownDialog(model) == .endOfGame)
    }

    // MARK: The practice clock

    /// A practice game mirrored on the server, its clock started as it was dealt, 50 ms before `model.now`.
    private func mirroredPractice() -> Model {
        var model = Fixtures.connected(Fixtures.practice(moves: []))
        _ = update(&model, .key(.left))
        #expect(model.session?.serverCopy == .active)
        #expect(model.session?.clock.startedAt == model.now - 50)
        return model
    }

    @Test func aQuestionOverAPracticeGameStopsBothClocks() {
        for (key, answer) in [(Key.character("r"), Key.character("n")), (.character("q"), .escape)] {
            var model = mirroredPractice()
            let start = model.now
            _ = update(&model, .tick(start + 1000))
            #expect(update(&model, .key(key)) == [.send(.pause)])
            #expect(model.session?.clock.isPaused == true)
            _ = update(&model, .tick(start + 6000))
            #expect(update(&model, .key(answer)) == [.send(.resume)])
            _ = update(&model, .tick(start + 7000))
            #expect(model.session?.clock.elapsed(at: model.now) == 2050)
        }
    }

    @Test func ctrlZStopsThePracticeClockUntilTheProgramGoesOn() {
        var model = mirroredPractice()
        let start = model.now
        _ = update(&model, .tick(start + 1000))
        // PAUSE goes out before the program stops.
        #expect(update(&model, .key(.control("z"))) == [.send(.pause), .suspend])
        _ = update(&model, .tick(start + 61_000))
        #expect(update(&model, .continued) == [.send(.resume)])
        _ = update(&model, .tick(start + 62_000))
        #expect(model.session?.clock.elapsed(at: model.now) == 2050)
    }

    @Test func pausedThenSuspendedTheClockWaitsForBoth() {
        var model = mirroredPractice()
        #expect(update(&model, .key(.character("p"))) == [.send(.pause)])
        #expect(update(&model, .key(.control("z"))) == [.suspend])
        #expect(update(&model, .continued).isEmpty)
        #expect(model.session?.clock.isPaused == true)
        #expect(update(&model, .key(.character("p"))) == [.send(.resume)])
        #expect(model.session?.clock.isRunning == true)
    }

    @Test func aRaceClockIsTheServersAndKeepsRunning() {
        var model = Fixtures.race()
        #expect(update(&model, .key(.control("z"))) == [.suspend])
        #expect(update(&model, .key(.character("r"))).isEmpty)
        #expect(ShownDialog(model) == .confirm)
        #expect(model.session?.clock.isRunning == true)
        _ = update(&model, .continued)
        #expect(model.session?.clock.isRunning == true)
    }

    @Test func aPauseWhileTheConnectionIsTakenBackIsSentOnceBack() throws {
        // A seed chosen on the command line: the client's own, sent with the first move.
        var model = Fixtures.connected(Fixtures.model(options: Fixtures.chosenSeed))
        model.network.resumeSecret = UpdateResumeTests.secret
        _ = update(&model, .key(.character("p")))
        let session = try #require(model.session)
        _ = update(&model, .key(.left))
        let options = PracticeOptions(seed: session.game.seed.text, size: 4, target: 2048)
        _ = update(&model, .server(.reply(.practice(options), .success(.practice(options)), items: [])))
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        #expect(model.network.resuming != nil)
        // Paused meanwhile: nothing can go out, and the pause is not refused for it.
        #expect(update(&model, .key(.character("p"))).isEmpty)
        #expect(model.session?.isPaused == true)
        _ = update(&model, .server(UpdateResumeTests.resumedHello(room: nil)))
        let sync = GameSync(seq: 1, game: try #require(model.session).game)
        #expect(update(&model, .server(.event(.resync(sync)))) == [.send(.pause)])
    }

    // MARK: The end of a game

    @Test func playingOnPastTheTargetEndsWithNoMoreMovesNotTheTargetAgain() {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Fixtures.game(Self.nearTarget)
        _ = update(&model, .key(.left))
        Fixtures.settle(&model)
        _ = update(&model, .key(.enter))
        #expect(model.session?.isPlayingOn == true)
        model.session?.game = Self.wonGame(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        #expect(model.session?.end?.outcome == .noMoves)
        #expect(Self.screenText(model).contains("No more moves"))
        #expect(!Self.screenText(model).contains("You reached"))
    }

    @Test func reachingTheTargetWithTheLastMoveEndsTheGame() {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Self.wonGame(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: true, model: &model)
        // Not "keep going?": there is nothing to keep going with.
        #expect(model.session?.end?.outcome == .won)
        #expect(model.session?.end?.stage != .reachedTarget)
    }

    @Test func pausingClearsWhatWasSaidAboutTheBoard() {
        var model = Fixtures.practice()
        _ = update(&model, .key(.character("x")))
        _ = update(&model, .key(.enter))
        #expect(model.notice?.text == "tile removed")
        _ = update(&model, .key(.character("p")))
        #expect(model.notice == nil)
    }

    // MARK: Times and places in the dialog

    @Test func theDialogShowsOneTimeTheOfficialOne() {
        var model = Fixtures.race()
        let startedAt = model.now - 102_700
        _ = update(&model, .tick(startedAt + 103_150))
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("y")))
        #expect(model.session?.end?.result.milliseconds == 103_150)
        Fixtures.event(
            &model,
            .finish(
                RacerFinish(
                    room: "friday", nickname: "ana", reason: .resigned, score: 12, largestTile: 4, moves: 5, milliseconds: 103_240)))
        let text = Self.screenText(model)
        #expect(text.contains("01:43.2"))
        #expect(!text.contains("01:43.1"))
    }

    @Test func aRacerWhoResignsFirstIsNotRankedAboveThoseStillRacing() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .room
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(), isPrivate: false,
            members: ["ana", "bo", "chen"].map { RoomMember(nickname: $0, isReady: false, isYou: $0 == "ana") })
        Fixtures.event(
            &model,
            .start(
                RaceStart(
                    room: "friday", race: 1, seed: "7", size: 4, target: 2048, allowsAssists: false, timeLimit: 0,
                    players: ["ana", "bo", "chen"])))
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("y")))
        #expect(model.race?.ranked.map(\.nickname) == ["bo", "chen", "ana"])
        #expect(Self.screenText(model).contains("3rd of 3 in room friday so far · 2 still racing"))
    }

    // MARK: Leaving a room

    @Test func leavingARoomGoesBackWhereThePlayerCameFrom() {
        // From the lobby, watching the daily room: back to the lobby.
        var fromLobby = Fixtures.connected(Fixtures.model())
        _ = update(&fromLobby, .key(.character("r")))
        #expect(fromLobby.lobby != nil)
        fromLobby.lobby?.rooms = [Fixtures.room("daily", state: .racing, players: 2)]
        fromLobby.lobby?.hasLoaded = true
        fromLobby.lobby?.isLoading = false
        #expect(update(&fromLobby, .key(.character("w"))) == [.send(.watch(room: "daily", code: nil))])
        Fixtures.reply(&fromLobby, to: .watch(room: "daily", code: nil), .watch(Fixtures.room("daily", state: .racing, players: 2)))
        #expect(fromLobby.screen == .room)
        #expect(update(&fromLobby, .key(.character("q"))) == [.send(.leave), .send(.rooms)])
        #expect(fromLobby.lobby != nil)

        // The daily challenge chosen on the menu: back to the menu.
        var fromMenu = Fixtures.connected(Fixtures.model())
        #expect(update(&fromMenu, .key(.character("d"))) == [.send(.join(room: "daily", code: nil))])
        Fixtures.reply(&fromMenu, to: .join(room: "daily", code: nil), .join(Fixtures.room("daily")))
        #expect(fromMenu.screen == .room)
        #expect(update(&fromMenu, .key(.character("q"))) == [.send(.leave)])
        #expect(fromMenu.screen == .menu)
    }

    // MARK: Helpers

    /// A game in a position, its target already reached.
    static func wonGame(_ rows: [[Int]]) -> Game {
        let board = try! Board(rows: rows)
        let state = Game.State(board: board, random: SplitMix64(seed: 5), score: 1234, moveCount: 99, hasWon: true)
        return Game(config: try! GameConfig(size: 4, target: 8), seed: Seed(5), state: state, undoCount: 0, removalCount: 0)
    }

    static func screenText(_ model: Model) -> String {
        view(model, size: model.size, theme: .classic).plainText
    }
}
