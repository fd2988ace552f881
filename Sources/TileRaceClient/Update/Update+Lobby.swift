import TileRaceProtocol

/// The lobby: the room list, the create form and the join prompt.
extension Update {
    static func lobbyKey(_ key: Key, model: inout Model) -> [Effect] {
        guard let lobby = model.lobby else { return [] }
        if lobby.form != nil { return formKey(key, model: &model) }
        if lobby.joinPrompt != nil { return joinKey(key, model: &model) }
        if let effects = sharedKey(key, model: &model) { return effects }
        let count = lobby.rooms.count
        switch key {
        case .up, .character("k"):
            model.lobby?.selection = max(0, lobby.selection - 1)
        case .down, .character("j"):
            model.lobby?.selection = min(max(0, count - 1), lobby.selection + 1)
        case .home:
            model.lobby?.selection = 0
        case .end:
            model.lobby?.selection = max(0, count - 1)
        case .enter, .character("w"), .character("W"):
            guard count > 0 else {
                model.show("no rooms yet: n creates one")
                return []
            }
            let isWatching = key != .enter
            let room = lobby.rooms[min(lobby.selection, count - 1)]
            if room.isPrivate {
                model.lobby?.joinPrompt = JoinPrompt(
                    name: TextField(room.name), isCodeFocused: true, isWatching: isWatching,
                    message: "room \(room.name) is private: type its join code")
                return []
            }
            model.show("\(isWatching ? "watching" : "joining") \(ScreenText.sanitize(room.name))…")
            return pursue(isWatching ? .watchRoom(room.name, code: nil) : .joinRoom(room.name, code: nil), model: &model)
        case .character("n"), .character("c"):
            model.lobby?.form = CreateRoomForm()
        case .character("J"):
            model.lobby?.joinPrompt = JoinPrompt()
        case .character("/"):
            return openChat(&model)
        case .character("g"), .character("r"):
            model.lobby?.isLoading = true
            return [.send(.rooms)]
        case .character("q"), .escape:
            model.screen = .menu
        default:
            break
        }
        return []
    }

    static func lobbyTick(_ model: inout Model) -> [Effect] {
        guard let lobby = model.lobby, model.connection.isConnected, !lobby.isLoading, lobby.form == nil,
            lobby.joinPrompt == nil, let refreshAt = lobby.refreshAt, model.now >= refreshAt
        else { return [] }
        model.lobby?.isLoading = true
        return [.send(.rooms)]
    }

