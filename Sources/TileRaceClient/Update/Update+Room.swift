import TileRaceProtocol

/// The room screen between races: readiness, bots, leaving, `WHO`/`READY` replies and room events.
extension Update {
    static func roomKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        guard var room = model.room else { return openLobby(&model) }
        switch key {
        case .character("r"), .character(" "), .enter:
            guard !waitsForSeat(&model) else { return [] }
            guard !room.isWatching else {
                model.show("you are watching this room: leave it (q) and join it to race")
                return []
            }
            guard !room.isRaceUnderWay else {
                model.show(WaitingRoom.raceUnderWayNotice)
                return []
            }
            if let notice = model.notice, WaitingRoom.readyPrompts.contains(notice.text) { model.notice = nil }
            // A rated room wants the nickname's claim proved by its token.
            let token = room.options.isRated ? model.network.nickname.flatMap { model.config.token(for: $0) } : nil
            guard let index = room.members.firstIndex(where: \.isYou) else { return [.send(.ready(true, token: token))] }
            room.members[index].isReady.toggle()
            model.room = room
            return [.send(.ready(room.members[index].isReady, token: room.members[index].isReady ? token : nil))]
        case .character("/"):
            return openChat(&model)
        case .character("a"), .character("+"):
            askBotStrength(&model)
        case .character("x"), .character("-"):
            return removeLastBot(&model)
        case .character("l") where model.arena != nil:
            return leaveArena(&model)
        case .character("q"), .escape:
            return leaveRoom(&model)
        default:
            break
        }
        return []
    }
    // MARK: Replies

    static func whoReplied(_ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model) {
        guard case .success = result, var room = model.room else { return }
        let you = model.network.nickname.map(Nickname.init)
        let members: [RoomMember] = items.compactMap { item in
            guard case .member(let member) = item else { return nil }
            let isYou = Nickname(member.nickname) == you && (member.role == .watcher) == room.isWatching
            // Someone who came in after its `AWAY` learns of the held seat here.
            if let away = member.awayMilliseconds, !isYou { room.away.markAway(member.nickname, until: model.now + away) }
            return RoomMember(
                nickname: member.nickname, isReady: member.isReady, isYou: isYou, role: member.role, state: member.state,
                isBot: member.isBot, strength: member.strength, rating: member.rating)
        }
        room.members = members
        model.room = room
    }

    /// Also brings the members again.
    static func readyReplied(_ result: Result<OkReply, ProtocolError>, model: inout Model) -> [Effect] {
        switch result {
        case .success(.ready(let isReady)):
            setReady(isReady, of: model.network.nickname, model: &model)
        case .success:
            break
        case .failure(let error):
            let why =
                switch error.code {
                case .raceInProgress: WaitingRoom.raceUnderWayNotice
                case .notInRoom: "you are not in a room any more"
                default: "ready refused: \(ScreenText.sanitize(error.message))"
                }
            model.show(why, .warning)
            return model.room == nil ? [] : [.send(.who)]
        }
        return []
    }

    /// In a rated room, the rating once the claim is proved (kept when the event has none).
    static func setReady(_ isReady: Bool, of nickname: String?, rating: ShownRating? = nil, model: inout Model) {
        guard let nickname,
            let index = model.room?.members.firstIndex(where: {
                Nickname($0.nickname) == Nickname(nickname) && $0.role == .player
            })
        else { return }
        model.room?.members[index].isReady = isReady
        if let rating { model.room?.members[index].rating = rating }
    }

    // MARK: Events

    static func memberJoined(_ nickname: String, role: MemberInfo.Role, isBot: Bool, strength: Int?, model: inout Model) {
        guard var room = model.room else { return }
        guard !room.members.contains(where: { Nickname($0.nickname) == Nickname(nickname) && $0.role == role }) else { return }
        let member = RoomMember(nickname: nickname, isReady: false, isYou: false, role: role, isBot: isBot, strength: strength)
        let firstWatcher = role == .player ? room.members.firstIndex(where: { $0.role == .watcher }) : nil
        room.members.insert(member, at: firstWatcher ?? room.members.endIndex)
        model.room = room
        if model.screen == .room {
            model.show("\(ScreenText.sanitize(nickname)) \(role == .player ? "joined" : "is watching")")
        }
    }

    static func memberLeft(_ nickname: String, model: inout Model) {
        model.room?.members.removeAll { Nickname($0.nickname) == Nickname(nickname) && !$0.isYou }
        model.room?.away.clear(nickname)
        model.race?.away.clear(nickname)
        if model.screen == .room { model.show("\(ScreenText.sanitize(nickname)) left the room") }
    }

    static func countdownStarted(milliseconds: Int, model: inout Model) {
        model.room?.countdownEndsAt = model.now + max(0, milliseconds)
        model.room?.showsRatingChanges = false
        if model.screen == .room { model.notice = nil }
    }

    static func countdownCancelled(_ reason: CancelReason, model: inout Model) {
        model.room?.countdownEndsAt = nil
        let why =
            switch reason {
            case .unready: "someone is not ready any more"
            case .left: "someone left"
            case .joined: "someone came in"
            case .away: "someone lost the connection"
            case .other(let word): ScreenText.sanitize(word)
            }
        model.show("countdown stopped: \(why)", .warning)
    }
}
