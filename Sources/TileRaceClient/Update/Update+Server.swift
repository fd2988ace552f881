import TileRaceProtocol

/// Routes each reply and event to its screen's home. Both switches are exhaustive,
/// so a new request or event does not compile until something handles it.
extension Update {
    static func server(_ update: ServerUpdate, model: inout Model) -> [Effect] {
        switch update {
        case .greeted(let greeting): return greeted(greeting, model: &model)
        case .connectFailed(let reason): return connectFailed(reason, model: &model)
        case .reply(let request, let result, let items): return reply(request, result, items: items, model: &model)
        case .event(let event): return serverEvent(event, model: &model)
        case .notSent(let message, let reason): return notSent(message, reason: ScreenText.sanitize(reason), model: &model)
        case .disconnected(let reason, let bye): return disconnected(reason: reason, bye: bye, model: &model)
        case .unreadable(let line):
            model.show("the server sent a line this client cannot read: \(ScreenText.sanitize(String(line.prefix(60))))", .warning)
            return []
        }
    }

    // MARK: Replies

    static func reply(
        _ request: ClientMessage, _ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model
    ) -> [Effect] {
        if request.endsOrReplacesGame { model.network.gameChangesAwaitingReply = max(0, model.network.gameChangesAwaitingReply - 1) }
        switch request {
        case .hello(let nickname, _, _, _, _): return helloReplied(nickname: nickname, result, model: &model)
        case .nickname(let nickname): return nicknameReplied(nickname, result, model: &model)
        case .rooms: roomsReplied(result, items: items, model: &model)
        case .create(let name, let options): return createReplied(name, options: options, result, model: &model)
        case .join(let name, let code): return joinReplied(name, code: code, isWatching: false, result, model: &model)
        case .watch(let name, let code): return joinReplied(name, code: code, isWatching: true, result, model: &model)
        case .who: whoReplied(result, items: items, model: &model)
        case .ready: return readyReplied(result, model: &model)
        case .move, .resync: return moveReplied(result, model: &model)
        case .practice(let options): practiceReplied(options, result, model: &model)
        case .restart: restartReplied(result, model: &model)
        case .submit(let nickname, _): return submitReplied(nickname, result, model: &model)
        case .top(let query) where query.nickname != nil: ownRatingReplied(query, result, items: items, model: &model)
        case .top(let query): leaderboardReplied(query, result, items: items, model: &model)
        case .record(let query) where model.pendingGhost?.query == query: ghostRecordReplied(result, items: items, model: &model)
        case .record: recordReplied(result, items: items, model: &model)
        case .say: sayReplied(result, model: &model)
        case .queue: queueReplied(result, model: &model)
        case .report(let nickname, _): reportReplied(nickname, result, model: &model)
        case .review(id: nil): ownHeldReplied(result, items: items, model: &model)
        case .leave: model.chat.awaitsLobbyHistory = true
        case .ping, .pong, .quit, .help, .pause, .resume, .resign, .info, .unqueue:
            break  // The reply changes nothing on screen (the client does not ask INFO).
        case .auth, .connections, .kick, .ban, .unban, .bans, .removeEntry, .announce, .mute, .unmute, .reports, .dismiss, .assist,
            .unassist, .review, .approve, .reject:
            break  // The operator's requests: `tilerace admin` sends them, never this client.
        case .arenas: arenasReplied(result, items: items, model: &model)
        case .arena(let id, _, let isWatching): return arenaReplied(id: id, isWatching: isWatching, result, model: &model)
        case .standings(let arena, _, _): standingsReplied(arena: arena, result, items: items, model: &model)
        case .berserk: berserkReplied(result, model: &model)
        case .arenaLeave: break  // Left already here.
        case .arenaCreate: break  // The operator's: `tilerace admin arena` sends it, never this client.
        }
        return []
    }

    // MARK: Events

