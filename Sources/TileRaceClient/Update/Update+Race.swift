import TileRaceEngine

extension Update {
    /// Starts the race when its countdown ends; ends our game when the time limit passes.
    static func raceTick(_ model: inout Model) -> [Effect] {
        guard var race = model.race else { return [] }
        let now = model.now
        if case .countdown(let startsAt) = race.phase, now >= startsAt {
            race.phase = .racing(startedAt: startsAt)
            race.announcements.append(Announcement(text: "go!", at: startsAt))
            model.session?.clock.start(at: startsAt)
        }
        model.race = race
        if case .racing = race.phase, let limit = race.options.timeLimit, var session = model.session,
           session.end == nil, session.clock.elapsed(at: now) >= Double(limit) {
            session.clock.stop(at: session.clock.startedAt.map { $0 + Double(limit) } ?? now)
            session.end = endOfGame(.timeUp, session: session, now: now, stage: nicknameStage(model))
            model.session = session
            syncRacer(&model)
        }
        return []
    }

    /// Copies our local figures into our line of the race (the screen never waits for the server).
    static func syncRacer(_ model: inout Model) {
        guard var race = model.race, let session = model.session,
              let index = race.players.firstIndex(where: \.isYou) else { return }
        var player = race.players[index]
        player.score = session.game.score
        player.moves = session.game.moveCount
        player.largestTile = session.game.board.largestValue
        player.board = session.game.board
        if let end = session.end, player.status == .playing {
            switch end.outcome {
            case .won: player.status = .finished(.target)
            case .noMoves: player.status = .finished(.noMoves)
            case .timeUp: player.status = .finished(.timeUp)
            case .resigned: player.status = .finished(.resigned)
            }
            player.finishedAfter = end.elapsed
        }
        race.update(player, at: model.now)
        model.race = race
    }

    static func standingsKey(_ key: Key, model: inout Model) -> [Effect] {
        switch key {
        case .character("q"), .escape, .enter:
            return finishRaceAndLeave(&model)
        case .character("t"):
            return nextTheme(&model)
        case .character("?"):
            model.overlay = .help
        default:
            break
        }
        return []
    }

    /// Leaves a race we are still in: resign, then leave the room.
    static func leaveRace(_ model: inout Model) -> [Effect] {
        let wasPlaying = model.session.map { !$0.isFinished } ?? false
        var effects: [Effect] = wasPlaying ? [.send(.resign)] : []
        effects += finishRaceAndLeave(&model)
        return effects
    }

    /// Leaves the race screen after our race is over.
    static func finishRaceAndLeave(_ model: inout Model) -> [Effect] {
        model.session = nil
        model.race = nil
        model.room = nil
        model.notice = nil
        if model.connection.isConnected {
            model.screen = .lobby
            model.lobby.isLoading = true
            return [.send(.leaveRoom), .send(.listRooms)]
        }
        model.screen = .menu
        return []
    }
}
