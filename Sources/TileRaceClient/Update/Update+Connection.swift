import TileRaceProtocol

/// The connection's life: starting, the greeting, losing it, reconnecting.
extension Update {
    /// Returns `.connect` when there is a server to reach.
    static func launch(_ plan: NetworkPlan, model: inout Model) -> [Effect] {
        model.hostingInfo = plan.hostingInfo
        if let notice = plan.notice { model.show(notice, .info, sticky: true) }
        if let room = model.options.room {
            model.network.autoRoom = RoomRequest(name: room, options: RoomOptions())
            model.network.goal = .joinRoom(room, code: nil)
        }
        if let ghost = model.options.ghost { _ = askGhost(ghost, model: &model) }
        guard let endpoint = plan.endpoint, !model.options.isOffline else {
            model.connection = .offline(reason: model.options.isOffline ? ConnectionStatus.offlineByChoice : plan.offlineReason)
            return []
        }
        model.network.endpoint = endpoint
        model.network.homeEndpoint = endpoint
        model.connection = .connecting(endpoint)
        return [.connect]
    }

    // MARK: Greeting

    static func greeted(_ greeting: Greeting, model: inout Model) -> [Effect] {
        model.network.gameChangesAwaitingReply = 0
        model.network.serverFeatures = greeting.features
        let via = greeting.features.contains(.via) ? model.options.via : nil
        if let attempt = model.network.resuming { return [.send(.hello(nickname: attempt.nickname, resume: attempt.secret, via: via))] }
        let nickname = model.network.preferredNickname(options: model.options, config: model.config)
            .flatMap { Nickname.isValid($0) && $0 != model.network.takenNickname ? $0 : nil }
        return [.send(.hello(nickname: nickname, via: via))]
    }

    static func helloReplied(nickname: String?, _ result: Result<OkReply, ProtocolError>, model: inout Model) -> [Effect] {
        switch result {
        case .success(.hello(_, let session, let isResumed, let room)):
            model.network.resumeSecret = session
            if isResumed { return resumed(room: room, model: &model) }
            model.chat.awaitsLobbyHistory = true
            return helloAccepted(nickname: nickname, model: &model)
        case .success:
            return []
        case .failure(let error):
            return helloRefused(nickname: nickname, error: error, model: &model)
        }
    }

    /// Another nickname, or a server we cannot talk to.
    private static func helloRefused(nickname: String?, error: ProtocolError, model: inout Model) -> [Effect] {
        if model.network.resuming != nil {
            return resumeGivenUp(
                error.code == .badSession ? "the server no longer holds your seat" : ScreenText.sanitize(error.message), model: &model)
        }
        if error.code == .nicknameTaken, let nickname {
            model.network.takenNickname = nickname
            model.show("the nickname \(nickname) is in use on this server: you will be asked for another", .warning)
            return [.send(.hello(nickname: nil))]
        }
        if error.code == .badName { return [.send(.hello(nickname: nil))] }
        return connectionLost("The server refused this client: \(ScreenText.sanitize(error.message))", model: &model) + [.disconnect]
    }

    /// Carries on with whatever waited for the connection.
    static func helloAccepted(nickname: String?, model: inout Model) -> [Effect] {
        guard let endpoint = model.network.endpoint else { return [] }
        model.connection = .connected(endpoint)
        model.network.nickname = nickname
        var effects: [Effect] = []
        if let nickname, model.options.nickname == nickname, !model.network.hasConnected {
            model.config.lastNickname = nickname
            effects.append(.saveConfig)
        }
        if let away = model.network.returnedHomeFrom {
            model.network.returnedHomeFrom = nil
            model.show("the server at \(away) cannot be reached: back on \(endpoint), in the lobby", .warning)
        } else if model.network.hasConnected {
            model.show("connected again to \(endpoint)", .success)
        }
        model.network.hasConnected = true
        // Asked before this connection (`--ghost`, or lost with the last one).
        if let ghost = model.pendingGhost { effects.append(.send(.record(ghost.query))) }
        // A board dealt here while connecting (`--seed`): the server's clock starts as near ours as it can.
        if model.session?.ghost == nil, model.session?.clock.hasStarted == true {
            let isHeld = isPracticeClockHeld(model)
            let mirrored = model.changeSessionReadingModel { session, model in mirrorPractice(&session, model: model) } ?? []
            // Paused (or a question open) meanwhile: the server's clock stands still with ours (seed 778498).
            effects += mirrored + (isHeld && !mirrored.isEmpty ? [.send(.pause)] : [])
        }
        effects += leaderboardRefresh(&model) + arenaAgain(&model)
        if let goal = model.network.goal { effects += pursue(goal, model: &model) }
        return effects
    }

    // MARK: Losing the server

    static func connectFailed(_ reason: String, model: inout Model) -> [Effect] {
        // A resuming try failed (here, or when the line drops before the greeting): the next one waits longer.
        if model.network.resuming != nil {
            model.network.resuming?.failed(now: model.now)
            return []
        }
        if let effects = returnHome(after: reason, model: &model) { return effects }
        let place = model.network.endpoint.map { "\($0)" } ?? "the server"
        return connectionLost("Cannot reach \(place): \(ScreenText.sanitize(reason))", model: &model)
    }

