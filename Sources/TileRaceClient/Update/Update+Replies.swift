import TileRaceEngine
import TileRaceProtocol

/// The server's replies, each paired with the request it answers.
extension Update {
    static func reply(
        _ request: ClientMessage, _ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model
    ) -> [Effect] {
        if request.isBarrier { model.network.barriers = max(0, model.network.barriers - 1) }
        switch (request, result) {
        case (.hello(let nickname, _, _), .success(.hello(_, let session, let isResumed, let room))):
            model.network.resumeSecret = session
            if isResumed { return resumed(room: room, model: &model) }
            return helloAccepted(nickname: nickname, model: &model)
        case (.hello(let nickname, _, _), .failure(let error)):
            return helloRefused(nickname: nickname, error: error, model: &model)
        case (.nickname(let nickname), .success):
            return nicknameAccepted(nickname, model: &model)
        case (.nickname(let nickname), .failure(let error)):
            return nicknameRefused(nickname, error: error, model: &model)
        case (.rooms, .success):
            roomsListed(items.compactMap { if case .room(let room) = $0 { room } else { nil } }, model: &model)
        case (.rooms, .failure(let error)):
            model.lobby.isLoading = false
            model.show("cannot list the rooms: \(ScreenText.sanitize(error.message))", .warning)
        case (.create(_, let options), .success(.create(let description))):
            return enteredRoom(description, code: options.code, isWatching: false, model: &model)
        case (.create(let name, _), .failure(let error)):
            return createRefused(name, error: error, model: &model)
        case (.join(_, let code), .success(.join(let description))):
            return enteredRoom(description, code: code, isWatching: false, model: &model)
        case (.watch(_, let code), .success(.watch(let description))):
            return enteredRoom(description, code: code, isWatching: true, model: &model)
        case (.join(let name, let code), .failure(let error)):
            return joinRefused(name, code: code, isWatching: false, error: error, model: &model)
        case (.watch(let name, let code), .failure(let error)):
            return joinRefused(name, code: code, isWatching: true, error: error, model: &model)
        case (.who, .success):
            membersListed(items.compactMap { if case .member(let member) = $0 { member } else { nil } }, model: &model)
        case (.ready, .success(.ready(let isReady))):
            setReady(isReady, of: model.network.nickname, model: &model)
        case (.ready, .failure(let error)):
            model.show(readyRefusal(error), .warning)
            return model.room == nil ? [] : [.send(.who)]
        case (.move, .success(.move(let acknowledgement))):
            return moveAcknowledged(acknowledgement, model: &model)
        case (.move, .failure(let error)):
            moveRefused(error, model: &model)
        case (.practice(let options), .success):
            // The server plays this game too: after a drop, its RESYNC is this game.
            if model.session?.mode == .practice, model.session?.game.seed.text == options.seed {
                model.session?.isMirrorConfirmed = true
            }
        case (.practice, .failure(let error)):
            if model.session?.mode == .practice, model.session?.mirror == .active {
                model.session?.mirror = .localOnly("the server refused it (\(ScreenText.sanitize(error.message)))")
            }
        case (.restart, .failure(let error)):
            if error.code != .notRacing { model.show("restart refused: \(ScreenText.sanitize(error.message))", .warning) }
        case (.submit(let nickname, _), .success(.submit(let receipt))):
            return submitted(receipt, nickname: nickname, model: &model)
        case (.submit(let nickname, _), .failure(let error)):
            submitRefused(nickname, error: error, model: &model)
        case (.top(let query), .success(.top(let summary))):
            leaderboardPage(
                query, summary: summary, entries: items.compactMap { if case .entry(let entry) = $0 { entry } else { nil } },
                model: &model)
        case (.record, .success(.record(let summary))):
            recordArrived(summary, items: items, model: &model)
        case (.record, .failure(let error)):
            recordRefused(error, model: &model)
        case (.top(let query), .failure(let error)):
            if model.leaderboard.isCurrent(query) {
                if query.offset == 0 { model.leaderboard.status = .failed(ScreenText.sanitize(error.message)) }
                model.leaderboard.isLoadingMore = false
            }
        case (.say, .failure(let error)):
            sayRefused(error, model: &model)
        default:
            break
        }
        return []
    }

    // MARK: Rooms

    static func openLobby(_ model: inout Model) {
        model.screen = .lobby
        // A room entered from here is left for here.
        model.roomExit = .lobby
        model.lobby.isLoading = true
        model.lobby.form = nil
        model.lobby.joinPrompt = nil
        model.lobby.refreshAt = nil
    }

