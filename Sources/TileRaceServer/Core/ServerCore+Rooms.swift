import TileRaceProtocol

/// Room requests and the countdown. A request for a room on another shard
/// moves the session there first (`ServerCore+ShardMoves`).
extension ServerCore {
    func listRooms(_ session: Session) {
        let lines = registry.withState { $0.listing() }.map { ServerMessage.room($0).line }
        send(session.id, lines: lines + [ServerMessage.ok(.rooms(count: lines.count)).line])
    }

    func create(_ session: Session, room name: String, options: RoomOptions) throws(ProtocolError) {
        guard !Room.key(name).hasPrefix(ServerCore.quickRoomPrefix) else {
            throw ProtocolError(
                .badArguments, "room names starting with \(ServerCore.quickRoomPrefix) are for quick races (QUEUE); pick another")
        }
        let facts = registry.withState { $0.facts(ofRoom: Room.key(name)) }
        if options.isRated, session.isBot { throw ServerCore.botsUnrated }
        let exists = { (place: String) in ProtocolError(.roomExists, "a room named \(name) exists\(place); JOIN it or pick another name") }
        guard facts.host == nil else { throw exists("") }
        if let remote = facts.remote { throw exists(" on the server at \(remote.server ?? "?")") }
        // Checked early (no move to another shard only to be refused), and
        // again where the room is listed.
        guard ServerRegistry.hasRoom(forAnotherOf: facts.roomCount, maximumRooms: limits.maximumRooms) else { throw tooManyRooms }
        if moveToShardForNewRoom(session) { return }
        let room = Room(name: name, options: options)
        // Another shard may have taken the name, or the last room, meanwhile.
        let description = room.description
        switch registry.withState({ [shard, limits] in $0.register(description, shard: shard, maximumRooms: limits.maximumRooms) }) {
        case .registered: break
        case .nameTaken: throw exists("")
        case .full: throw tooManyRooms
        }
        rooms[room.key] = room
        seat(session, in: room, as: .player, reply: OkReply.create)
        log(
            .info, "room.created", [.init("room", name), .init("nick", session.logName), .init("private", room.isPrivate ? "yes" : "no")],
            message: "room \(name) created by \(session.logName)\(room.isPrivate ? " (private)" : "")")
    }

    private var tooManyRooms: ProtocolError {
        ProtocolError(.tooManyRooms, "the server has its maximum of \(limits.maximumRooms) rooms; join one")
    }

    func join(_ session: Session, room name: String, code: String?) throws(ProtocolError) {
        guard let room = try findRoom(name, code: code, for: session) else { return }
        guard room.players.count < limits.maximumPlayersPerRoom else {
            throw ProtocolError(.roomFull, "room \(room.name) has its maximum of \(limits.maximumPlayersPerRoom) players")
        }
        if room.options.isRated, session.isBot { throw ServerCore.botsUnrated }
        cancelCountdown(in: room, reason: .joined)
        seat(session, in: room, as: .player, reply: OkReply.join)
        broadcast(
            .joined(room: room.name, nickname: session.nickname ?? "", role: .player, isBot: session.isBot, strength: session.strength),
            in: room, except: session.id)
        sendChatHistory(of: room, to: session)
    }

    func watch(_ session: Session, room name: String, code: String?) throws(ProtocolError) {
        guard let room = try findRoom(name, code: code, for: session) else { return }
        guard room.watchers.count < limits.maximumWatchersPerRoom else {
            throw ProtocolError(.roomFull, "room \(room.name) has its maximum of \(limits.maximumWatchersPerRoom) watchers")
        }
        seat(session, in: room, as: .watcher, reply: OkReply.watch)
        if let nickname = session.nickname {
            broadcast(
                .joined(room: room.name, nickname: nickname, role: .watcher, isBot: session.isBot, strength: session.strength), in: room,
                except: session.id)
        }
        catchUp(session, in: room)
        sendChatHistory(of: room, to: session)
    }

    /// Takes the session out of the quick race queue and replies with the room.
    private func seat(_ session: Session, in room: Room, as role: MemberInfo.Role, reply made: (RoomDescription) -> OkReply) {
        if role == .player {
            room.players.append(session.id)
            if session.isBot { room.bots.insert(session.id) }
        } else {
            room.watchers.append(session.id)
        }
        session.roomKey = room.key
        session.role = role
        leaveQueue(session, because: role == .player ? "entered room \(room.name)" : "watches room \(room.name)")
        reply(session, made(room.description))
        publish(room)
    }

