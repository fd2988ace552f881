import TileRaceEngine
import TileRaceProtocol

extension Update {
    /// Ends our game when the race's time limit passes on our clock (the
    /// server's `FINISH reason=time` then gives the official figures).
    static func raceTick(_ model: inout Model) -> [Effect] {
        guard let race = model.race, case .racing = race.phase, race.options.timeLimit > 0,
            var session = model.session, session.isRace, session.end == nil
        else { return [] }
        let limit = race.options.timeLimit * 1000
        guard session.clock.elapsed(at: model.now) >= limit else { return [] }
        session.clock.stop(at: session.clock.startedAt.map { $0 + limit } ?? model.now)
        session.removalCursor = nil
        session.end = endOfGame(.timeUp, session: session, now: model.now, stage: submitStage(model, session: session))
        model.session = session
        syncRacer(&model)
        return []
    }

    /// Copies our local figures into our line of the race (the screen never waits for the server).
    static func syncRacer(_ model: inout Model) {
        guard var race = model.race, let session = model.session,
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
            }
            // Only the server's time is shown for a finish (its `FINISH` brings it): one time, not two.
            player.finishedAfter = end.officialMilliseconds
        }
        race.update(player, at: model.now)
        model.race = race
    }

    /// The standings are shown: Enter goes back to the room for the next race.
    static func standingsKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        switch key {
        case .character("/"):
            return openChat(&model)
        case .enter, .character(" "), .character("r"):
            return backToRoom(&model)
        case .character("q"), .escape:
            return leaveRoom(&model)
        default:
            break
        }
        return []
    }

    /// `q` confirmed during a race: resign, and stay to see the others finish.
    static func resignRace(_ model: inout Model) -> [Effect] {
        guard var session = model.session, session.isRace, session.end == nil else { return [] }
        session.clock.stop(at: model.now)
        session.removalCursor = nil
        session.end = endOfGame(.resigned, session: session, now: model.now, stage: submitStage(model, session: session))
        model.session = session
        syncRacer(&model)
        return [.send(.resign)]
    }

    /// From a finished race back to the room screen, to get ready again.
    static func backToRoom(_ model: inout Model) -> [Effect] {
        model.session = nil
        model.race = nil
        model.notice = nil
        guard model.room != nil, model.connection.isConnected else {
            model.screen = .menu
            return []
        }
        model.screen = .room
        model.show(model.room?.isWatching == true ? "watching: the next race appears here" : "press r when you are ready for the next race")
        return [.send(.who)]
    }

    /// Leaves the room (a race still running counts as left), playing or
    /// watching: back where the player came from (`Model.roomExit`), the
    /// list of rooms, or the menu when they chose the daily challenge there.
    static func leaveRoom(_ model: inout Model) -> [Effect] {
        let wasInRoom = model.room != nil
        model.session = nil
        model.race = nil
        model.room = nil
        model.chat.roomLines = []
        model.chat.input = nil
        model.notice = nil
        // Our bots leave with us.
        let bots = stopOwnBots(&model)
        guard model.connection.isConnected, wasInRoom else {
            model.screen = .menu
            return bots
        }
        if model.roomExit == .menu {
            model.screen = .menu
            return bots + [.send(.leave)]
        }
        openLobby(&model)
        return bots + [.send(.leave), .send(.rooms)]
    }

    /// Keys while watching a race as a spectator.
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
}