    static func disconnected(reason: String, bye: String?, model: inout Model) -> [Effect] {
        // Asked while dealing: the server may hold the game it dealt.
        let canResume = canResume(afterBye: bye, model: model)
        dealingLost(because: "connection dropped", model: &model)
        if model.network.resuming != nil {
            model.network.resuming?.failed(now: model.now)
            return []
        }
        if canResume {
            beginResuming(reason: ScreenText.sanitize(bye.map { "the server said \"\($0)\"" } ?? reason), model: &model)
            return []
        }
        let place = model.network.endpoint.map { " to \($0)" } ?? ""
        let why = bye.map { "the server said \"\(ScreenText.sanitize($0))\"" } ?? ScreenText.sanitize(reason)
        return connectionLost("Lost the connection\(place): \(why)", model: &model)
    }

    /// Offers to reconnect or go on offline.
    static func connectionLost(_ message: String, model: inout Model) -> [Effect] {
        model.connection = .lost(reason: message)
        model.network.nickname = nil
        model.network.gameChangesAwaitingReply = 0
        if let room = model.room {
            // Made again if the server lost it.
            let code = room.code
            model.network.rejoiningRoom = room.name
            model.network.goal =
                room.isWatching
                ? .watchRoom(room.name, code: code)
                : room.isDaily ? .joinDaily : .joinRoom(room.name, code: code)
            // `quick-<n>` rooms are made by the queue only: CREATE refuses the name.
            if !room.isWatching, !room.isDaily, !room.name.lowercased().hasPrefix("quick-") {
                var options = room.options
                options.code = code
                model.network.autoRoom = RoomRequest(name: room.name, options: options)
                model.network.hasTriedCreatingAutoRoom = false
            }
        }
        let wasRace = model.session?.isRace == true
        let wasRacing = wasRace && model.session?.isFinished == false
        model.changeSession { session in
            if case .race(let room) = session.mode {
                // Played locally, it can no longer count.
                session.lostRaceRoom = room
                session.mode = .practice
                session.serverCopy = .localOnly("the connection was lost")
                session.assistsAllowed = true
            } else if session.serverCopy == .active {
                session.serverCopy = .localOnly("the connection was lost")
            }
            if session.end?.isSubmitting == true {
                session.end?.stage = .closed(message: "the connection was lost: not submitted", kind: .warning)
            }
        }
        if wasRace { model.race = nil }
        model.room = nil
        quickRaceConnectionLost(&model)
        if model.lobby != nil || model.screen == .room || model.screen == .spectate {
            model.screen = .menu
        }
        if model.leaderboard?.status == .loading || model.leaderboard?.status == .loaded {
            model.leaderboard?.status = .failed("not connected")
        }
        model.overlay = .connectionProblem(ConnectionProblem(message: message, wasRacing: wasRacing))
        return stopOwnBots(&model)
    }

    static func connectionProblemKey(_ key: Key, problem: ConnectionProblem, model: inout Model) -> [Effect] {
        switch key {
        case .enter, .character("r"), .character("R"):
            return reconnect(&model)
        case .escape, .character("o"), .character("O"), .character("q"), .character("Q"):
            model.overlay = nil
            model.network.goal = nil
            let quits = key == .character("q") || key == .character("Q")
            if quits { model.session = nil } else { model.show("playing offline: choose Race on the menu to reconnect") }
            quickRaceGivenUp(&model)
            if quits { model.screen = .menu }
        default:
            break
        }
        return []
    }

    static func reconnect(_ model: inout Model) -> [Effect] {
        guard let endpoint = model.network.endpoint else { return [] }
        model.overlay = nil
        model.connection = .connecting(endpoint)
        model.show("connecting to \(endpoint)…")
        return [.connect]
    }

    /// The server `ERR moved` sent us to is unreachable: back home to its lobby. Nil when home already.
    static func returnHome(after reason: String, model: inout Model) -> [Effect]? {
        guard let home = model.network.homeEndpoint, let away = model.network.endpoint, away != home else { return nil }
        model.network.endpoint = home
        model.network.returnedHomeFrom = away
        if model.session?.serverCopy == .active {
            playHereOnly(because: "its server at \(away) cannot be reached", model: &model)
        }
        model.network.movesFollowed = 0
        model.network.goal = .openLobby
        model.network.rejoiningRoom = nil
        model.network.autoRoom = nil
        model.overlay = nil
        model.connection = .connecting(home)
        model.show(
            "the server at \(away) cannot be reached (\(ScreenText.sanitize(reason))): back to \(home), in the lobby", .warning,
            sticky: true)
        return [.connect]
    }
}

extension NetworkGoal {
    /// Playing does; watching does not.
    var needsNickname: Bool { if case .watchRoom = self { false } else { true } }
}
