import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Ghost races: `g` on a leaderboard entry fetches its record, the player
/// races it on its seed (`PRACTICE ... ghost=yes`), the ghost plays back
/// at its recorded pace from the player's first move, and the race ends
/// when one reaches the target.
@Suite struct UpdateGhostTests {
    /// The target of the test races: small, so a few moves reach it.
    static let target = 32

    /// Moves that reach `target` on seed 42 (4x4): every one changes the board.
    static let winningMoves: [Direction] = {
        var game = Game(config: try! GameConfig(size: 4, target: target), seed: try! Seed(parsing: "42"))
        var moves: [Direction] = []
        var directions = [Direction]()
        while !game.hasWon, moves.count < 500 {
            if directions.isEmpty { directions = [.left, .down, .right, .down] }
            let direction = directions.removeFirst()
            if (try? game.move(direction)) != nil { moves.append(direction) }
        }
        return moves
    }()

    /// bo's entry, whose record is `winningMoves`.
    static let entry = LeaderboardEntry(
        rank: 1, nickname: "bo",
        result: GameResult(
            score: 0, largestTile: target, moves: winningMoves.count, milliseconds: 9_000, size: 4, target: target, assists: 0,
            seed: "42"),
        date: "2026-11-22")

    /// A connected model on the leaderboard, bo's entry chosen.
    private func onLeaderboard() -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.config.lastNickname = "ana"
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.entries = [Self.entry]
        model.leaderboard?.total = 1
        model.leaderboard?.status = .loaded
        return model
    }

    /// The record as the server sends it: timed `stepMilliseconds` apart, or untimed.
    private func record(stepMilliseconds: Int?) -> String {
        let entries = Self.winningMoves.map { GameLog.Entry.move($0) }
        guard let step = stepMilliseconds else { return GameLog(entries).description }
        return GameLog(entries, times: entries.indices.map { $0 * step })!.description
    }

    /// `g`, then the record's arrival: the ghost race's board.
    func racing(stepMilliseconds: Int?) -> Model {
        var model = onLeaderboard()
        let effects = update(&model, .key(.character("g")))
        #expect(effects == [.send(.record(RecordQuery(nickname: "bo", board: .all)))])
        let log = record(stepMilliseconds: stepMilliseconds)
        Fixtures.reply(
            &model, to: .record(RecordQuery(nickname: "bo")),
            .record(RecordSummary(nickname: "bo", seed: "42", size: 4, target: Self.target, entries: Self.winningMoves.count, count: 1)),
            items: [.log(log)])
        return model
    }

    func key(for direction: Direction) -> Key {
        switch direction {
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        }
    }

    @Test func gAsksForTheEntrysRecordAndItsArrivalOpensTheRace() throws {
        let model = racing(stepMilliseconds: 500)
        #expect(model.screen == .game)
        #expect(model.pendingGhost == nil)
        let session = try #require(model.session)
        #expect(session.mode == .practice)
        #expect(session.game.seed.text == "42")
        #expect(session.game.config.target == Self.target)
        let ghost = try #require(session.ghost)
        #expect(ghost.name == "bo")
        #expect(ghost.source == "all-time board")
        #expect(ghost.isTimed)
        #expect(ghost.position == 0)
        #expect(ghost.targetTime == (Self.winningMoves.count - 1) * 500)
    }

    @Test func theFirstMoveStartsTheServersCopyAsAGhostRace() {
        var model = racing(stepMilliseconds: 500)
        let effects = update(&model, .key(.left))
        #expect(
            effects.first == .send(.practice(PracticeOptions(seed: "42", size: 4, target: Self.target, isGhost: true))))
        #expect(effects.contains(.send(.move(seq: 1, entries: [.move(.left)]))))
    }

    @Test func theGhostWaitsForTheFirstMoveThenPlaysAtItsRecordedPace() {
        var model = racing(stepMilliseconds: 500)
        let start = model.now
        _ = update(&model, .tick(start + 5_000))
        #expect(model.session?.ghost?.position == 0, "nothing before the player's first move")
        _ = update(&model, .key(.left))
        let moved = model.now
        _ = update(&model, .tick(moved))
        #expect(model.session?.ghost?.position == 1, "the entry at 0 ms plays with the first move")
        _ = update(&model, .tick(moved + 499))
        #expect(model.session?.ghost?.position == 1)
        _ = update(&model, .tick(moved + 1_000))
        #expect(model.session?.ghost?.position == 3)
        // Paused, the ghost stands still with the player's clock.
        _ = update(&model, .key(.character("p")))
        _ = update(&model, .tick(moved + 5_000))
        #expect(model.session?.ghost?.position == 3)
    }

    @Test func anUntimedRecordPlaysAtTheFixedPace() {
        var model = racing(stepMilliseconds: nil)
        #expect(model.session?.ghost?.isTimed == false)
        _ = update(&model, .key(.left))
        _ = update(&model, .tick(model.now + 2 * GhostRace.untimedStepMilliseconds))
        #expect(model.session?.ghost?.position == 3)
    }

    @Test func theGhostReachingTheTargetFirstEndsTheRace() throws {
        var model = racing(stepMilliseconds: 100)
        _ = update(&model, .key(.left))
        let effects = update(&model, .tick(model.now + 100 * Self.winningMoves.count))
        #expect(effects.contains(.send(.resign)), "the server's copy is ended")
        let session = try #require(model.session)
        let end = try #require(session.end)
        #expect(end.outcome == .lostToGhost)
        #expect(end.stage == .closed(message: GhostRace.notEligible, kind: .info))
        #expect(session.ghost?.hasReachedTarget == true)
        // A move after the end does nothing.
        let score = session.game.score
        Fixtures.settle(&model)
        _ = update(&model, .key(.down))
        #expect(model.session?.game.score == score)
        let verdict = try #require(session.ghost).verdict(reachedTargetAfter: nil, score: session.game.score)
        #expect(verdict.hasPrefix("bo's ghost reached \(Self.target) first, after 00:0"))
    }

    @Test func reachingTheTargetFirstWinsByTheTimeBetween() throws {
        var model = racing(stepMilliseconds: 10_000)
        var effects: [Effect] = []
        for (index, direction) in Self.winningMoves.enumerated() {
            _ = update(&model, .tick(Fixtures.now + index * 100))
            effects = update(&model, .key(key(for: direction)))
        }
        let session = try #require(model.session)
        let end = try #require(session.end)
        #expect(end.outcome == .won)
        #expect(effects.contains(.send(.resign)), "the server's copy plays on past the target: it is ended")
        let ghostTime = (Self.winningMoves.count - 1) * 10_000
        let yours = (Self.winningMoves.count - 1) * 100
        #expect(end.time == yours)
        let verdict = try #require(session.ghost).verdict(reachedTargetAfter: end.time, score: end.score)
        #expect(
            verdict
                == "you beat bo's ghost by \(Format.margin(milliseconds: ghostTime - yours)) (\(Format.clock(milliseconds: yours)) against \(Format.clock(milliseconds: ghostTime)))"
        )
        #expect(end.stage == .closed(message: GhostRace.notEligible, kind: .info))
    }

    @Test func verdictsWithoutATargetCompareScores() throws {
        let seed = try Seed(parsing: "42")
        let config = try GameConfig(size: 4, target: 2048)
        let ghost = GhostRace(name: "bo", source: "all-time board", seed: seed, config: config, log: GameLog([.move(.left)]))
        #expect(ghost.targetTime == nil)
        let final = ghost.finalScore
        #expect(ghost.verdict(reachedTargetAfter: nil, score: final + 40) == "you beat bo's ghost by 40 points")
        #expect(ghost.verdict(reachedTargetAfter: nil, score: final) == "a tie with bo's ghost: both scored \(final)")
        #expect(ghost.verdict(reachedTargetAfter: 60_000, score: 9) == "you won: bo's ghost never reached 2048 (it ended on \(final))")
        var winner = racing(stepMilliseconds: 100).session!.ghost!
        winner.advance(to: 0)
        #expect(
            winner.verdict(reachedTargetAfter: nil, score: 0)
                == "bo's ghost wins: it reaches \(Self.target) after \(Format.clock(milliseconds: winner.targetTime!))")
    }

    @Test func rStartsTheSameGhostRaceAgain() throws {
        var model = racing(stepMilliseconds: 500)
        _ = update(&model, .key(.left))
        _ = update(&model, .tick(model.now + 1_000))
        _ = update(&model, .key(.character("r")))
        #expect(model.overlay != nil, "a game under way asks first")
        let effects = update(&model, .key(.character("y")))
        #expect(effects.contains(.send(.resign)))
        let session = try #require(model.session)
        #expect(session.game.seed.text == "42")
        #expect(session.game.moveCount == 0)
        #expect(session.ghost?.position == 0)
        #expect(session.ghost?.name == "bo")
    }

    @Test func aRefusedRecordSaysWhyAndStaysOnTheLeaderboard() {
        var model = onLeaderboard()
        _ = update(&model, .key(.character("g")))
        Fixtures.refuse(&model, .record(RecordQuery(nickname: "bo")), .noRecord)
        #expect(model.leaderboard != nil)
        #expect(model.session == nil)
        #expect(model.pendingGhost == nil)
        #expect(model.notice?.text == "no ghost race: no record of bo's game on the all-time board")
    }

    @Test func aGhostFromTheCommandLineIsAskedForOnceGreeted() {
        var options = ClientOptions()
        options.ghost = RecordQuery(nickname: "bo", board: .sprint)
        var model = Fixtures.model(options: options)
        #expect(Update.launch(NetworkPlan(endpoint: Fixtures.endpoint), model: &model) == [.connect])
        #expect(model.pendingGhost == GhostRequest(query: RecordQuery(nickname: "bo", board: .sprint), source: "sprint board"))
        model.network.endpoint = Fixtures.endpoint
        let effects = Update.helloAccepted(nickname: "ana", model: &model)
        #expect(effects.contains(.send(.record(RecordQuery(nickname: "bo", board: .sprint)))))
    }

    @Test func offlineTheLeaderboardHasNoGhost() {
        var model = onLeaderboard()
        model.connection = .offline(reason: "gone")
        #expect(update(&model, .key(.character("g"))) == [])
        #expect(model.notice?.text == "no server connected: records live on the server")
    }
}
