import TileRaceEngine
import TileRaceProtocol

/// Taking a dropped seat back (protocol.md 5.1.1) with `HELLO ... resume=<secret>`;
/// moves made meanwhile are played locally and sent once back.
extension Update {
    /// Only when the server gave a secret, did not say goodbye, and holds a seat for us.
    static func canResume(afterBye bye: String?, model: Model) -> Bool {
        guard model.network.resumeSecret != nil, model.network.nickname != nil, bye == nil || bye == "idle" else { return false }
        if let room = model.room, !room.isWatching { return true }
        // A game being dealt is taken back to be resigned (`resumed`).
        return model.session?.isDealing == true || model.session?.sendsEntries == true && model.session?.serverCopy == .active
    }

    static func beginResuming(reason: String, model: inout Model) {
        guard let secret = model.network.resumeSecret, let nickname = model.network.nickname, let endpoint = model.network.endpoint
        else { return }
        model.network.resuming = ResumeAttempt(secret: secret, nickname: nickname, reason: reason, now: model.now)
        model.network.resumeSecret = nil
        // What was asked of the old connection will not be answered.
        model.network.gameChangesAwaitingReply = 0
        // Still connected for the screens: the seat is ours, and requests wait for it (`Update.apply`).
        model.connection = .connected(endpoint)
        // The queue holds no seat: its place is lost even so.
        quickRaceConnectionLost(&model)
    }

    static let waitsForSeatNotice = "reconnecting: that waits until the connection is back"

    /// True, and said, while the seat is being taken back: a key that would ask the server refuses here, before it
    /// changes anything, or it would leave us where the server does not know. Moves are played and sent once back;
    /// `PAUSE`/`RESUME` and `QUIT` wait for nobody. `Update.apply` drops any other request, and says so.
    static func waitsForSeat(_ model: inout Model) -> Bool {
        guard model.network.resuming != nil else { return false }
        model.show(waitsForSeatNotice, .warning)
        return true
    }

    /// Gives up once the server cannot be holding the seat any more.
    static func resumeTick(_ model: inout Model) -> [Effect] {
        guard let attempt = model.network.resuming, !attempt.isTrying else { return [] }
        guard model.now < attempt.givesUpAt else {
            return resumeGivenUp("could not get back within \(ResumeAttempt.graceMilliseconds / 1000) s (\(attempt.reason))", model: &model)
        }
        guard model.now >= attempt.nextTryAt else { return [] }
        model.network.resuming?.start()
        return [.connect]
    }

    /// `OK HELLO ... resumed=yes`; catch-up events follow (`START`, `RESYNC`, `PROGRESS` ...).
    static func resumed(room: RoomDescription?, model: inout Model) -> [Effect] {
        guard let endpoint = model.network.endpoint else { return [] }
        let attempts = model.network.resuming?.attempt ?? 1
        model.network.resuming = nil
        model.network.isCatchingUp = model.session?.sendsEntries == true
        // Our nickname in the catch-up START may be an earlier seat we gave up before coming back.
        let wasRacing = model.session?.isRace == true && model.race.map { !$0.isOver } == true
        model.network.isCatchingUpOutsideRace = room?.state == .racing && !wasRacing
        model.connection = .connected(endpoint)
        model.show("back: the connection was restored (\(attempts) \(attempts == 1 ? "try" : "tries"))", .success)
        if let room, let shown = model.room, RoomName(shown.name) == RoomName(room.name) {
            // Back in our room. What went by unheard comes again: a countdown or race still running in the
            // catch-up, and who is there and ready from `WHO`.
            model.room?.countdownEndsAt = nil
            // A race not ours that ended meanwhile (its `END` lost with the line): the room waits again.
            if room.state != .racing, model.session?.isRace != true, shown.isRaceUnderWay || model.race?.isOver == false {
                raceEnded(&model)
            }
            return [.send(.who)] + queueAgain(&model)
        }
        guard let room, model.room.map({ RoomName($0.name) != RoomName(room.name) }) ?? true else {
            // The server's practice game is not ours unless it confirmed it (dealt as the line dropped, or our
            // PRACTICE lost): resigned, so it holds no game nobody plays.
            let isStray = room == nil && model.session?.mode == .practice && model.session?.isServerCopyConfirmed == false
            return (isStray ? [.send(.resign)] : []) + queueAgain(&model)
        }
        // Our `LEAVE` was lost with the connection: leave again, or the room waits for us.
        // A game started here meanwhile goes on here only.
        model.network.isCatchingUp = false
        model.network.isCatchingUpOutsideRace = false
        if model.session?.serverCopy == .active {
            playHereOnly(because: "the server did not get it before the connection failed", model: &model)
        }
        return [.send(.leave)] + queueAgain(&model)
    }

