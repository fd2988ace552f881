import TileRaceProtocol

/// The nickname prompt (`NICK`) and the goal waiting for a nickname.
extension Update {
    /// Otherwise kept for later, asking for the nickname when that is missing.
    static func pursue(_ goal: NetworkGoal, model: inout Model) -> [Effect] {
        model.network.goal = goal
        guard model.connection.isConnected else { return [] }
        if model.network.nickname == nil, goal.needsNickname {
            askNickname(for: goal, model: &model)
            return []
        }
        model.network.goal = nil
        var effects = endPracticeMirror(&model)
        switch goal {
        case .openLobby:
            effects += openLobby(&model)
        case .joinRoom(let name, let code):
            effects.append(.send(.join(room: name, code: code)))
        case .watchRoom(let name, let code):
            effects.append(.send(.watch(room: name, code: code)))
        case .createRoom(let request):
            effects.append(.send(.create(room: request.name, options: request.options)))
        case .joinDaily:
            effects.append(.send(.join(room: "daily", code: nil)))
        case .joinArena(let arena):
            effects += joinArena(arena, model: &model)
        case .quickRace:
            effects += queueAgain(&model)
        }
        return effects
    }

    static func askNickname(for goal: NetworkGoal, model: inout Model) {
        let taken = model.network.takenNickname
        let suggestion =
            model.network.preferredNickname(options: model.options, config: model.config)
            .flatMap { $0 == taken ? nil : $0 } ?? ""
        let message =
            taken.map { "\($0) is in use on this server: pick another nickname" }
            ?? "Racing needs a nickname (others see it)"
        model.overlay = .nickname(NicknamePrompt(field: TextField(suggestion), message: message, goal: goal))
    }

    static let nicknameRuleNotice = "nickname: \(Nickname.rule)"

    static func nicknamePromptKey(_ key: Key, prompt: NicknamePrompt, model: inout Model) -> [Effect] {
        var prompt = prompt
        switch key {
        case .escape:
            model.overlay = nil
            model.network.goal = nil
            model.show("no nickname: racing needs one")
            return []
        case .enter:
            guard !prompt.isChecking, !waitsForSeat(&model) else { return [] }
            guard Nickname.isValid(prompt.field.text) else {
                prompt.field.refusal = nicknameRuleNotice
                model.overlay = .nickname(prompt)
                return []
            }
            guard model.connection.isConnected else {
                model.overlay = nil
                model.show("not connected: \(model.connection.summary)", .warning)
                return []
            }
            prompt.isChecking = true
            prompt.field.refusal = nil
            model.overlay = .nickname(prompt)
            return [.send(.nickname(prompt.field.text))]
        default:
            if !prompt.isChecking { _ = prompt.field.handle(key) }
            model.overlay = .nickname(prompt)
            return []
        }
    }

    static func nicknameReplied(_ nickname: String, _ result: Result<OkReply, ProtocolError>, model: inout Model) -> [Effect] {
        guard case .failure(let error) = result else { return nicknameAccepted(nickname, model: &model) }
        // Said in the prompt, so another can be typed.
        let message: String =
            switch error.code {
            case .nicknameTaken: "\(nickname) is in use on this server: pick another"
            case .badName: nicknameRuleNotice
            case .busy: "finish your game or leave the room first"
            default: ScreenText.sanitize(error.message)
            }
        if error.code == .nicknameTaken { model.network.takenNickname = nickname }
        if case .nickname(var prompt) = model.overlay {
            prompt.isChecking = false
            prompt.field.refusal = message
            model.overlay = .nickname(prompt)
        } else {
            model.show(message, .warning)
        }
        return []
    }

    private static func nicknameAccepted(_ nickname: String, model: inout Model) -> [Effect] {
        model.network.nickname = nickname
        model.network.takenNickname = nil
        model.config.lastNickname = nickname
        var effects: [Effect] = [.saveConfig]
        if case .nickname(let prompt) = model.overlay {
            model.overlay = nil
            effects += pursue(prompt.goal, model: &model)
        }
        return effects
    }
}
