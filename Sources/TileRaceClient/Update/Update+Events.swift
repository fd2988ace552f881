import TileRaceEngine
import TileRaceProtocol

/// The server's events: the room's members, the countdown, the race.
extension Update {
    static func serverEvent(_ event: ServerEvent, model: inout Model) -> [Effect] {
        // A line of chat changes nothing else (not the catch-up after a resume).
        if case .chat(let line) = event {
            chatArrived(line, model: &model)
            return []
        }
        // The catch-up's START, if any, comes first after a resumed OK HELLO,
        // and our RESYNC right after it when the race is ours.
        let isOutsideRace = model.network.isCatchingUpOutsideRace
        model.network.isCatchingUpOutsideRace = false
        let startNamingUs = model.network.catchUpStart
        model.network.catchUpStart = nil
        switch event {
        case .hello, .ping, .bye, .chat:
            // The connection answers PING and reports BYE when the line closes; CHAT was handled above.
            break
        case .joined(let room, let nickname, let role, let isBot):
            guard isOurRoom(room, model) else { break }
            memberJoined(nickname, role: role, isBot: isBot, model: &model)
        case .left(let room, let nickname):
            guard isOurRoom(room, model), var waiting = model.room else { break }
            waiting.members.removeAll { Names.nicknameKey($0.nickname) == Names.nicknameKey(nickname) && !$0.isYou }
            waiting.away.clear(nickname)
            model.room = waiting
            model.race?.away.clear(nickname)
            if model.screen == .room { model.show("\(ScreenText.sanitize(nickname)) left the room") }
        case .ready(let room, let nickname, let isReady):
            guard isOurRoom(room, model) else { break }
            setReady(isReady, of: nickname, model: &model)
        case .countdown(let room, let milliseconds):
            guard isOurRoom(room, model) else { break }
            model.room?.countdownEndsAt = model.now + max(0, milliseconds)
            if model.screen == .room { model.notice = nil }
        case .away(let room, let nickname, let milliseconds):
            guard isOurRoom(room, model) else { break }
            playerAway(nickname, milliseconds: milliseconds, model: &model)
        case .back(let room, let nickname):
            guard isOurRoom(room, model) else { break }
            playerBack(nickname, model: &model)
        case .cancel(let room, let reason):
            guard isOurRoom(room, model) else { break }
            model.room?.countdownEndsAt = nil
            let why =
                switch reason {
                case "unready": "someone is not ready any more"
                case "left": "someone left"
                case "joined": "someone came in"
                case "away": "someone lost the connection"
                default: ScreenText.sanitize(reason)
                }
            model.show("countdown stopped: \(why)", .warning)
        case .start(let start):
            guard isOurRoom(start.room, model) else { break }
            // After resuming, the race under way is the one we are in.
            if model.network.isCatchingUp, model.race != nil, model.session?.isRace == true { break }
            raceStarted(start, mayRace: !isOutsideRace, model: &model)
            if isOutsideRace, start.players.contains(where: { isUs($0, model) }) { model.network.catchUpStart = start }
        case .progress(let progress):
            guard isOurRoom(progress.room, model) else { break }
            racerProgressed(progress, model: &model)
        case .finish(let finish):
            guard isOurRoom(finish.room, model) else { break }
            racerFinished(finish, model: &model)
        case .result(let result):
            guard isOurRoom(result.room, model) else { break }
            let standing = Standing(result, isBot: model.isBot(result.nickname))
            model.race?.results.append(standing)
            // A racer whose FINISH we missed (we were away) is finished all the same.
            if let index = model.race?.players.firstIndex(where: {
                Names.nicknameKey($0.nickname) == Names.nicknameKey(result.nickname) && $0.status == .playing
            }) {
                model.race?.players[index].status = .finished(result.reason)
            }
        case .end(let room, _, _):
            guard isOurRoom(room, model) else { break }
            raceEnded(&model)
        case .resync(let sync):
            // A race that started while our connection was failing: the
            // RESYNC says it is ours after all.
            if let startNamingUs { raceStarted(startNamingUs, model: &model) }
            let isCatchingUp = model.network.isCatchingUp
            if isCatchingUp, let session = model.session, session.mode == .practice, session.mirror == .active,
                !session.isMirrorConfirmed
            {
                // Its PRACTICE was lost with the connection: the server's game is an earlier one.
                model.network.isCatchingUp = false
                playHereOnly(because: "the server did not get it before the connection failed", model: &model)
                return []
            }
            var effects: [Effect] = []
            if let resent = resyncAfterResume(sync, model: &model) {
                effects = resent
            } else {
                adopt(sync, model: &model)
            }
            if isCatchingUp { effects += resignAgainAfterResume(model) + holdAgainAfterResume(model) }
            return effects
        }
        return []
    }