    /// Replays the countdown or race state to a watcher or a racer back from
    /// away (its own game as `RESYNC`), or the results of a race that ended
    /// while it was away.
    func catchUp(_ session: Session, in room: Room) {
        if let endsAt = room.countdownEndsAt {
            send(session.id, .event(.countdown(room: room.name, milliseconds: max(0, endsAt - now))))
        }
        if let race = room.race {
            var lines = [ServerMessage.event(.start(raceStart(race, in: room, isCatchUp: true))).line]
            // A watcher who raced earlier in this race gets its progress like the others'.
            let own = session.role == .player ? race.racer(session.id) : nil
            if let own { lines.append(ServerMessage.event(.resync(own.liveGame.sync)).line) }
            for racer in race.racers where racer !== own {
                lines.append(ServerMessage.event(.progress(progress(of: racer, in: room))).line)
            }
            for racer in race.racers.filter({ $0.finish != nil }).sorted(by: { $0.finish!.order < $1.finish!.order }) {
                lines.append(ServerMessage.event(.finish(finishRecord(of: racer, in: room))).line)
            }
            send(session.id, lines: lines)
        } else if let awayRace = session.awayRaceID, let results = room.lastResults, results.race == awayRace {
            send(session.id, lines: results.lines)
        }
    }

    func publish(_ room: Room) {
        guard rooms[room.key] === room else { return }
        let description = room.description
        registry.withState { $0.rooms[room.key]?.description = description }
    }

    /// A missing room and a private room with a wrong code get the same
    /// refusal, so a private room's existence does not leak. Nil when the
    /// room is on another shard: the session goes there with the request.
    private func findRoom(_ name: String, code: String?, for session: Session) throws(ProtocolError) -> Room? {
        let facts = registry.withState { $0.facts(ofRoom: Room.key(name)) }
        if let host = facts.host, moveSession(session, toShard: host) { return nil }
        if let remote = facts.remote { throw moved(remote) }
        let bye = "too many wrong join codes"
        if code != nil {
            try admitGuess(by: session, bye: bye) { "too many wrong join codes from your address; try again in \($0) s" }
        }
        guard let room = rooms[Room.key(name)], room.options.code == nil || room.options.code == code else {
            if code != nil { recordWrongGuess(by: session, bye: bye) }
            throw ProtocolError(.roomUnavailable, "no room \(name) is open to you (it does not exist, or it needs a join code)")
        }
        return room
    }

    func who(_ session: Session) {
        guard let room = room(of: session) else { return }
        var members: [MemberInfo] = room.players.compactMap { id in
            guard let member = sessions[id], let nickname = member.nickname else { return nil }
            let state: MemberInfo.State = room.race?.racer(id).map { $0.isRacing ? .racing : .finished } ?? .waiting
            return MemberInfo(
                nickname: nickname, role: .player, isReady: room.ready.contains(id), state: state, isBot: member.isBot,
                strength: member.strength, rating: shownRating(of: member, in: room),
                awayMilliseconds: member.awayUntil.map { max(0, $0 - now) })
        }
        members += room.watchers.compactMap { id in
            guard let watcher = sessions[id], let nickname = watcher.nickname else { return nil }
            return MemberInfo(
                nickname: nickname, role: .watcher, isReady: false, state: .waiting, isBot: watcher.isBot, strength: watcher.strength)
        }
        let lines = members.map { ServerMessage.member($0).line }
        send(session.id, lines: lines + [ServerMessage.ok(.who(room: room.name, count: lines.count)).line])
    }

    func ready(_ session: Session, _ isReady: Bool, token: String? = nil) throws(ProtocolError) {
        guard let room = room(of: session) else { return }
        if isReady, room.options.isRated, !(try hasProvenClaim(session, token: token)) { return }
        if isReady {
            room.ready.insert(session.id)
        } else {
            room.ready.remove(session.id)
        }
        reply(session, .ready(isReady))
        broadcast(
            .ready(room: room.name, nickname: session.nickname ?? "", isReady: isReady, rating: shownRating(of: session, in: room)),
            in: room)
        if isReady {
            startCountdownIfReady(room)
        } else {
            cancelCountdown(in: room, reason: .unready)
        }
    }

