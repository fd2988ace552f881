import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Losing the connection during a race: our own banner while the client
/// takes its seat back, and the "away" mark beside another racer from
/// `AWAY` until `BACK`, their `FINISH`, `LEFT` or `END` (protocol.md 5.1.1).
@Suite struct UpdateAwayTests {
    /// The race fixture with its connection just dropped: the client is taking its seat back.
    static func resuming(size: TerminalSize = TerminalSize(width: 80, height: 24)) -> Model {
        var model = Fixtures.race(size: size)
        model.network.resumeSecret = "0d6e2b9a4c8f1e3d"
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        return model
    }

    /// The race fixture after `AWAY` for bo, his seat held 30 s.
    static func boAway(size: TerminalSize = TerminalSize(width: 80, height: 24)) -> Model {
        var model = Fixtures.race(size: size)
        Fixtures.event(&model, .away(room: "friday", nickname: "bo", milliseconds: 30_000))
        return model
    }

    private func screenText(_ model: Model) -> String {
        view(model, size: model.size, theme: .classic).plainText
    }

    // MARK: Our banner

    @Test func noKeyTakesTheBannerAwayWhileResuming() {
        var model = Self.resuming()
        #expect(model.network.resuming != nil)
        #expect(screenText(model).contains("connection lost, reconnecting (1)…"))
        let moves = model.session!.game.moveCount
        for key in [Key.left, .up, .right, .down, .escape, .character("t"), .enter, .character("?"), .escape] {
            let effects = update(&model, .key(key))
            #expect(!effects.contains { if case .send = $0 { true } else { false } }, "\(key): \(effects)")
            #expect(model.network.resuming != nil)
            #expect(Chrome.connectionBanner(model, width: 78)?.hasPrefix("connection lost, reconnecting (1)…") == true, "\(key)")
            #expect(screenText(model).contains("connection lost, reconnecting (1)…"), "\(key)")
        }
        // The moves were played locally, to be sent once back.
        #expect(model.session!.game.moveCount > moves)
        #expect(model.race?.players.first(where: \.isYou)?.moves == model.session!.game.moveCount)
    }

    @Test func theBannerCountsTheTriesAndGoesWhenTheSeatIsBack() {
        var model = Self.resuming()
        #expect(update(&model, .tick(Fixtures.now + 250)) == [.connect])
        _ = update(&model, .server(.connectFailed("connection refused")))
        _ = update(&model, .key(.left))
        #expect(update(&model, .tick(Fixtures.now + 750)) == [.connect])
        _ = update(&model, .key(.up))
        #expect(Chrome.connectionBanner(model, width: 200)?.hasPrefix("connection lost, reconnecting (2)…") == true)
        _ = Update.resumed(room: nil, model: &model)
        #expect(Chrome.connectionBanner(model, width: 200) == nil)
        #expect(!screenText(model).contains("reconnecting"))
    }