    private static func isOurRoom(_ name: String, _ model: Model) -> Bool {
        guard let room = model.room else { return false }
        return Names.nicknameKey(room.name) == Names.nicknameKey(name)
    }

    private static func isUs(_ nickname: String, _ model: Model) -> Bool {
        model.network.nickname.map { Names.nicknameKey($0) == Names.nicknameKey(nickname) } ?? false
    }

    private static func memberJoined(_ nickname: String, role: MemberInfo.Role, isBot: Bool, model: inout Model) {
        guard var room = model.room else { return }
        let key = Names.nicknameKey(nickname)
        guard !room.members.contains(where: { Names.nicknameKey($0.nickname) == key && $0.role == role }) else { return }
        let member = RoomMember(nickname: nickname, isReady: false, isYou: false, role: role, isBot: isBot)
        if role == .player, let firstWatcher = room.members.firstIndex(where: { $0.role == .watcher }) {
            room.members.insert(member, at: firstWatcher)
        } else {
            room.members.append(member)
        }
        model.room = room
        if model.screen == .room {
            model.show("\(ScreenText.sanitize(nickname)) \(role == .player ? "joined" : "is watching")")
        }
    }

    // MARK: The race

    /// `START`: everyone's board from the same seed; ours is played at once.
    /// `START`: the race begins (or, catching up, is under way); we race in
    /// it when it names us, unless `mayRace` is false (we only watch it from the room).
    private static func raceStarted(_ start: RaceStart, mayRace: Bool = true, model: inout Model) {
        guard var room = model.room, let game = try? start.makeGame() else {
            model.show("the server started a race this client cannot play", .warning)
            return
        }
        let options = RoomOptions(size: start.size, target: start.target, allowsAssists: start.allowsAssists, timeLimit: start.timeLimit)
        room.options = options
        room.countdownEndsAt = nil
        for index in room.members.indices {
            room.members[index].isReady = false
            if start.players.contains(where: { Names.nicknameKey($0) == Names.nicknameKey(room.members[index].nickname) }),
                mayRace || !room.members[index].isYou
            {
                room.members[index].state = .racing
            }
        }
        let isRacing = mayRace && !room.isWatching && start.players.contains { isUs($0, model) }
        // At the start the keys are the board's: a line being typed waits, kept, for the next `/` or Enter.
        if isRacing { model.chat.closeKeepingDraft() }
        // A START that catches us up (WATCH, resume) says how long the race has run.
        let startedAt = model.now - max(0, start.elapsedMilliseconds ?? 0)
        var race = RaceState(
            room: room.name, options: options, phase: .racing(startedAt: startedAt),
            players: start.players.map { nickname in
                RacePlayer(
                    nickname: nickname, score: 0, largestTile: game.board.largestValue, moves: 0, status: .playing,
                    board: game.board, isYou: isRacing && isUs(nickname, model), isBot: start.isBot(nickname) || room.isBot(nickname))
            })
        race.startTimeline()
        race.announce("go! seed \(ScreenText.sanitize(start.seed)) · \(game.config)", at: model.now)
        model.race = race
        if isRacing {
            var session = PlaySession(mode: .race(room: room.name), game: game, assistsAllowed: start.allowsAssists)
            session.clock.start(at: startedAt)
            model.session = session
            model.screen = .game
            room.isRaceUnderWay = false
            if case .help = model.overlay { model.overlay = nil }
        } else {
            room.isRaceUnderWay = true
            if room.isWatching { model.screen = .spectate }
        }
        model.room = room
    }

