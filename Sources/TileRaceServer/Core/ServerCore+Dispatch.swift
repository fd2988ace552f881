import TileRaceProtocol

extension ServerCore {
    /// One exhaustive switch, so every request reaches exactly one handler.
    /// - Throws: the `ProtocolError` to answer as `ERR`.
    func dispatch(_ request: ClientMessage, from session: Session) throws(ProtocolError) {
        switch request {
        case .hello(let nickname, let isBot, let secret, let strength, let via):
            try countAtGreeting(session, via: via)
            if let secret, let nickname {
                try resume(session, nickname: nickname, secret: secret)
            } else {
                try hello(session, nickname: nickname, isBot: isBot, strength: strength)
            }
        case .nickname(let nickname): try setNickname(session, nickname)
        case .ping(let token): send(session.id, .pong(token))
        case .pong: break
        case .quit: quit(session)
        case .help: help(session)
        case .rooms: listRooms(session)
        case .create(let room, let options): try create(session, room: room, options: options)
        case .join(let room, let code): try join(session, room: room, code: code)
        case .watch(let room, let code): try watch(session, room: room, code: code)
        case .who: who(session)
        case .ready(let isReady, let token): try ready(session, isReady, token: token)
        case .leave: leave(session)
        case .move(let seq, let entries): try move(session, seq: seq, entries: entries)
        case .pause: setPaused(session, true)
        case .resume: setPaused(session, false)
        case .restart: restart(session)
        case .resign: resign(session)
        case .submit(let nickname, let token): try submit(session, nickname: nickname, token: token)
        case .top(let query): ask(.top(query, today: today), for: session)
        // `ERR no-record` when there is no such entry or it kept no log.
        case .record(let query): ask(.record(query, today: today), for: session)
        case .practice(let options): try practice(session, options)
        case .say(let text): try say(session, text: text)
        case .resync: resync(session)
        // Waits for the store's health like `TOP`; the counts are taken when the answer comes.
        case .info: ask(.status, for: session)
        case .auth(let secret): try authenticate(session, secret: secret)
        case .connections: listConnections(session)
        case .kick(let nickname, let reason): try kick(session, nickname: nickname, reason: reason)
        case .ban(let order): try ban(session, order)
        case .unban(let target): ask(.unban(target), for: session)
        case .bans: ask(.bans, for: session)
        case .removeEntry(let order): ask(.removeEntry(order, today: today), for: session)
        case .announce(let text): announce(session, text: text)
        case .mute(let nickname): setMuted(session, nickname: nickname, true)
        case .unmute(let nickname): setMuted(session, nickname: nickname, false)
        case .queue(let token): try queue(session, token: token)
        case .unqueue: unqueue(session)
        case .report(let nickname, let reason): try report(session, nickname: nickname, reason: reason)
        case .reports: ask(.reports, for: session)
        case .dismiss(let id): ask(.dismiss(id: id), for: session)
        case .assist(let nickname, let reason): ask(.assist(nickname: nickname, reason: reason), for: session)
        case .unassist(let nickname): ask(.unassist(nickname: nickname), for: session)
        case .review(let id): try review(session, id: id)
        case .approve(let id): ask(.review(id: id, isApproved: true, reason: ""), for: session)
        case .reject(let id, let reason): ask(.review(id: id, isApproved: false, reason: reason), for: session)
        case .arenas: listArenas(session)
        case .arena(let id, _, true): try watchArena(session, id: id)
        case .arena(let id, let token, false): try joinArena(session, id: id, token: token)
        case .arenaLeave: leaveArena(session)
        case .berserk: try berserk(session)
        case .standings(let id, let offset, let limit): try listStandings(session, arena: id, offset: offset, limit: limit)
        case .arenaCreate(let settings): try createArena(session, settings)
        }
    }
}
