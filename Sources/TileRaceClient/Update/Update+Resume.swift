import TileRaceEngine
import TileRaceProtocol

/// Taking a dropped connection's seat back (protocol.md section 5.1.1): the
/// client reconnects by itself while the server holds the seat, says
/// `HELLO ... resume=<secret>`, and goes on where it was. Moves made
/// meanwhile are played locally and sent once it is back.
extension Update {
    /// Whether a dropped connection is worth resuming: the server gave a
    /// secret, did not say goodbye on purpose, and holds a seat for us (a
    /// player in a room, or a game it mirrors).
    static func canResume(afterBye bye: String?, model: Model) -> Bool {
        guard model.network.resumeSecret != nil, model.network.nickname != nil, bye == nil || bye == "idle" else { return false }
        if let room = model.room, !room.isWatching { return true }
        return model.session?.sendsEntries == true && model.session?.serverCopy == .active
    }

    /// The connection dropped: keep everything, and start trying to get back.
    static func beginResuming(reason: String, model: inout Model) {
        guard let secret = model.network.resumeSecret, let nickname = model.network.nickname, let endpoint = model.network.endpoint
        else { return }
        model.network.resuming = ResumeAttempt(secret: secret, nickname: nickname, reason: reason, now: model.now)
        model.network.resumeSecret = nil
        // What was asked of the old connection will not be answered.
        model.network.gameChangesAwaitingReply = 0
        // Still connected as far as the screens go: the seat is ours, and
        // whatever needs the server waits for it (`Update.apply`) rather than
        // happening here only.
        model.connection = .connected(endpoint)
        // The queue holds no seat: its place is lost even so.
        quickRaceConnectionLost(&model)
    }

    /// On each tick while resuming: start the next try when due, or give up
    /// once the server cannot be holding the seat any more.
    static func resumeTick(_ model: inout Model) -> [Effect] {
        guard var attempt = model.network.resuming, !attempt.isTrying else { return [] }
        guard model.now < attempt.givesUpAt else {
            return resumeGivenUp("could not get back within \(ResumeAttempt.graceMilliseconds / 1000) s (\(attempt.reason))", model: &model)
        }
        guard model.now >= attempt.nextTryAt else { return [] }
        attempt.start()
        model.network.resuming = attempt
        return [.connect]
    }

    /// A try failed (no connection, or it dropped again before the greeting).
    static func resumeTryFailed(model: inout Model) {
        guard var attempt = model.network.resuming else { return }
        attempt.failed(now: model.now)
        model.network.resuming = attempt
    }

    /// The server greeted the new connection: ask for the seat back.
    static func resumeGreeted(model: Model) -> [Effect] {
        guard let attempt = model.network.resuming else { return [] }
        return [.send(.hello(nickname: attempt.nickname, resume: attempt.secret))]
    }

    /// `OK HELLO ... resumed=yes` (with the room's description when the seat
    /// is in a room): back in the seat. The catch-up events
    /// follow (`START`, `RESYNC`, `PROGRESS` ...).
    static func resumed(room: RoomDescription?, model: inout Model) -> [Effect] {
        guard let endpoint = model.network.endpoint else { return [] }
        let attempts = model.network.resuming?.attempt ?? 1
        model.network.resuming = nil
        model.network.isCatchingUp = model.session?.sendsEntries == true
        // The race under way that the catch-up's START describes is ours only
        // if we were in it: our nickname in it may be an earlier seat of ours
        // that was given up (it finished as `left`) before we came back as a
        // waiting member.
        let wasRacing = model.session?.isRace == true && model.race.map { !$0.isOver } == true
        model.network.isCatchingUpOutsideRace = room?.state == .racing && !wasRacing
        model.connection = .connected(endpoint)
        model.show("back: the connection was restored (\(attempts) \(attempts == 1 ? "try" : "tries"))", .success)
        if let room, model.room.map({ RoomName($0.name) != RoomName(room.name) }) ?? true {
            return leaveAgainAfterResume(room, model: &model) + queueAgain(&model)
        }
        return queueAgain(&model)
    }

