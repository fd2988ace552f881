import TileRaceEngine
import TileRaceProtocol

/// The race: clock, time limit, resigning, standings, leaving, spectating, and its events.
extension Update {
    /// The server's `FINISH reason=time` then gives the official figures.
    static func raceTick(_ model: inout Model) -> [Effect] {
        guard let race = model.race, case .racing = race.phase, race.options.timeLimit > 0,
            let clock = model.session?.clock, model.session?.isRace == true, model.session?.end == nil
        else { return [] }
        let limit = race.options.timeLimit * 1000
        guard clock.elapsed(at: model.now) >= limit else { return [] }
        endGame(.timeUp, clockStoppedAt: clock.startedAt.map { $0 + limit }, model: &model)
        syncRacer(&model)
        return []
    }

    /// The screen never waits for the server.
    static func syncRacer(_ model: inout Model) {
        guard let race = model.race, let session = model.session,
            let index = race.players.firstIndex(where: \.isYou)
        else { return }
        var player = race.players[index]
        guard player.status == .playing else { return }
        player.score = session.game.score
        player.moves = session.game.moveCount
        player.largestTile = session.game.board.largestValue
        player.board = session.game.board
        if let end = session.end {
            switch end.outcome {
            case .won: player.status = .finished(.target)
            case .noMoves: player.status = .finished(.over)
            case .timeUp: player.status = .finished(.time)
            case .resigned: player.status = .finished(.resigned)
            case .lostToGhost: player.status = .finished(.over)  // only a ghost race ends so, never a room's
            }
            // One time shown, the server's (from `FINISH`).
            player.finishedAfter = end.officialMilliseconds
        }
        model.race?.update(player, at: model.now)
    }