    private static func formKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var form = model.lobby?.form else { return [] }
        let fields = CreateRoomForm.Field.allCases
        switch key {
        case .escape:
            model.lobby?.form = nil
            return []
        case .tab, .down:
            form.focus = fields[(form.focus.rawValue + 1) % fields.count]
        case .backTab, .up:
            form.focus = fields[(form.focus.rawValue + fields.count - 1) % fields.count]
        case .enter:
            if let problem = form.problem {
                model.show(problem, .warning)
            } else {
                model.lobby?.form = form
                model.show("creating room \(form.name.text)…")
                return pursue(.createRoom(form.request), model: &model)
            }
        case .left, .right, .character(" "), .character("h"), .character("l"), .character("-"), .character("+"):
            if form.focus == .name || form.focus == .code {
                if case .character = key { _ = textFieldKey(key, form: &form) }
            } else {
                adjust(&form, step: (key == .left || key == .character("h") || key == .character("-")) ? -1 : 1)
            }
        default:
            if !textFieldKey(key, form: &form) {
                model.show("↑↓ or Tab move between fields, ←→ change a value, Enter creates", .info)
            }
        }
        model.lobby?.form = form
        return []
    }

    private static func textFieldKey(_ key: Key, form: inout CreateRoomForm) -> Bool {
        switch form.focus {
        case .name: form.name.handle(key)
        case .code: form.code.handle(key)
        default: false
        }
    }

    private static func adjust(_ form: inout CreateRoomForm, step: Int) {
        switch form.focus {
        case .size:
            form.size = min(8, max(3, form.size + step))
        case .target:
            let exponent = form.target.trailingZeroBitCount + step
            form.target = 1 << min(20, max(3, exponent))
        case .assists:
            form.assistsAllowed.toggle()
            if form.assistsAllowed { form.isRated = false }
        case .rated:
            form.isRated.toggle()
            if form.isRated { form.assistsAllowed = false }
        case .timeLimit:
            let limits = CreateRoomForm.timeLimits
            let index = limits.firstIndex(of: form.timeLimitMinutes) ?? 0
            form.timeLimitMinutes = limits[min(limits.count - 1, max(0, index + step))]
        case .name, .code, .create:
            break
        }
    }

    private static func joinKey(_ key: Key, model: inout Model) -> [Effect] {
        guard var prompt = model.lobby?.joinPrompt else { return [] }
        switch key {
        case .escape:
            model.lobby?.joinPrompt = nil
            return []
        case .tab, .backTab, .up, .down:
            prompt.isCodeFocused.toggle()
        case .enter:
            if !Nickname.isValid(prompt.name.text) {
                prompt.name.refusal = "room name: \(Nickname.rule)"
            } else if !prompt.code.text.isEmpty, !Nickname.isValid(prompt.code.text) {
                prompt.code.refusal = "join code: \(Nickname.rule)"
            } else {
                model.lobby?.joinPrompt = nil
                let code = prompt.code.text.isEmpty ? nil : prompt.code.text
                model.show("\(prompt.isWatching ? "watching" : "joining") \(prompt.name.text)…")
                return pursue(
                    prompt.isWatching ? .watchRoom(prompt.name.text, code: code) : .joinRoom(prompt.name.text, code: code),
                    model: &model)
            }
        default:
            if prompt.isCodeFocused { _ = prompt.code.handle(key) } else { _ = prompt.name.handle(key) }
        }
        model.lobby?.joinPrompt = prompt
        return []
    }

    // MARK: The list of rooms

    /// Also asks the player's rating where the server has ratings (the header's "ana · rating 1523?").
    static func openLobby(_ model: inout Model) -> [Effect] {
        var lobby = LobbyState()
        lobby.isLoading = true
        model.screen = .lobby(lobby)
        model.leavesRoomToMenu = false
        guard model.network.serverFeatures.contains(.ratings), let nickname = model.network.nickname else {
            return [.send(.rooms)]
        }
        return [.send(.rooms), .send(.top(LeaderboardQuery(board: .rating, limit: 1, nickname: nickname)))]
    }

    /// A refusal leaves the header without a rating. The rating tab keeps the
    /// line too, to say why it is not listed.
    static func ownRatingReplied(
        _ query: LeaderboardQuery, _ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model
    ) {
        guard let nickname = query.nickname, let own = model.network.nickname, Nickname(own) == Nickname(nickname) else { return }
        switch result {
        case .success:
            let line = items.lazy.compactMap { if case .rating(let entry) = $0 { entry } else { nil } }
                .first { Nickname($0.nickname) == Nickname(nickname) }
            model.lobby?.ownRating = line.map { .rated($0) } ?? .unrated
            model.leaderboard?.own = line
        case .failure:
            model.lobby?.ownRating = .unknown
            model.leaderboard?.own = nil
        }
    }

    static func roomsReplied(_ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model) {
        if case .failure(let error) = result {
            model.lobby?.isLoading = false
            model.show("cannot list the rooms: \(ScreenText.sanitize(error.message))", .warning)
            return
        }
        guard var lobby = model.lobby else { return }
        let rooms = items.compactMap { if case .room(let room) = $0 { room } else { nil } }
        let selected = lobby.rooms.indices.contains(lobby.selection) ? lobby.rooms[lobby.selection].name : nil
        lobby.rooms = rooms
        lobby.isLoading = false
        lobby.hasLoaded = true
        lobby.refreshAt = model.now + LobbyState.refreshIntervalMilliseconds
        if let selected, let index = rooms.firstIndex(where: { $0.name == selected }) {
            lobby.selection = index
        } else {
            lobby.selection = min(lobby.selection, max(0, rooms.count - 1))
        }
        model.lobby = lobby
    }
}