    func leave(_ session: Session) {
        guard let room = room(of: session) else { return }
        reply(session, .leave(room: room.name))
        leaveRoom(session)
        sendChatHistory(of: nil, to: session)
    }

    /// A countdown restarts without the player; an empty room other than
    /// `daily` is removed.
    func leaveRoom(_ session: Session) {
        guard let room = room(of: session) else { return }
        session.roomKey = nil
        if session.role == .watcher {
            room.watchers.removeAll { $0 == session.id }
            if let nickname = session.nickname { broadcast(.left(room: room.name, nickname: nickname), in: room) }
        } else {
            room.players.removeAll { $0 == session.id }
            room.ready.remove(session.id)
            room.bots.remove(session.id)
            if let race = room.race, let racer = race.racer(session.id), racer.isRacing {
                finish(racer, of: race, in: room, reason: .left)
            }
            broadcast(.left(room: room.name, nickname: session.nickname ?? ""), in: room)
            leftArenaRoom(session, room)
            // An away player's seat given up: the countdown its drop cancelled may go now.
            if room.countdownEndsAt != nil || session.isAway {
                cancelCountdown(in: room, reason: .left)
                startCountdownIfReady(room)
            }
            endRaceIfOver(in: room)
        }
        if room.isEmpty, !room.isDaily {
            rooms[room.key] = nil
            registry.withState { $0.rooms[room.key] = nil }
            timers.cancel(.countdown(room.key))
            timers.cancel(.timeLimit(room.key))
            let chat = "\(room.chatLineCount) line\(room.chatLineCount == 1 ? "" : "s") of chat said"
            log(
                .info, "room.removed", [.init("room", room.name), .init("chat-lines", room.chatLineCount)],
                message: "room \(room.name) removed (empty; \(chat))")
        } else {
            publish(room)
        }
    }

    // MARK: Countdown

    /// When one person races only bots, the race starts at once: that person
    /// was the last to get ready, so nobody needs the countdown.
    func startCountdownIfReady(_ room: Room) {
        guard room.state == .waiting, !room.players.isEmpty,
            room.players.allSatisfy({ room.ready.contains($0) && sessions[$0]?.isAway != true }),
            !room.options.isRated || room.players.count >= 2
        else { return }
        if room.isOnePersonWithBots { return startRace(in: room) }
        room.countdownEndsAt = now + limits.countdownMilliseconds
        timers.schedule(.countdown(room.key), at: now + limits.countdownMilliseconds)
        broadcast(.countdown(room: room.name, milliseconds: limits.countdownMilliseconds), in: room)
        publish(room)
    }

    func cancelCountdown(in room: Room, reason: CancelReason) {
        guard room.countdownEndsAt != nil else { return }
        room.countdownEndsAt = nil
        timers.cancel(.countdown(room.key))
        broadcast(.cancel(room: room.name, reason: reason), in: room)
        publish(room)
    }

    // MARK: The room directory

    // The room directory shared by servers on one store. `daily` and private
    // rooms are not published: a refusal must not reveal a private room.

    package func startDirectory(every milliseconds: Int) {
        directoryMilliseconds = milliseconds
        timers.schedule(.directory, at: now)
    }

    /// Publishes every shard's rooms and connected nicknames; only one core
    /// calls `startDirectory`.
    func publishRooms() {
        guard let interval = directoryMilliseconds, !isShuttingDown else { return }
        let (rooms, nicknames) = registry.withState { ($0.publicRooms(), $0.nicknames.keys.sorted()) }
        outbox.append(.publishRooms(rooms, nicknames: nicknames))
        timers.schedule(.directory, at: now + interval)
    }

    /// Kept in the registry: one shard publishes, all of them list.
    func remoteRoomsArrived(_ descriptions: [RoomDescription], nicknames: Set<String>) {
        var byKey: [String: RoomDescription] = [:]
        for description in descriptions where description.server != nil && byKey[Room.key(description.name)] == nil {
            byKey[Room.key(description.name)] = description
        }
        registry.withState {
            $0.remoteRooms = byKey
            $0.remoteNicknames = nicknames
        }
    }

    func moved(_ room: RoomDescription) -> ProtocolError {
        let server = room.server ?? ""
        return ProtocolError(.moved, "\(server) room \(room.name) is hosted by the server at \(server): connect there and ask again")
    }
}