    private static func racerProgressed(_ progress: RacerProgress, model: inout Model) {
        guard var race = model.race, !race.isOver else { return }
        var player =
            race.players.first { Names.nicknameKey($0.nickname) == Names.nicknameKey(progress.nickname) }
            ?? RacePlayer(
                nickname: progress.nickname, score: 0, largestTile: 0, moves: 0, status: .playing,
                isBot: model.room?.isBot(progress.nickname) ?? false)
        guard !player.isYou else { return }
        player.score = progress.score
        player.largestTile = progress.largestTile
        player.moves = progress.moves
        player.board = try? Board(rows: BoardField.rows(progress.board))
        race.update(player, at: model.now)
        model.race = race
    }

    /// `FINISH`: a racer is done; when it is us, the server's word ends our game.
    private static func racerFinished(_ finish: RacerFinish, model: inout Model) {
        guard var race = model.race, !race.isOver else { return }
        let elapsed = finish.milliseconds
        var player =
            race.players.first { Names.nicknameKey($0.nickname) == Names.nicknameKey(finish.nickname) }
            ?? RacePlayer(
                nickname: finish.nickname, score: 0, largestTile: 0, moves: 0, status: .playing,
                isBot: model.room?.isBot(finish.nickname) ?? false)
        if player.isYou, var session = model.session, session.isRace {
            if session.end == nil {
                let outcome: EndOfGame.Outcome =
                    switch finish.reason {
                    case .target: .won
                    case .over: .noMoves
                    case .time: .timeUp
                    case .resigned, .left: .resigned
                    }
                session.clock.stop(at: model.now)
                session.removalCursor = nil
                session.end = endOfGame(outcome, session: session, now: model.now, stage: submitStage(model, session: session))
            }
            session.end?.officialMilliseconds = elapsed
            model.session = session
        }
        player.score = finish.score
        player.largestTile = finish.largestTile
        player.moves = finish.moves
        player.status = .finished(finish.reason)
        player.finishedAfter = elapsed
        player.isBot = player.isBot || finish.isBot
        race.away.clear(finish.nickname)
        race.update(player, at: model.now)
        model.race = race
        if let index = model.room?.members.firstIndex(where: { Names.nicknameKey($0.nickname) == Names.nicknameKey(finish.nickname) }),
            model.room?.members[index].isYou == false || race.players.contains(where: \.isYou)
        {
            // (Our own line only when we race: a FINISH under our nickname
            // while we watch is an earlier seat of ours.)
            model.room?.members[index].state = .finished
        }
    }

    /// `END`: the standings are complete; the room waits for the next race.
    private static func raceEnded(_ model: inout Model) {
        guard var race = model.race, var room = model.room else { return }
        let standings = race.results.sorted { $0.place < $1.place }
        race.results = []
        race.phase = .finished(standings: standings)
        race.away = AwaySeats()
        race.announce("race over", at: model.now)
        room.lastStandings = standings
        room.isRaceUnderWay = false
        room.countdownEndsAt = nil
        for index in room.members.indices {
            room.members[index].isReady = false
            room.members[index].state = .waiting
        }
        model.room = room
        // A player who was not in this race saw it from the room: the room shows the standings.
        if model.session?.isRace == true || model.screen == .spectate {
            model.race = race
        } else {
            model.race = nil
        }
    }

    /// `RESYNC`: the server's copy of our game replaces ours, and we say so.
    private static func adopt(_ sync: GameSync, model: inout Model) {
        guard model.network.barriers == 0, var session = model.session, session.sendsEntries,
            let game = try? sync.makeGame(config: session.game.config, seed: session.game.seed)
        else { return }
        let changed = game.board != session.game.board || game.score != session.game.score
        session.game = game
        session.sequence = sync.seq
        session.expected = [:]
        session.boardsAfter = [:]
        session.unacknowledged = [:]
        session.animation = nil
        session.removalCursor = nil
        model.session = session
        if changed {
            model.show(
                "your board differed from the server's copy: now showing the server's (score \(Format.grouped(game.score)))",
                .warning)
        }
        checkEnd(reachedTarget: session.isRace && game.hasWon, model: &model)
        syncRacer(&model)
    }
}
