import TileRaceProtocol

/// Quick races (protocol.md 5.8). The queue lives on shard 0: a session
/// elsewhere moves there with its `QUEUE`. A matched group moves as one to
/// the shard with the fewest rooms, and its room is made there.
extension ServerCore {
    static let botsUnqueued = ProtocolError(
        .notEligible, "quick races are rated, for people: this connection said HELLO ... bot=yes (race bots in an unrated room)")

    static let queueShard = 0
    /// `CREATE` refuses names with it, so quick rooms never clash.
    static let quickRoomPrefix = "quick-"
    static let queueLookMilliseconds = 250

    /// Moves to the queue's shard, then asks the store to prove the claim
    /// (`queueProven` goes on).
    func queue(_ session: Session, token: String) throws(ProtocolError) {
        if session.isBot { throw ServerCore.botsUnqueued }
        if moveSession(session, toShard: ServerCore.queueShard) { return }
        if matchQueue.contains(session.id) {
            return reply(session, .queue(waiting: matchQueue.count, rating: session.provenRating.map(ShownRating.init)))
        }
        guard let nickname = session.nickname else { return }
        session.joiningArena = nil
        ask(.proveClaim(nickname: nickname, token: token, today: today), for: session)
    }

    func queueProven(_ session: Session, rating: Glicko2.Rating) {
        guard let nickname = session.nickname, session.roomKey == nil, !session.isPracticing else {
            return send(session.id, .error(ProtocolError(.notEligible, "QUEUE is for players outside rooms and practice games")))
        }
        session.provenClaim = Names.nicknameKey(nickname)
        session.provenRating = rating
        matchQueue.add(session.id, nickname: nickname, rating: rating.rating, at: now)
        reply(session, .queue(waiting: matchQueue.count, rating: ShownRating(rating)))
        log(
            .info, "queue.joined",
            [.init("nick", nickname), .init("rating", Int(rating.rating.rounded())), .init("waiting", matchQueue.count)],
            message: "\(nickname) (rating \(Int(rating.rating.rounded()))) waits for a quick race (\(matchQueue.count) waiting)")
        if !timers.isScheduled(.matchQueue) { timers.schedule(.matchQueue, at: now + ServerCore.queueLookMilliseconds) }
    }

    /// Answered alike when not in the queue.
    func unqueue(_ session: Session) {
        if matchQueue.remove(session.id) {
            log(.info, LogEntry("queue.left", [.init("nick", session.logName)], message: "\(session.logName) left the quick race queue"))
        }
        reply(session, .unqueue)
    }

    /// Takes a session out of the queue (no reply, protocol.md 5.8), so one
    /// who left before the queue's next look is not matched anyway.
    func leaveQueue(_ session: Session, because reason: String) {
        guard matchQueue.remove(session.id) else { return }
        log(
            .info, "queue.left", [.init("nick", session.logName), .init("reason", reason)],
            message: "\(session.logName) left the quick race queue (\(reason))")
    }

    /// The queue's timer: drops who left, makes rooms, sends `QUEUED`.
    func lookAtQueue() {
        for waiter in matchQueue.waiters where sessions[waiter.id].map(isInLobby) != true {
            matchQueue.remove(waiter.id)
        }
        for group in matchQueue.match(at: now) { place(group.compactMap { sessions[$0.id] }) }
        for notice in matchQueue.notices(at: now) {
            send(notice.id, .event(.queued(waiting: notice.waiting, seconds: notice.seconds, offersBots: notice.offersBots)))
        }
        if matchQueue.count > 0 { timers.schedule(.matchQueue, at: now + ServerCore.queueLookMilliseconds) }
    }