    /// The seat is in a room we left while the connection was failing (our
    /// `LEAVE` was lost with it): leave it again, or the room would wait for
    /// us. A game started here meanwhile was never the server's: it goes on
    /// here only.
    private static func leaveAgainAfterResume(_ room: RoomDescription, model: inout Model) -> [Effect] {
        model.network.isCatchingUp = false
        model.network.isCatchingUpOutsideRace = false
        if model.session?.serverCopy == .active {
            playHereOnly(because: "the server did not get it before the connection failed", model: &model)
        }
        return [.send(.leave)]
    }

    /// The game on screen goes on here only: the server does not have it.
    static func playHereOnly(because reason: String, model: inout Model) {
        model.changeSession { session in
            session.serverCopy = .localOnly(reason)
            session.unacknowledged = [:]
            session.expected = [:]
            session.boardsAfter = [:]
        }
    }

    /// The server no longer holds the seat (`ERR bad-session`), or the grace
    /// is spent: today's "lost the connection" choices.
    static func resumeGivenUp(_ why: String, model: inout Model) -> [Effect] {
        model.network.resuming = nil
        let place = model.network.endpoint.map { " to \($0)" } ?? ""
        return connectionLost("Lost the connection\(place): \(ScreenText.sanitize(why))", model: &model) + [.disconnect]
    }

    /// Whether the server's copy is our game as it stood at its `seq`, as far
    /// as we can tell: the whole game when nothing is left to send, else our
    /// figures after that entry when we still have them. (A game started
    /// here while the connection failed, its `PRACTICE` lost, is not.)
    static func isSameGame(_ sync: GameSync, as session: PlaySession) -> Bool {
        if sync.seq == session.sequence {
            let game = session.game
            return sync.board == game.board.rows.flatMap { $0 } && sync.score == game.score && sync.moves == game.moveCount
        }
        guard let figures = session.expected[sync.seq] else { return true }
        // Figures alone can agree by chance (a RESTART lost with the line left
        // the server an earlier game): the board must agree too.
        let board = session.boardsAfter[sync.seq].map { $0.rows.flatMap { $0 } }
        return figures == Figures(score: sync.score, moves: sync.moves, largestTile: sync.largestTile)
            && (board ?? sync.board) == sync.board
    }

    /// A race we resigned while the connection was down (or whose `RESIGN`
    /// was lost with it) is resigned again once back: the server may still
    /// count us as racing, and the others would wait for us. If it had it
    /// already, its `ERR not-racing` is ignored.
    static func resignAgainAfterResume(_ model: Model) -> [Effect] {
        guard let session = model.session, session.isRace, session.end?.outcome == .resigned else { return [] }
        return [.send(.resign)]
    }

    /// A practice game's clock once back: a `PAUSE` or `RESUME` while the
    /// connection was being taken back went nowhere, so the server hears
    /// again whether the clock stands still (both are idempotent there).
    static func holdAgainAfterResume(_ model: Model) -> [Effect] {
        guard let session = model.session, !session.isRace, !session.game.isOver else { return [] }
        return serverClock(paused: isPracticeClockHeld(model), model: model)
    }

    /// The server's copy of our game after resuming: the entries it did not
    /// get are sent again (the game is deterministic, so the local game after
    /// its `seq` is still right); when they do not follow on, its copy wins.
    static func resyncAfterResume(_ sync: GameSync, model: inout Model) -> [Effect]? {
        guard model.network.isCatchingUp else { return nil }
        model.network.isCatchingUp = false
        guard let session = model.session, session.sendsEntries, sync.seq <= session.sequence,
            isSameGame(sync, as: session)
        else { return nil }
        // Nothing may be left to send (the usual case: a blip while the player thinks).
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
