import TileRaceProtocol

/// Going into a room: replies to `CREATE`, `JOIN` and `WATCH`.
extension Update {
    static func createReplied(
        _ name: String, options: RoomOptions, _ result: Result<OkReply, ProtocolError>, model: inout Model
    ) -> [Effect] {
        switch result {
        case .success(.create(let description)):
            // Made from the quick race's bots offer: the bots' question comes at once.
            let isForBots = model.quickRace?.offersBots == true
            let effects = enteredRoom(description, code: options.code, isWatching: false, model: &model)
            if isForBots { askBotStrength(&model) }
            return effects
        case .success:
            return []
        case .failure(let error):
            return createRefused(name, error: error, model: &model)
        }
    }

    /// `isWatching`: the reply is to `WATCH`.
    static func joinReplied(
        _ name: String, code: String?, isWatching: Bool, _ result: Result<OkReply, ProtocolError>, model: inout Model
    ) -> [Effect] {
        switch result {
        case .success(.join(let description)) where !isWatching, .success(.watch(let description)) where isWatching:
            return enteredRoom(description, code: code, isWatching: isWatching, model: &model)
        case .success:
            return []
        case .failure(let error):
            return joinRefused(name, code: code, isWatching: isWatching, error: error, model: &model)
        }
    }

    static func enteredRoom(_ description: RoomDescription, code: String?, isWatching: Bool, model: inout Model) -> [Effect] {
        model.network.rejoiningRoom = nil
        model.network.movesFollowed = 0
        var room = WaitingRoom(description, isWatching: isWatching)
        room.code = code
        if !isWatching, let nickname = model.network.nickname {
            room.members = [RoomMember(nickname: nickname, isReady: false, isYou: true)]
        }
        model.room = room
        model.race = nil
        model.session = nil
        model.chat.roomLines = []
        model.screen = .room
        if model.network.autoRoom.map({ RoomName($0.name) }) == RoomName(description.name) {
            model.network.autoRoom = nil
        }
        if isWatching {
            model.show("watching room \(ScreenText.sanitize(description.name)): its races appear here", .info)
        } else if let notice = model.notice, notice.kind == .info, notice.expiresAt != nil {
            // "joining rep…" is done, and the room itself says what to do.
            model.notice = nil
        }
        return [.send(.who)]
    }

    private static func createRefused(_ name: String, error: ProtocolError, model: inout Model) -> [Effect] {
        if error.code == .roomExists, model.network.autoRoom.map({ RoomName($0.name) }) == RoomName(name) {
            // The --room room exists after all (created meanwhile, or private): join; a refusal means private.
            return [.send(.join(room: name, code: model.network.autoRoom?.options.code))]
        }
        switch error.code {
        case .noNickname:
            askNickname(for: .openLobby, model: &model)
        case .roomExists:
            model.show("a room named \(name) already exists: pick another name, or join it", .warning)
        case .tooManyRooms:
            model.show("the server has as many rooms as it allows: join one instead", .warning)
        case .busy:
            model.show("finish your game or leave your room first", .warning)
        default:
            model.show("cannot create room \(name): \(ScreenText.sanitize(error.message))", .warning)
        }
        return []
    }

    /// The room is on another server of the same community: connect there; the greeting carries the goal on.
    /// `ERR moved <host>:<port>`: connects there and pursues `goal` (`what` names it to the player).
    static func followMove(_ goal: NetworkGoal, to what: String, error: ProtocolError, model: inout Model) -> [Effect] {
        let target = error.message.split(separator: " ").first.map(String.init) ?? ""
        guard let (host, port) = ServerAddress.split(target), model.network.movesFollowed < 3 else {
            model.show("\(what) is on another server this client cannot follow: \(ScreenText.sanitize(error.message))", .warning)
            return []
        }
        let endpoint = ServerEndpoint(host: host, port: port)
        if model.session?.serverCopy == .active {
            playHereOnly(because: "it was on the server at \(model.network.endpoint.map { "\($0)" } ?? "?")", model: &model)
        }
        model.network.movesFollowed += 1
        model.network.endpoint = endpoint
        model.network.resumeSecret = nil
        model.network.goal = goal
        model.connection = .connecting(endpoint)
        model.show("\(what) is hosted at \(endpoint): moving there…")
        return [.connect]
    }

    private static func joinRefused(
        _ name: String, code: String?, isWatching: Bool, error: ProtocolError, model: inout Model
    ) -> [Effect] {
        let autoRoom = model.network.autoRoom.flatMap { RoomName($0.name) == RoomName(name) ? $0 : nil }
        var effects: [Effect] = []
        switch error.code {
        case .roomUnavailable:
            if let autoRoom, !isWatching, !model.network.hasTriedCreatingAutoRoom {
                // Missing or private: try to create it; `room-exists` then means it is there.
                model.network.hasTriedCreatingAutoRoom = true
                return [.send(.create(room: autoRoom.name, options: autoRoom.options))]
            }
            if let rejoining = model.network.rejoiningRoom, RoomName(rejoining) == RoomName(name) {
                // Rejoining after a lost connection: the room did not survive a server restart.
                model.network.rejoiningRoom = nil
                if model.lobby == nil { effects += openLobby(&model) }
                model.show("room \(name) is gone (the server restarted?): pick a room or make one", .warning)
                break
            }
            let message = code == nil ? "room \(name) is private (or gone): type its join code" : "no room \(name), or the code is wrong"
            effects = askJoinCode(name, isWatching: isWatching, message: message, model: &model)
        case .moved:
            let goal = isWatching ? NetworkGoal.watchRoom(name, code: code) : .joinRoom(name, code: code)
            return followMove(goal, to: "room \(name)", error: error, model: &model)
        case .roomFull:
            model.show("room \(name) is full", .warning)
        case .flood:
            model.show("too many wrong join codes: wait a minute before trying again", .warning)
        case .noNickname:
            askNickname(for: isWatching ? .watchRoom(name, code: code) : .joinRoom(name, code: code), model: &model)
        case .busy:
            model.show("finish your game or leave your room first", .warning)
        default:
            model.show("cannot join room \(name): \(ScreenText.sanitize(error.message))", .warning)
        }
        if autoRoom != nil { model.network.autoRoom = nil }
        return effects
    }

    /// The code field is focused; the list is asked for when the lobby was not open.
    private static func askJoinCode(_ name: String, isWatching: Bool, message: String, model: inout Model) -> [Effect] {
        var effects: [Effect] = []
        if model.lobby == nil { effects += openLobby(&model) }
        model.lobby?.joinPrompt = JoinPrompt(name: TextField(name), isCodeFocused: true, isWatching: isWatching, message: message)
        // The prompt says what went wrong.
        model.notice = nil
        return effects
    }
}
