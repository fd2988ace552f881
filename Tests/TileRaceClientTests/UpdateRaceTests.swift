import Testing
import TileRaceEngine
@testable import TileRaceClient

@Suite struct UpdateRaceTests {
    @Test func movesAreSentWithSequenceNumbers() {
        var model = Fixtures.race()
        let sent = model.session!.sequence
        #expect(sent == 5)
        var expected = model.session!.game
        let direction: Direction = (try? expected.move(.up)) != nil ? .up : .down
        if direction == .down { _ = try? expected.move(.down) }
        #expect(update(&model, .key(direction == .up ? .up : .down)) == [.send(.move(direction, sequence: 6))])
        let you = model.race!.players.first(where: \.isYou)!
        #expect(you.score == model.session!.game.score)
        #expect(you.moves == model.session!.game.moveCount)
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
        #expect(update(&model, .key(.character("u"))) == [.send(.undo(sequence: 6))])
    }

    @Test func noPauseInARace() {
        var model = Fixtures.race()
        _ = update(&model, .key(.character("p")))
        #expect(model.session?.isPaused == false)
        #expect(model.notice?.text.contains("no pause") == true)
    }

    @Test func restartKeepsTheSeedAndTheClock() {
        var model = Fixtures.race()
        let seed = model.session!.game.seed
        let clock = model.session!.clock
        _ = update(&model, .key(.character("r")))
        #expect(model.overlay == .confirm(.restartRace))
        #expect(update(&model, .key(.character("y"))) == [.send(.restart(sequence: 6))])
        #expect(model.session?.game.seed == seed)
        #expect(model.session?.game.moveCount == 0)
        #expect(model.session?.clock == clock)
        #expect(model.session?.restarts == 1)
    }

    @Test func leavingAsksThenResigns() {
        var model = Fixtures.race()
        #expect(update(&model, .key(.character("q"))).isEmpty)
        #expect(model.overlay == .confirm(.leaveRace))
        #expect(update(&model, .key(.character("y"))) == [.send(.resign)])
        #expect(model.screen == .menu)
        #expect(model.race == nil)
    }

    @Test func countdownBlocksMovesThenStartsTheClock() {
        var model = Fixtures.race()
        model.race?.phase = .countdown(startsAt: Fixtures.now + 3)
        model.session = PlaySession(mode: .race(room: "friday"), game: Game(config: .standard, seed: Seed(9)), assistsAllowed: false)
        _ = update(&model, .key(.left))
        #expect(model.session?.game.moveCount == 0)
        #expect(model.notice?.text.contains("wait") == true)
        _ = update(&model, .tick(Fixtures.now + 3.2))
        #expect(model.race?.phase == .racing(startedAt: Fixtures.now + 3))
        #expect(model.session!.clock.elapsed(at: Fixtures.now + 3.2) > 0.19)
        #expect(model.race?.announcements.last?.text == "go!")
    }

    @Test func finishesAreAnnounced() {
        var model = Fixtures.race()
        var bo = model.race!.players[0]
        bo.status = .finished(.target)
        bo.finishedAfter = 251.2
        model.race?.update(bo, at: Fixtures.now)
        #expect(model.race?.announcements.last?.text == "bo reached 2048 after 04:11.2!")
        model.race?.update(bo, at: Fixtures.now + 1)
        #expect(model.race?.announcements.count == 2)
        #expect(model.race?.ranked.first?.nickname == "bo")
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
        _ = update(&model, .tick(Fixtures.now - 102.7 + 300))
        #expect(model.session?.end?.outcome == .timeUp)
        #expect(model.session?.end?.elapsed == 300)
    }
}