    static func playHereOnly(because reason: String, model: inout Model) {
        model.changeSession { session in
            session.serverCopy = .localOnly(reason)
            session.unacknowledged = [:]
            session.expected = [:]
            session.boardsAfter = [:]
        }
    }

    /// `ERR bad-session`, or the grace is spent.
    static func resumeGivenUp(_ why: String, model: inout Model) -> [Effect] {
        model.network.resuming = nil
        let place = model.network.endpoint.map { " to \($0)" } ?? ""
        return connectionLost("Lost the connection\(place): \(ScreenText.sanitize(why))", model: &model) + [.disconnect]
    }

    /// The whole game when nothing is left to send, else our figures after `seq`.
    /// A game started here while its `PRACTICE` was lost is not.
    static func isSameGame(_ sync: GameSync, as session: PlaySession) -> Bool {
        if sync.seq == session.sequence {
            let game = session.game
            return sync.board == game.board.rows.flatMap { $0 } && sync.score == game.score && sync.moves == game.moveCount
        }
        guard let figures = session.expected[sync.seq] else { return true }
        // A RESTART lost with the line can make figures agree by chance: the board must agree too.
        let board = session.boardsAfter[sync.seq].map { $0.rows.flatMap { $0 } }
        return figures == Figures(score: sync.score, moves: sync.moves, largestTile: sync.largestTile)
            && (board ?? sync.board) == sync.board
    }

    /// The server may still count us as racing and the others would wait; `ERR not-racing` is ignored.
    static func resignAgainAfterResume(_ model: Model) -> [Effect] {
        guard let session = model.session, session.isRace, session.end?.outcome == .resigned else { return [] }
        return [.send(.resign)]
    }

    /// A `PAUSE`/`RESUME` sent while resuming went nowhere; both are idempotent on the server.
    static func holdAgainAfterResume(_ model: Model) -> [Effect] {
        guard let session = model.session, !session.isRace, !session.game.isOver else { return [] }
        return serverClock(paused: isPracticeClockHeld(model), model: model)
    }

    /// Unreceived entries are resent (the game is deterministic); when they do not follow on, the server's copy wins.
    static func resyncAfterResume(_ sync: GameSync, model: inout Model) -> [Effect]? {
        guard model.network.isCatchingUp else { return nil }
        model.network.isCatchingUp = false
        guard let session = model.session, session.sendsEntries, sync.seq <= session.sequence,
            isSameGame(sync, as: session)
        else { return nil }
        // Usually nothing is left to send.
        let numbers = Array((sync.seq + 1)..<(session.sequence + 1))
        let entries = numbers.compactMap { session.unacknowledged[$0] }
        guard entries.count == numbers.count else { return nil }
        // A line holds a few hundred entries: send them in chunks.
        let chunk = 200
        return stride(from: 0, to: entries.count, by: chunk).map { start in
            .send(.move(seq: sync.seq + 1 + start, entries: Array(entries[start..<min(start + chunk, entries.count)])))
        }
    }
}
