import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

@Suite struct UpdateRaceTests {
    @Test func movesAreSentWithSequenceNumbersAndExpectedFigures() {
        var model = Fixtures.race()
        #expect(model.session!.sequence == 5)
        var expected = model.session!.game
        let direction: Direction = (try? expected.move(.up)) != nil ? .up : .down
        if direction == .down { _ = try? expected.move(.down) }
        #expect(update(&model, .key(direction == .up ? .up : .down)) == [.send(.move(seq: 6, entries: [.move(direction)]))])
        #expect(
            model.session?.expected[6]
                == Figures(score: expected.score, moves: expected.moveCount, largestTile: expected.board.largestValue))
        let you = model.race!.players.first(where: \.isYou)!
        #expect(you.score == model.session!.game.score)
        #expect(you.moves == model.session!.game.moveCount)
    }

    @Test func anInvalidMoveIsNeitherAppliedNorSent() {
        var model = Fixtures.race()
        model.session?.game = Fixtures.game([[2, 4, 2, 4], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        #expect(update(&model, .key(.up)).isEmpty)
        #expect(model.session?.sequence == 5)
    }

    @Test func assistsOffInThisRoom() {
        var model = Fixtures.race(assists: false)
        #expect(update(&model, .key(.character("u"))).isEmpty)
        #expect(model.notice?.text == "undo is off in this room")
        #expect(update(&model, .key(.character("x"))).isEmpty)
        #expect(model.session?.removalCursor == nil)
        let hints = GameView.hints(model, session: model.session!)
        #expect(hints.contains { $0.key == "u" && $0.action == "undo (off in this room)" })
    }

    @Test func assistsOnAreSent() {
        var model = Fixtures.race(assists: true)
        #expect(update(&model, .key(.character("u"))) == [.send(.move(seq: 6, entries: [.undo]))])
        _ = update(&model, .key(.character("x")))
        let cursor = model.session!.removalCursor!
        #expect(update(&model, .key(.enter)) == [.send(.move(seq: 7, entries: [.remove(cursor)]))])
    }

    @Test func noPauseInARace() {
        var model = Fixtures.race()
        _ = update(&model, .key(.character("p")))
        #expect(model.session?.isPaused == false)
        #expect(model.notice?.text.contains("no pause") == true)
    }

    @Test func restartKeepsTheSeedAndTheClockAndNumbersFromOne() {
        var model = Fixtures.race()
        let seed = model.session!.game.seed
        let clock = model.session!.clock
        _ = update(&model, .key(.character("r")))
        #expect(model.overlay == .confirm(.restartRace))
        #expect(update(&model, .key(.character("y"))) == [.send(.restart)])
        #expect(model.network.gameChangesAwaitingReply == 1)
        #expect(model.session?.game.seed == seed)
        #expect(model.session?.game.moveCount == 0)
        #expect(model.session?.clock == clock)
        #expect(model.session?.restarts == 1)
        let effects = update(&model, .key(.left)) + update(&model, .key(.right))
        let firsts = effects.compactMap { effect -> Int? in
            if case .send(.move(let seq, _)) = effect { return seq }
            return nil
        }
        #expect(firsts.first == 1)
    }

    @Test func qAsksThenResignsAndStaysForTheStandings() {
        var model = Fixtures.race()
        #expect(update(&model, .key(.character("q"))).isEmpty)
        #expect(model.overlay == .confirm(.resignRace))
        #expect(update(&model, .key(.character("y"))) == [.send(.resign), .saveStatistics])
        #expect(model.screen == .game)
        #expect(model.session?.end?.outcome == .resigned)
        #expect(model.race?.players.first(where: \.isYou)?.status == .finished(.resigned))
        // Closing the dialog watches the race; q then leaves the room.
        _ = update(&model, .key(.escape))
        _ = update(&model, .key(.escape))
        #expect(model.session?.end?.isHidden == true)
        #expect(update(&model, .key(.character("q"))) == [.send(.leave), .send(.rooms)])
        #expect(model.lobby != nil)
        #expect(model.room == nil)
    }

    /// Enter, meant for what comes after, never submits a resigned game (an 8-point game claimed the nickname):
    /// skipping is the default, `e` then Enter still submits.
    @Test func afterAResignEnterSkipsSubmitting() {
        var model = Fixtures.race()
        model.config.lastNickname = "ana"
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("y")))
        #expect(model.session?.end?.stage == .nickname(TextField("ana")))
        model.dialogOpenedAt = nil
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.session?.end?.stage == .closed(message: "not submitted", kind: .info))
        var submitting = Fixtures.race()
        submitting.config.lastNickname = "ana"
        _ = update(&submitting, .key(.character("q")))
        _ = update(&submitting, .key(.character("y")))
        submitting.dialogOpenedAt = nil
        _ = update(&submitting, .key(.character("e")))
        #expect(update(&submitting, .key(.enter)) == [.saveConfig, .send(.submit(nickname: "ana", token: nil))])
    }

    /// A rated race counts racers who all resigned as drawn: they share the
    /// place in `RESULT`, and the dialog says so instead of "2nd".
    @Test func theDialogGivesTheServersPlaceWithTies() {
        var model = Fixtures.race()
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("y")))
        let places = [("ana", 1), ("bo", 1), ("chen", 3), ("dmitri", 4)]
        for (nickname, place) in places {
            let finish = RacerFinish(
                room: "friday", race: 7, place: place, nickname: nickname, reason: .resigned, score: 0, largestTile: 2, moves: 0,
                milliseconds: 9000)
            Fixtures.event(&model, .result(finish))
        }
        Fixtures.event(&model, .end(room: "friday", race: 7, count: 4))
        let text = view(model, size: TerminalSize(width: 80, height: 24), theme: .classic).plainText
        #expect(text.contains("1st of 4, tied, in room friday"), "\(text)")
    }

    @Test func finishesAreAnnounced() {
        var model = Fixtures.race()
        var bo = model.race!.players[0]
        bo.status = .finished(.target)
        bo.finishedAfter = 251_200
        model.race?.update(bo, at: Fixtures.now)
        #expect(model.race?.announcements.last?.text == "bo reached 2048 after 04:11.2!")
        model.race?.update(bo, at: Fixtures.now + 1_000)
        #expect(model.race?.announcements.count == 2)
        #expect(model.race?.ranked.first?.nickname == "bo")
    }

    /// Resigning first (say with 0 points) is not a place above those still
    /// racing: a racer who gave up ranks below everyone who plays on.
    @Test func aRacerWhoResignedRanksBelowEveryoneStillRacing() {
        var model = Fixtures.race()
        // chen still races, with no more points than ours and more moves.
        model.race?.players[2].score = 0
        model.race?.players[2].moves = 10
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("y")))
        #expect(model.race?.players.first(where: \.isYou)?.status == .finished(.resigned))
        #expect(model.race?.ranked.map(\.nickname) == ["bo", "dmitri", "chen", "ana"])
    }

    @Test func reachingTheTargetFinishesOurRace() {
        var model = Fixtures.race()
        model.session?.game = Fixtures.game([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])
        _ = update(&model, .key(.left))
        #expect(model.session?.end?.outcome == .won)
        if case .nickname = model.session?.end?.stage {} else { Issue.record("expected the nickname prompt") }
        #expect(model.race?.players.first(where: \.isYou)?.status == .finished(.target))
        #expect(model.race?.announcements.last?.text.hasPrefix("you reached 2048") == true)
    }

    @Test func theTimeLimitEndsOurGame() {
        var model = Fixtures.race()
        _ = update(&model, .tick(Fixtures.now - 102_700 + 300_000))
        #expect(model.session?.end?.outcome == .timeUp)
        #expect(model.session?.end?.milliseconds == 300_000)
    }

    @Test func aNonSquareEndSaysNotEligibleBeforeAsking() {
        var model = Fixtures.race()
        model.session?.game = Fixtures.game(
            [[8, 8, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 2]], target: 16)
        _ = update(&model, .key(.left))
        #expect(model.session?.end?.stage == .closed(message: "only 4x4 games go on the leaderboard (this one is 5x5)", kind: .info))
    }
}