    /// Hands the group over as one (`ServerAction.handOff`) to the shard
    /// with the fewest rooms; here when that is this one, or when one of them
    /// waits for the store (its answer comes back here).
    private func place(_ group: [Session]) {
        let now = now
        let canLeave = group.allSatisfy { $0.connection != nil && $0.awaitedAnswer == nil && $0.shardMove == nil }
        let target = canLeave ? registry.withState { $0.shardForNewRoom(preferring: shard, now: now) } : shard
        guard target != shard else { return makeQuickRoom(of: group) }
        var connections: [ConnectionID] = []
        for session in group {
            guard let connection = session.connection else { continue }
            depart(session, on: connection, to: target)
            connections.append(connection)
        }
        outbox.append(.handOff(connections, shard: target))
    }

    /// A group handed over by `place` (`arriveMatched`) makes its room here.
    /// `lost`: those whose connection ended on the way; they hold their
    /// seats, away, as after a drop right after the match.
    func takeInMatched(_ group: [Session], lost: Set<ConnectionID>) {
        guard !isShuttingDown else {
            for session in group { takeIn(session) }
            return
        }
        for session in group { settle(session) }
        makeQuickRoom(of: group, lost: lost)
        for session in group where !lost.contains(session.id) { readAgain(session) }
    }

    /// A quick race's room: rated, 4x4, everyone joined and ready as if each
    /// had sent `JOIN` and `READY` (claims were proven at `QUEUE`).
    /// An arena's race room is one too, of the arena's options; its berserk
    /// racers are announced before the countdown.
    func makeQuickRoom(
        of members: [Session], lost: Set<ConnectionID> = [], options: RoomOptions = RoomOptions(isRated: true),
        arena: (id: Int, race: Int, berserk: Set<String>)? = nil
    ) {
        while rooms[Room.key(ServerCore.quickRoomPrefix + String(nextQuickRoom))] != nil { nextQuickRoom += shardCount }
        let name = ServerCore.quickRoomPrefix + String(nextQuickRoom)
        nextQuickRoom += shardCount
        let room = Room(name: name, options: options)
        room.arena = arena
        for session in members {
            room.players.append(session.id)
            room.ready.insert(session.id)
            session.roomKey = room.key
            session.role = .player
        }
        rooms[room.key] = room
        let listing = ServerRegistry.Listing(shard: shard, description: room.description)
        registry.withState { [shard] in
            $0.rooms[room.key] = listing
            $0.settlePlacement(on: shard)
        }
        for session in members where !lost.contains(session.id) {
            var lines = [ServerMessage.event(.matched(room.description)).line]
            for other in members where other !== session {
                lines.append(ServerMessage.event(.joined(room: room.name, nickname: other.nickname ?? "", role: .player)).line)
            }
            for member in members {
                let ready = ServerEvent.ready(
                    room: room.name, nickname: member.nickname ?? "", isReady: true, rating: shownRating(of: member, in: room))
                lines.append(ServerMessage.event(ready).line)
            }
            for nickname in arena?.berserk.sorted() ?? [] {
                let event = ServerEvent.berserk(arena: arena?.id ?? 0, room: name, nickname: nickname, limit: options.timeLimit / 2)
                lines.append(ServerMessage.event(event).line)
            }
            send(session.id, lines: lines)
        }
        let summary = members.map { "\($0.logName) \(Int(($0.provenRating?.rating ?? 0).rounded()))" }.joined(separator: ", ")
        log(
            .info, "queue.matched", [.init("room", name), .init("players", summary)],
            message: "quick race \(name) made of \(summary)")
        for session in members where lost.contains(session.id) {
            dropped(session, reason: "connection lost while moving to shard \(shard)")
        }
        startCountdownIfReady(room)
        publish(room)
    }

    /// The store words refusals for `READY`; a `QUEUE` gets them reworded.
    func claimRefusal(_ error: ProtocolError, of request: LeaderboardRequest, for session: Session?) -> ProtocolError {
        guard case .proveClaim(let nickname, _, _) = request, error.code == .notEligible, let session, session.roomKey == nil else {
            return error
        }
        return LeaderboardRules.unclaimed(nickname, then: "QUEUE")
    }
}