    @Test func aNoticeWhileResumingGoesAboveTheBanner() {
        var model = Self.resuming()
        _ = update(&model, .key(.character("t")))
        let rows = screenText(model).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[21].contains("theme: "))
        #expect(rows[22].contains("connection lost, reconnecting (1)…"))
    }

    @Test func ourRowIsMarkedOfflineWhileResuming() {
        let model = Self.resuming()
        let race = model.race!
        let you = race.players.first(where: \.isYou)!
        #expect(RaceView.mark(of: you, race: race, model: model) == "offline")
        #expect(RaceView.mark(of: you, race: race, model: Fixtures.race()) == nil)
    }

    // MARK: Others away

    @Test func awaySetsTheMarkWithTheDeadline() {
        let model = Self.boAway()
        let deadline = Fixtures.now + 30_000
        #expect(model.race?.away.deadline(of: "bo") == deadline)
        #expect(model.race?.away.deadline(of: "BO") == deadline)
        #expect(model.room?.away.deadline(of: "bo") == deadline)
        #expect(model.race?.away.mark("bo", at: model.now) == "away 30s")
        #expect(model.race?.away.deadline(of: "chen") == nil)
        #expect(model.race?.announcements.last?.text == "bo lost the connection")
        #expect(model.notice?.text == "bo lost the connection; their seat is kept for 30 s")
        let bo = model.race!.players.first { $0.nickname == "bo" }!
        #expect(RaceView.mark(of: bo, race: model.race!, model: model) == "away 30s")
    }

    @Test func theSecondsCountDownWithTheClock() {
        var model = Self.boAway()
        _ = update(&model, .tick(Fixtures.now + 3_000))
        #expect(model.race?.away.mark("bo", at: model.now) == "away 27s")
        #expect(screenText(model).contains("away 27s"))
        // Spectators, and players in the room who are not racing, see it too.
        var spectator = model
        spectator.session = nil
        spectator.race?.players[1].isYou = false
        spectator.room?.isWatching = true
        spectator.screen = .spectate
        #expect(screenText(spectator).contains("away 27s · 240 moves"))
        spectator.room?.isWatching = false
        spectator.room?.isRaceUnderWay = true
        spectator.screen = .room
        #expect(screenText(spectator).contains("4 020   512       —  away 27s · 240 moves"))
        _ = update(&model, .tick(Fixtures.now + 3_400))
        #expect(model.race?.away.secondsLeft("bo", at: model.now) == 27)
        _ = update(&model, .tick(Fixtures.now + 29_001))
        #expect(model.race?.away.secondsLeft("bo", at: model.now) == 1)
        // Past the deadline the seat is gone or taken back: no mark, even without word from the server.
        _ = update(&model, .tick(Fixtures.now + 30_000))
        #expect(model.race?.away.mark("bo", at: model.now) == nil)
        #expect(!screenText(model).contains("away"))
    }

    @Test func backClearsTheMark() {
        var model = Self.boAway()
        Fixtures.event(&model, .back(room: "friday", nickname: "bo"))
        #expect(model.race?.away.deadline(of: "bo") == nil)
        #expect(model.room?.away.deadline(of: "bo") == nil)
        #expect(model.race?.announcements.last?.text == "bo is back")
        #expect(model.notice?.text == "bo is back")
        #expect(!screenText(model).contains("away"))
    }

    @Test func finishClearsTheRaceMark() {
        var model = Self.boAway()
        Fixtures.event(
            &model,
            .finish(
                RacerFinish(
                    room: "friday", nickname: "bo", reason: .time, score: 4020, largestTile: 512, moves: 240, milliseconds: 300_000)))
        #expect(model.race?.away.deadline(of: "bo") == nil)
        // His seat in the room is still held.
        #expect(model.room?.away.deadline(of: "bo") == Fixtures.now + 30_000)
    }

    @Test func leftClearsTheMark() {
        var model = Self.boAway()
        Fixtures.event(
            &model,
            .finish(
                RacerFinish(
                    room: "friday", nickname: "bo", reason: .left, score: 4020, largestTile: 512, moves: 240, milliseconds: 132_700)))
        Fixtures.event(&model, .left(room: "friday", nickname: "bo"))
        #expect(model.race?.away.deadline(of: "bo") == nil)
        #expect(model.room?.away.deadline(of: "bo") == nil)
        #expect(model.race?.players.contains { $0.nickname == "bo" } == true)
    }

    @Test func theEndOfTheRaceClearsTheRaceMarks() {
        var model = Self.boAway()
        Fixtures.event(&model, .away(room: "friday", nickname: "chen", milliseconds: 20_000))
        Fixtures.event(&model, .end(room: "friday", race: 1, count: 4))
        #expect(model.race?.isOver == true)
        #expect(model.race?.away.isAnyoneAway(at: model.now) == false)
    }

    @Test func aFinishedRacerOrAnotherRoomGetsNoRaceMark() {
        var model = Fixtures.race()
        Fixtures.event(&model, .away(room: "friday", nickname: "dmitri", milliseconds: 30_000))
        #expect(model.race?.away.deadline(of: "dmitri") == nil)
        #expect(model.room?.away.deadline(of: "dmitri") == Fixtures.now + 30_000)
        Fixtures.event(&model, .away(room: "saturday", nickname: "chen", milliseconds: 30_000))
        #expect(model.race?.away.deadline(of: "chen") == nil)
        #expect(model.room?.away.deadline(of: "chen") == nil)
        // Never ourselves.
        Fixtures.event(&model, .away(room: "friday", nickname: "ana", milliseconds: 30_000))
        #expect(model.race?.away.deadline(of: "ana") == nil)
        #expect(model.room?.away.deadline(of: "ana") == nil)
    }

    @Test func theRoomListCountsDownAndTicksWhileSomeoneIsAway() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .room
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(), isPrivate: false,
            members: [RoomMember(nickname: "bo", isReady: true, isYou: false), RoomMember(nickname: "ana", isReady: false, isYou: true)])
        model.notice = nil
        #expect(model.tickIntervalMilliseconds == nil)
        Fixtures.event(&model, .away(room: "friday", nickname: "bo", milliseconds: 30_000))
        #expect(model.tickIntervalMilliseconds != nil)
        _ = update(&model, .tick(Fixtures.now + 12_500))
        #expect(screenText(model).contains("bo  away 18s"))
        // A WHO reply (after a race) keeps the mark.
        Fixtures.reply(
            &model, to: .who, .who(room: "friday", count: 2),
            items: [
                .member(MemberInfo(nickname: "bo", role: .player, isReady: false, state: .waiting)),
                .member(MemberInfo(nickname: "ana", role: .player, isReady: false, state: .waiting)),
            ])
        #expect(screenText(model).contains("bo  away 18s"))
        _ = update(&model, .tick(Fixtures.now + 30_000))
        #expect(model.tickIntervalMilliseconds == nil)
        #expect(!screenText(model).contains("away"))
    }

    /// kg comes in while bo's seat is held: `MEMBER ... away=` says so (he heard no `AWAY`), and the room says why no race starts.
    @Test func someoneWhoComesInLaterSeesAHeldSeat() {
        var model = Fixtures.connected(Fixtures.model(), nickname: "kg")
        Fixtures.reply(&model, to: .join(room: "friday", code: nil), .join(Fixtures.room("friday", players: 3)))
        Fixtures.reply(
            &model, to: .who, .who(room: "friday", count: 3),
            items: [
                .member(MemberInfo(nickname: "ana", role: .player, isReady: true, state: .waiting)),
                .member(MemberInfo(nickname: "bo", role: .player, isReady: true, state: .waiting, awayMilliseconds: 27_400)),
                .member(MemberInfo(nickname: "kg", role: .player, isReady: false, state: .waiting)),
            ])
        _ = update(&model, .key(.character("r")))
        Fixtures.reply(&model, to: .ready(true), .ready(true))
        let text = screenText(model)
        #expect(text.contains("bo  away 28s"))
        #expect(text.contains("3 of 3 ready · the race starts when all are back"))
        Fixtures.event(&model, .back(room: "friday", nickname: "bo"))
        #expect(!screenText(model).contains("away"))
        #expect(screenText(model).contains("3 of 3 ready · the race starts when all are ready"))
    }
}