    static func serverEvent(_ event: ServerEvent, model: inout Model) -> [Effect] {
        // Chat changes nothing else (not even the catch-up after a resume).
        if case .chat(let line) = event {
            chatArrived(line, model: &model)
            return []
        }
        // After a resumed OK HELLO, the catch-up's START comes first, then our RESYNC if the race is ours.
        let isOutsideRace = model.network.isCatchingUpOutsideRace
        model.network.isCatchingUpOutsideRace = false
        let startNamingUs = model.network.catchUpStart
        model.network.catchUpStart = nil
        switch event {
        case .hello, .ping, .bye, .chat:
            // The connection handles PING and BYE; CHAT was handled above.
            break
        case .scored(let standing):
            scoredArrived(standing, model: &model)
        case .berserk(let arena, _, let nickname, let limit):
            berserkArrived(arena: arena, nickname: nickname, limit: limit, model: &model)
        case .arenaEnd(let arena, _, let podium):
            return arenaEnded(arena: arena, podium: podium, model: &model)
        case .notice(let text):
            // The operator's word belongs to no screen: shown over any until it expires; no key clears it.
            model.announcement = Notice(
                text: "server: " + ScreenText.sanitize(text), kind: .warning, expiresAt: model.now + Notice.announcementMilliseconds)
        case .joined(let room, let nickname, let role, let isBot, let strength):
            guard isOurRoom(room, model) else { break }
            memberJoined(nickname, role: role, isBot: isBot, strength: strength, model: &model)
        case .left(let room, let nickname):
            guard isOurRoom(room, model) else { break }
            if model.arena != nil, isUs(nickname, model) { return arenaRaceLeft(&model) }
            memberLeft(nickname, model: &model)
        case .ready(let room, let nickname, let isReady, let rating):
            guard isOurRoom(room, model) else { break }
            setReady(isReady, of: nickname, rating: rating, model: &model)
        case .countdown(let room, let milliseconds):
            guard isOurRoom(room, model) else { break }
            countdownStarted(milliseconds: milliseconds, model: &model)
        case .cancel(let room, let reason):
            guard isOurRoom(room, model) else { break }
            countdownCancelled(reason, model: &model)
        case .away(let room, let nickname, let milliseconds):
            guard isOurRoom(room, model) else { break }
            playerAway(nickname, milliseconds: milliseconds, model: &model)
        case .back(let room, let nickname):
            guard isOurRoom(room, model) else { break }
            playerBack(nickname, model: &model)
        case .start(let start):
            guard isOurRoom(start.room, model) else { break }
            raceStartEvent(start, isOutsideRace: isOutsideRace, model: &model)
            arenaRaceStarted(&model)
        case .progress(let progress):
            guard isOurRoom(progress.room, model) else { break }
            racerProgressed(progress, model: &model)
        case .finish(let finish):
            guard isOurRoom(finish.room, model) else { break }
            racerFinished(finish, model: &model)
        case .result(let result):
            guard isOurRoom(result.room, model) else { break }
            resultArrived(result, model: &model)
        case .end(let room, _, _):
            guard isOurRoom(room, model) else { break }
            raceEnded(&model)
        case .resync(let sync):
            return resyncArrived(sync, startNamingUs: startNamingUs, model: &model)
        case .queued(let waiting, _, let offersBots):
            queuedArrived(waiting: waiting, offersBots: offersBots, model: &model)
        case .matched(let description):
            if model.arena?.isOver == false { return arenaMatched(description, model: &model) }
            // UNQUEUE crossed the match: leave that room.
            guard model.quickRace != nil else { return [.send(.leave)] }
            return matchedArrived(description, model: &model)
        }
        return []
    }

    static func isOurRoom(_ name: String, _ model: Model) -> Bool { model.room.map { RoomName($0.name) == RoomName(name) } ?? false }

    static func isUs(_ nickname: String, _ model: Model) -> Bool {
        model.network.nickname.map { Nickname($0) == Nickname(nickname) } ?? false
    }

    // MARK: Requests not sent

    /// No connection: say so where it matters.
    static func notSent(_ message: ClientMessage, reason: String, model: inout Model) -> [Effect] {
        if message.endsOrReplacesGame { model.network.gameChangesAwaitingReply = max(0, model.network.gameChangesAwaitingReply - 1) }
        switch message {
        case .submit:
            submissionNotSent(model: &model)
        case .top(let query) where query.nickname != nil:
            break  // The lobby's own rating: the header goes on without it.
        case .top:
            model.leaderboard?.status = .notConnected
        case .rooms:
            model.lobby?.isLoading = false
        case .practice:
            dealingLost(because: "not sent: \(reason)", model: &model)
        case .move, .resync, .restart, .resign, .pong, .ping, .leave, .quit, .unqueue:
            break
        case .auth, .connections, .kick, .ban, .unban, .bans, .removeEntry, .announce, .mute, .unmute, .reports, .dismiss, .assist,
            .unassist, .review, .approve, .reject:
            break  // The operator's requests: this client never sends them.
        case .arenas:
            model.arenaList?.isLoading = false
            model.show("not connected to a server", .warning)
        case .arena, .berserk:
            model.arenaList?.joining = nil
            model.show("not connected to a server", .warning)
        case .arenaLeave, .standings, .arenaCreate:
            break
        case .queue:
            if model.quickRace != nil { model.screen = .menu }
            model.show("not connected to a server", .warning)
        case .hello, .nickname, .help, .create, .join, .watch, .who, .ready, .pause, .resume, .record, .info, .say:
            model.show("not connected to a server", .warning)
        case .report(let nickname, _):
            model.show("not reported \(nickname): not connected to a server", .warning)
        }
        return []
    }
}