    static func standingsKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        switch key {
        case .character("/"):
            return openChat(&model)
        case .enter, .character(" "), .character("r"):
            return backToRoom(&model)
        case .character("c"), .character("C"):
            guard let session = model.session else { return [] }
            return saveRecording(of: session, model: &model)
        case .tab, .backTab:
            // Not the arrows: a move key never acts on a dialog (a racer may still be sliding tiles).
            pickRacer(key == .tab ? 1 : -1, model: &model)
        case .character("!"):
            guard let nickname = model.race?.picked ?? otherRacers(model).first else {
                model.show("nobody else raced: there is no one to report")
                return []
            }
            return startReport(of: nickname, model: &model)
        case .character("l") where model.arena != nil:
            return leaveArena(&model)
        case .character("q"), .escape:
            return leaveRoom(&model)
        default:
            break
        }
        return []
    }

    /// The others in the final standings, in their order.
    static func otherRacers(_ model: Model) -> [String] {
        guard let race = model.race, case .finished(let standings) = race.phase else { return [] }
        return standings.map(\.nickname).filter { !isUs($0, model) }
    }

    /// Tab and Shift-Tab in the final standings: the next or previous other racer, round.
    static func pickRacer(_ step: Int, model: inout Model) {
        let others = otherRacers(model)
        guard !others.isEmpty else { return }
        let index = model.race?.picked.flatMap { others.firstIndex(of: $0) }
        model.race?.picked = others[index.map { ($0 + step + others.count) % others.count } ?? (step > 0 ? 0 : others.count - 1)]
    }

    /// Stays to see the others finish.
    static func resignRace(_ model: inout Model) -> [Effect] {
        guard model.session?.isRace == true, model.session?.end == nil, !waitsForSeat(&model) else { return [] }
        endGame(.resigned, model: &model)
        syncRacer(&model)
        return [.send(.resign)]
    }

    static func backToRoom(_ model: inout Model) -> [Effect] {
        guard !waitsForSeat(&model) else { return [] }
        // Out of an arena race's room once its `LEFT` came.
        if model.room == nil, model.arena != nil { return backToArena(&model) }
        model.session = nil
        model.race = nil
        model.notice = nil
        guard model.room != nil, model.connection.isConnected else {
            model.screen = .menu
            return []
        }
        model.screen = .room
        model.show(model.room?.isWatching == true ? "watching: the next race appears here" : WaitingRoom.backFromRaceNotice)
        return [.send(.who)]
    }

    /// Out of the room: its game, race, chat and notice go with it.
    static func forgetRoom(_ model: inout Model) {
        model.session = nil
        model.race = nil
        model.room = nil
        model.chat.roomLines = []
        model.chat.input = nil
        model.notice = nil
    }

    /// A running race counts as left. Goes back to the arena we are in, else the lobby, or the menu (`Model.leavesRoomToMenu`).
    static func leaveRoom(_ model: inout Model) -> [Effect] {
        guard !waitsForSeat(&model) else { return [] }
        let wasInRoom = model.room != nil
        forgetRoom(&model)
        let bots = stopOwnBots(&model)
        if model.arena != nil {
            let leave: [Effect] = wasInRoom ? [.send(.leave)] : []
            return bots + leave + backToArena(&model)
        }
        guard model.connection.isConnected, wasInRoom else {
            model.screen = .menu
            return bots
        }
        if model.leavesRoomToMenu {
            model.screen = .menu
            return bots + [.send(.leave)]
        }
        return bots + [.send(.leave)] + openLobby(&model)
    }

    static func spectateKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        if model.race?.isOver ?? true {
            return standingsKey(key, model: &model)
        }
        if let number = quickPhraseNumber(key) { return quickPhrase(number, model: &model) }
        switch key {
        case .enter, .character("/"):
            return openChat(&model)
        case .character("q"), .escape:
            return leaveRoom(&model)
        default:
            break
        }
        return []
    }

    // MARK: Events

    /// From the room while catching up (`isOutsideRace`), a race naming us is ours only if our `RESYNC` follows.
    static func raceStartEvent(_ start: RaceStart, isOutsideRace: Bool, model: inout Model) {
        if model.network.isCatchingUp, model.race != nil, model.session?.isRace == true { return }
        raceStarted(start, mayRace: !isOutsideRace, model: &model)
        if isOutsideRace, start.players.contains(where: { isUs($0, model) }) { model.network.catchUpStart = start }
    }

    /// Everyone's board from the same seed; we race when named, unless `mayRace` is false.
    static func raceStarted(_ start: RaceStart, mayRace: Bool = true, model: inout Model) {
        guard var room = model.room, let game = try? start.makeGame() else {
            model.show("the server started a race this client cannot play", .warning)
            return
        }
        // `START` does not say whether the room is rated.
        let options = RoomOptions(
            size: start.size, target: start.target, allowsAssists: start.allowsAssists, timeLimit: start.timeLimit,
            isRated: room.options.isRated)
        room.options = options
        room.countdownEndsAt = nil
        for index in room.members.indices {
            room.members[index].isReady = false
            if start.players.contains(where: { Nickname($0) == Nickname(room.members[index].nickname) }),
                mayRace || !room.members[index].isYou
            {
                room.members[index].state = .racing
            }
        }
        let isRacing = mayRace && !room.isWatching && start.players.contains { isUs($0, model) }
        // A chat draft waits, kept, for the next `/` or Enter.
        if isRacing { model.chat.closeKeepingDraft() }
        // A catch-up START (WATCH, resume) says how long the race has run.
        let startedAt = model.now - max(0, start.elapsedMilliseconds ?? 0)
        var race = RaceState(
            room: room.name, options: options, phase: .racing(startedAt: startedAt),
            players: start.players.map { nickname in
                RacePlayer(
                    nickname: nickname, score: 0, largestTile: game.board.largestValue, moves: 0, status: .playing,
                    board: game.board, isYou: isRacing && isUs(nickname, model), isBot: start.isBot(nickname) || room.isBot(nickname))
            })
        for player in race.players {
            race.timeline.record(nickname: player.nickname, isYou: player.isYou, milliseconds: 0, score: player.score, finish: nil)
        }
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

    static func racerProgressed(_ progress: RacerProgress, model: inout Model) {
        guard let race = model.race, !race.isOver else { return }
        var player = race.player(progress.nickname, isBot: model.room?.isBot(progress.nickname) ?? false)
        guard !player.isYou else { return }
        player.score = progress.score
        player.largestTile = progress.largestTile
        player.moves = progress.moves
        player.board = try? Board(rows: BoardField.rows(progress.board))
        model.race?.update(player, at: model.now)
    }

    /// When it is us, the server's word ends our game.
    static func racerFinished(_ finish: RacerFinish, model: inout Model) {
        // A FINISH under our nickname while we watch is an earlier seat of ours. A member who came in during
        // the race has no race of it (no `START`), and sees its racers finish all the same.
        if model.race?.isOver != true,
            let index = model.room?.members.firstIndex(where: { Nickname($0.nickname) == Nickname(finish.nickname) }),
            model.room?.members[index].isYou == false || model.race?.players.contains(where: \.isYou) == true
        {
            model.room?.members[index].state = .finished
        }
        guard var race = model.race, !race.isOver else { return }
        let elapsed = finish.milliseconds
        var player = race.player(finish.nickname, isBot: model.room?.isBot(finish.nickname) ?? false)
        if player.isYou, model.session?.isRace == true {
            if model.session?.end == nil {
                let outcome: EndOfGame.Outcome =
                    switch finish.reason {
                    case .target: .won
                    case .over: .noMoves
                    case .time: .timeUp
                    case .resigned, .left: .resigned
                    }
                endGame(outcome, model: &model)
            }
            model.session?.end?.officialMilliseconds = elapsed
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
    }

    /// Also for a member who came in during the race and so has no race of it (`JOIN` brings no `START`):
    /// its room is waiting again all the same.
    static func raceEnded(_ model: inout Model) {
        guard var room = model.room else { return }
        let standings = room.results.sorted { $0.place < $1.place }
        room.results = []
        room.lastStandings = standings
        room.showsRatingChanges = true
        room.isRaceUnderWay = false
        room.countdownEndsAt = nil
        for index in room.members.indices {
            room.members[index].isReady = false
            room.members[index].state = .waiting
            let finish = standings.first { Nickname($0.nickname) == Nickname(room.members[index].nickname) }?.finish
            if room.members[index].role == .player, let finish, let rating = finish.rating {
                room.members[index].rating = ShownRating(rating: rating, isProvisional: finish.isProvisional)
            }
        }
        model.room = room
        // From the room: "a race is under way" is over.
        if model.screen == .room, !room.isWatching { model.show(WaitingRoom.raceOverNotice) }
        guard var race = model.race else { return }
        race.phase = .finished(standings: standings)
        race.away = AwaySeats()
        race.announce("race over", at: model.now)
        // A non-racer saw it from the room, which shows the standings.
        model.race = model.session?.isRace == true || model.screen == .spectate ? race : nil
    }

    static func resultArrived(_ result: RacerFinish, model: inout Model) {
        let standing = Standing(result, isBot: model.isBot(result.nickname))
        model.room?.results.append(standing)
        // We may have missed its FINISH while away.
        if let index = model.race?.players.firstIndex(where: {
            Nickname($0.nickname) == Nickname(result.nickname) && $0.status == .playing
        }) {
            model.race?.players[index].status = .finished(result.reason)
        }
    }
}