    private static func roomsListed(_ rooms: [RoomDescription], model: inout Model) {
        let selected = model.lobby.rooms.indices.contains(model.lobby.selection) ? model.lobby.rooms[model.lobby.selection].name : nil
        model.lobby.rooms = rooms
        model.lobby.isLoading = false
        model.lobby.hasLoaded = true
        model.lobby.refreshAt = model.now + LobbyState.refreshIntervalMilliseconds
        if let selected, let index = rooms.firstIndex(where: { $0.name == selected }) {
            model.lobby.selection = index
        } else {
            model.lobby.selection = min(model.lobby.selection, max(0, rooms.count - 1))
        }
    }

    /// `OK CREATE`, `OK JOIN` or `OK WATCH`: the room screen.
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
        // The room's history comes next, as CHAT lines.
        model.chat.roomLines = []
        model.screen = .room
        model.lobby.form = nil
        model.lobby.joinPrompt = nil
        if model.network.autoRoom.map({ Names.nicknameKey($0.name) }) == Names.nicknameKey(description.name) {
            model.network.autoRoom = nil
        }
        if isWatching {
            model.show("watching room \(ScreenText.sanitize(description.name)): its races appear here", .info)
        } else if room.isRaceUnderWay {
            model.show("a race is under way: you will race in the next one", .info)
        } else {
            model.show("press r when you are ready: the race starts when everyone is ready", .info)
        }
        return [.send(.who)]
    }

    private static func createRefused(_ name: String, error: ProtocolError, model: inout Model) -> [Effect] {
        if error.code == .roomExists, model.network.autoRoom.map({ Names.nicknameKey($0.name) }) == Names.nicknameKey(name) {
            // --room names a room that exists after all (someone created it
            // meanwhile, or it is private): join it; if it refuses, it is private.
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

    /// `ERR moved HOST:PORT ...`: the room is on another server of the same
    /// community; connect there and ask again (the greeting carries the goal on).
    private static func followMove(to name: String, code: String?, isWatching: Bool, error: ProtocolError, model: inout Model)
        -> [Effect]
    {
        let target = error.message.split(separator: " ").first.map(String.init) ?? ""
        guard let (host, port) = ServerAddress.split(target), model.network.movesFollowed < 3 else {
            model.show("room \(name) is on another server this client cannot follow: \(ScreenText.sanitize(error.message))", .warning)
            return []
        }
        let endpoint = ServerEndpoint(host: host, port: port)
        if model.session?.mirror == .active {
            playHereOnly(because: "it was on the server at \(model.network.endpoint.map { "\($0)" } ?? "?")", model: &model)
        }
        model.network.movesFollowed += 1
        model.network.endpoint = endpoint
        model.network.resumeSecret = nil
        model.network.goal = isWatching ? .watchRoom(name, code: code) : .joinRoom(name, code: code)
        model.connection = .connecting(endpoint)
        model.show("room \(name) is hosted at \(endpoint): moving there…")
        return [.connect]
    }

    private static func joinRefused(
        _ name: String, code: String?, isWatching: Bool, error: ProtocolError, model: inout Model
    ) -> [Effect] {
        let autoRoom = model.network.autoRoom.flatMap { Names.nicknameKey($0.name) == Names.nicknameKey(name) ? $0 : nil }
        let isAutoRoom = autoRoom != nil
        var effects: [Effect] = []
        switch error.code {
        case .roomUnavailable:
            if let autoRoom, !isWatching, !model.network.hasTriedCreatingAutoRoom {
                // Missing, or private: try to create it; `room-exists` then means it is there.
                model.network.hasTriedCreatingAutoRoom = true
                return [.send(.create(room: autoRoom.name, options: autoRoom.options))]
            }
            if let rejoining = model.network.rejoiningRoom, Names.nicknameKey(rejoining) == Names.nicknameKey(name) {
                // Going back after a lost connection: the room did not survive (a server restart).
                model.network.rejoiningRoom = nil
                if model.screen != .lobby {
                    openLobby(&model)
                    effects.append(.send(.rooms))
                }
                model.show("room \(name) is gone (the server restarted?): pick a room or make one", .warning)
                break
            }
            let message = code == nil ? "room \(name) is private (or gone): type its join code" : "no room \(name), or the code is wrong"
            effects = askJoinCode(name, isWatching: isWatching, message: message, model: &model)
        case .moved:
            return followMove(to: name, code: code, isWatching: isWatching, error: error, model: &model)
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
        if isAutoRoom { model.network.autoRoom = nil }
        return effects
    }

    /// The lobby with the join prompt open on `name`, its code field focused
    /// (and its list asked for, when the lobby was not open).
    private static func askJoinCode(_ name: String, isWatching: Bool, message: String, model: inout Model) -> [Effect] {
        var effects: [Effect] = []
        if model.screen != .lobby {
            openLobby(&model)
            effects.append(.send(.rooms))
        }
        var prompt = JoinPrompt()
        prompt.name = TextField(name)
        prompt.isCodeFocused = true
        prompt.isWatching = isWatching
        prompt.message = message
        model.lobby.joinPrompt = prompt
        // The prompt says what went wrong; "joining …" is over.
        model.notice = nil
        return effects
    }

    private static func membersListed(_ members: [MemberInfo], model: inout Model) {
        guard var room = model.room else { return }
        let you = model.network.nickname.map(Names.nicknameKey)
        room.members = members.map { member in
            let isYou = Names.nicknameKey(member.nickname) == you && (member.role == .watcher) == room.isWatching
            return RoomMember(
                nickname: member.nickname, isReady: member.isReady, isYou: isYou, role: member.role, state: member.state,
                isBot: member.isBot)
        }
        model.room = room
    }

    static func setReady(_ isReady: Bool, of nickname: String?, model: inout Model) {
        guard let nickname,
            let index = model.room?.members.firstIndex(where: {
                Names.nicknameKey($0.nickname) == Names.nicknameKey(nickname) && $0.role == .player
            })
        else { return }
        model.room?.members[index].isReady = isReady
    }

    private static func readyRefusal(_ error: ProtocolError) -> String {
        switch error.code {
        case .raceInProgress: "a race is under way: you will race in the next one"
        case .notInRoom: "you are not in a room any more"
        default: "ready refused: \(ScreenText.sanitize(error.message))"
        }
    }

    // MARK: Moves

    /// `OK MOVE`: the server's figures must be ours after the same entries.
    private static func moveAcknowledged(_ acknowledgement: MoveAck, model: inout Model) -> [Effect] {
        guard model.network.barriers == 0, var session = model.session, session.sendsEntries else { return [] }
        session.unacknowledged = session.unacknowledged.filter { $0.key > acknowledgement.seq }
        let expected = session.expected[acknowledgement.seq]
        session.expected = session.expected.filter { $0.key > acknowledgement.seq }
        session.boardsAfter = session.boardsAfter.filter { $0.key > acknowledgement.seq }
        model.session = session
        guard let expected else { return [] }
        let theirs = Figures(score: acknowledgement.score, moves: acknowledgement.moves, largestTile: acknowledgement.largestTile)
        guard theirs != expected else { return [] }
        model.show(
            "the server counts score \(Format.grouped(theirs.score)) after \(theirs.moves) moves, not "
                + "\(Format.grouped(expected.score)): fetching its copy", .warning)
        // A MOVE that cannot be next is refused with bad-seq and answered with the server's state.
        return [.send(.move(seq: resyncSequence, entries: [.move(.left)]))]
    }

    /// The sequence number of a `MOVE` sent only to get the server's copy of the game.
    static let resyncSequence = Int(Int32.max)

    private static func moveRefused(_ error: ProtocolError, model: inout Model) {
        guard model.network.barriers == 0, let session = model.session, session.sendsEntries else { return }
        switch error.code {
        case .badSeq, .desync:
            break  // RESYNC follows with the server's copy.
        case .notRacing:
            if session.mode == .practice {
                model.session?.mirror = .localOnly("the server has no game running for it")
            }
        case .assistsOff:
            model.show("undo and remove-tile are off in this room", .warning)
        default:
            model.show("move refused: \(ScreenText.sanitize(error.message))", .warning)
        }
    }

    // MARK: Leaderboard

    private static func leaderboardPage(_ query: LeaderboardQuery, summary: TopSummary, entries: [LeaderboardEntry], model: inout Model) {
        var board = model.leaderboard
        guard board.isCurrent(query) else { return }
        if query.offset == 0 {
            board.entries = entries
        } else if query.offset == board.entries.count {
            board.entries += entries
        }
        board.total = summary.total
        board.date = summary.date
        board.status = .loaded
        board.isLoadingMore = false
        board.scroll = min(board.scroll, max(0, board.entries.count - 1))
        model.leaderboard = board
    }
}

extension ClientMessage {
    /// Whether the replies to `MOVE` lines sent before this one are about an
    /// earlier game (the game restarts, ends or is replaced).
    var isBarrier: Bool {
        switch self {
        case .restart, .resign, .practice, .leave: true
        default: false
        }
    }
}
