import TileRaceProtocol

/// Quick race (protocol.md 5.8).
extension Update {
    /// `QUEUE` with the claim token where the server offers it; otherwise a line saying why not.
    static func startQuickRace(_ model: inout Model) -> [Effect] {
        guard isOffered(.queue, olderServer: "this server has no quick race (it is older): race with friends instead", model: &model)
        else { return [] }
        guard let nickname = model.network.nickname, let token = model.config.token(for: nickname) else {
            model.show("a quick race is rated: submit a 4x4 game first to claim your nickname", .warning)
            return []
        }
        model.screen = .quickRace(QuickRaceState(startedAt: model.now))
        return [.send(.queue(token: token))]
    }

    /// Esc or q leaves the queue; a takes the bots offer: a room of one's own (unrated), that asks the bots' strength.
    static func quickRaceKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        switch key {
        case .escape, .character("q"):
            model.screen = .menu
            if model.network.goal == .quickRace { model.network.goal = nil }
            return [.send(.unqueue)]
        case .character("a") where model.quickRace?.offersBots == true:
            let owner = (model.network.nickname ?? "my").prefix(Names.maximumNameLength - "-bots".count)
            model.show("making room \(owner)-bots for you and bots…", .info)
            return [.send(.unqueue), .send(.create(room: "\(owner)-bots", options: RoomOptions()))]
        default:
            return []
        }
    }

    static func queueReplied(_ result: Result<OkReply, ProtocolError>, model: inout Model) {
        guard model.quickRace != nil else { return }
        switch result {
        case .success(.queue(let waiting, let rating)):
            model.quickRace?.isQueued = true
            model.quickRace?.waiting = waiting
            if let rating { model.quickRace?.rating = rating }
        case .success:
            break
        case .failure(let error):
            model.screen = .menu
            model.show("no quick race: \(ScreenText.sanitize(error.message))", .warning)
        }
    }

    static func queuedArrived(waiting: Int, offersBots: Bool, model: inout Model) {
        model.quickRace?.waiting = waiting
        if offersBots { model.quickRace?.offersBots = true }
    }

    /// As after `OK JOIN`; its `JOINED`, `READY` and `COUNTDOWN` follow.
    static func matchedArrived(_ description: RoomDescription, model: inout Model) -> [Effect] {
        model.leavesRoomToMenu = true
        let effects = enteredRoom(description, code: nil, isWatching: false, model: &model)
        model.show("quick race: matched with players of close rating; the countdown starts", .info)
        return effects
    }

    static let queueLostText = "connection lost: you left the queue"

    /// The server forgets the queue on a drop (protocol.md 5.8): we queue again once connected (`queueAgain`).
    static func quickRaceConnectionLost(_ model: inout Model) {
        guard model.quickRace != nil else { return }
        model.quickRace?.isQueued = false
        model.quickRace?.isConnectionLost = true
        model.network.goal = .quickRace
        model.show(queueLostText, .warning)
    }

    /// The time waited starts again; the menu with the reason when that cannot be.
    static func queueAgain(_ model: inout Model) -> [Effect] {
        guard model.quickRace?.isConnectionLost == true else { return [] }
        if model.network.goal == .quickRace { model.network.goal = nil }
        guard model.network.serverFeatures.contains(.queue), let nickname = model.network.nickname,
            let token = model.config.token(for: nickname)
        else {
            model.screen = .menu
            model.show(
                "\(queueLostText): this server has no quick race for \(ScreenText.sanitize(model.network.nickname ?? "you"))", .warning)
            return []
        }
        model.screen = .quickRace(QuickRaceState(startedAt: model.now))
        model.show("connected again: back in the quick race queue", .info)
        return [.send(.queue(token: token))]
    }

    /// Offline or quit to the menu while queued: the menu says the queue was left.
    static func quickRaceGivenUp(_ model: inout Model) {
        guard model.quickRace != nil else { return }
        model.screen = .menu
        model.show(queueLostText, .warning)
    }
}
