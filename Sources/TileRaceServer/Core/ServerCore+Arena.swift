import Foundation
import TileRaceProtocol

/// Arenas (protocol.md 5.9). Shard 0 owns them, as it owns the quick-race
/// queue: a session moves there with its `ARENA` or `ARENA-CREATE`, and
/// leaves its arena when it moves elsewhere; every shard reads `ARENAS` and
/// `STANDINGS` from the registry's copy. Every `arenaPairingMilliseconds` the shard pairs each
/// running arena's free players (`Arena.pairings`) into quick rooms of the
/// arena's options, made here and counted down as any; when a race ends its
/// places are scored (`Arena.score`), `SCORED` goes to the arena's players
/// and watchers (`Session.watchedArena`), and the racers leave the room, free for the next look.
extension ServerCore {
    static let arenaShard = 0
    /// Arenas over stay listed (and their standings readable) until this many more are over.
    static let keptClosedArenas = 16

    // MARK: Requests

    /// This server's arenas, then those other servers sharing the store
    /// host (`server=`), by id.
    func listArenas(_ session: Session) {
        let (arenas, remote) = registry.withState { ($0.arenas, $0.remoteArenas) }
        var listed = arenas.values.map { info(of: $0) }
        listed += remote.values.filter { arenas[$0.id] == nil }
        let lines = listed.sorted { $0.id < $1.id }.map { ServerMessage.arena($0).line }
        send(session.id, lines: lines + [ServerMessage.ok(.arenas(count: lines.count)).line])
    }

    func createArena(_ session: Session, _ settings: ArenaSettings) throws(ProtocolError) {
        if moveSession(session, toShard: ServerCore.arenaShard) { return }
        guard let arena = scheduleArena(settings) else {
            throw ProtocolError(.unavailable, "no arena id from the shared store yet; try again in a few seconds")
        }
        reply(session, .arenaCreate(info(of: arena)))
    }

    /// An operator's `ARENA-CREATE`, or the server's own schedule (`serve --arena-every`).
    /// `startsAt`: wall ms, instead of `settings.startsIn`. Nil when sharing
    /// a store and no id drawn from it is at hand yet.
    @discardableResult
    func scheduleArena(_ settings: ArenaSettings, startsAt: Int? = nil) -> Arena? {
        guard !drawsArenaIDs || !arenaIDPool.isEmpty else { return nil }
        let id = drawsArenaIDs ? arenaIDPool.removeFirst() : (arenas.keys.max() ?? 0) + 1
        let wall = clock.wallMilliseconds
        let arena = Arena(
            id: id,
            settings: Arena.Settings(
                startsAt: startsAt ?? wall + settings.startsIn * 1000, lengthMilliseconds: settings.length * 1000, size: settings.size,
                target: settings.target, raceLimitSeconds: settings.raceLimit, isRated: settings.isRated, raceSize: settings.raceSize))
        arenas[id] = arena
        lookAtArenasSoon()
        keepArenas()
        log(
            .info, "arena.created",
            [
                .init("arena", id), .init("in", settings.startsIn), .init("length", settings.length), .init("size", settings.size),
                .init("target", settings.target), .init("limit", settings.raceLimit), .init("rated", settings.isRated ? "yes" : "no"),
            ],
            message: "arena \(id) starts in \(settings.startsIn) s for \(settings.length) s: \(settings.size)x\(settings.size) to "
                + "\(settings.target), races of \(settings.raceSize), \(settings.raceLimit) s each\(settings.isRated ? ", rated" : "")")
        return arena
    }

    /// A rated arena proves the claim first (`arenaProven` goes on).
    func joinArena(_ session: Session, id: Int, token: String?) throws(ProtocolError) {
        if moveSession(session, toShard: ServerCore.arenaShard) { return }
        guard let arena = arenas[id], let nickname = session.nickname else { throw noArena(id) }
        guard !arena.isOver(at: clock.wallMilliseconds) else { throw ProtocolError(.notEligible, "arena \(id) is over") }
        if let current = session.arenaID, current != id {
            throw ProtocolError(.busy, "you are in arena \(current): ARENA-LEAVE first")
        }
        leaveQueue(session, because: "joined arena \(id)")
        session.watchedArena = nil
        guard arena.settings.isRated else {
            return enterArena(session, id: id, rating: session.provenRating?.rating ?? Arena.newcomerRating)
        }
        guard !session.isBot else { throw ServerCore.botsUnrated }
        if session.provenClaim == Names.nicknameKey(nickname), let rating = session.provenRating {
            return enterArena(session, id: id, rating: rating.rating)
        }
        guard let token else {
            throw ProtocolError(
                .notEligible, "arena \(id) is rated: it needs your nickname's claim: ARENA \(id) token=<the token SUBMIT gave \(nickname)>")
        }
        session.joiningArena = id
        ask(.proveClaim(nickname: nickname, token: token, today: today), for: session)
    }

    /// `ARENA <id> watch=yes`: its `SCORED` and `ARENA-END` without playing
    /// (one arena at a time; a player watches its own already).
    func watchArena(_ session: Session, id: Int) throws(ProtocolError) {
        if moveSession(session, toShard: ServerCore.arenaShard) { return }
        guard let arena = arenas[id] else { throw noArena(id) }
        guard !arena.isOver(at: clock.wallMilliseconds) else { throw ProtocolError(.notEligible, "arena \(id) is over") }
        if let current = session.arenaID { throw ProtocolError(.busy, "you are in arena \(current): ARENA-LEAVE first") }
        session.watchedArena = id
        reply(session, .arena(info(of: arena)))
    }

    func arenaProven(_ session: Session, rating: Glicko2.Rating) {
        guard let id = session.joiningArena, let nickname = session.nickname else { return }
        session.joiningArena = nil
        session.provenClaim = Names.nicknameKey(nickname)
        session.provenRating = rating
        guard arenas[id].map({ !$0.isOver(at: clock.wallMilliseconds) }) == true, session.roomKey == nil else {
            return send(session.id, .error(ProtocolError(.notEligible, "arena \(id) is over")))
        }
        enterArena(session, id: id, rating: rating.rating)
    }

    private func enterArena(_ session: Session, id: Int, rating: Double) {
        guard let nickname = session.nickname, arenas[id] != nil else { return }
        arenas[id]?.join(nickname, rating: rating, at: clock.wallMilliseconds)
        session.arenaID = id
        keepArenas()
        if let arena = arenas[id] { reply(session, .arena(info(of: arena))) }
        log(
            .info, "arena.joined", [.init("arena", id), .init("nick", nickname), .init("rating", Int(rating.rounded()))],
            message: "\(nickname) joined arena \(id)")
        lookAtArenasSoon()
    }

    /// `ARENA-LEAVE`: answered alike when in none; a watcher stops watching.
    func leaveArena(_ session: Session) {
        let id = session.arenaID ?? session.watchedArena
        quitArena(session)
        reply(session, .arenaLeave(id: id))
    }

    /// Out of its arena (no reply): never paired again; a race under way still counts.
    func quitArena(_ session: Session) {
        session.joiningArena = nil
        session.watchedArena = nil
        guard let id = session.arenaID, let nickname = session.nickname else { return }
        session.arenaID = nil
        arenas[id]?.leave(nickname)
        keepArenas()
        log(.info, "arena.left", [.init("arena", id), .init("nick", nickname)], message: "\(nickname) left arena \(id)")
    }

    func berserk(_ session: Session) throws(ProtocolError) {
        guard let id = session.arenaID, let nickname = session.nickname, arenas[id] != nil else {
            throw ProtocolError(.notEligible, "you are in no arena: ARENA <id> first (ARENAS lists them)")
        }
        try arenas[id]?.berserk(nickname)
        reply(session, .berserk)
    }

    func listStandings(_ session: Session, arena id: Int, offset: Int, limit: Int) throws(ProtocolError) {
        guard let arena = registry.withState({ $0.arenas[id] }) else { throw noArena(id) }
        let standings = arena.standings
        let page = standings.indices.dropFirst(offset).prefix(limit)
        var lines = page.map { ServerMessage.standing(standing(of: standings[$0], rank: $0 + 1, in: arena)).line }
        lines.append(ServerMessage.ok(.standings(arena: id, count: standings.count)).line)
        send(session.id, lines: lines)
    }

    /// `moved` for an arena another server hosts.
    private func noArena(_ id: Int) -> ProtocolError {
        guard let server = registry.withState({ $0.remoteArenas[id]?.server }) else {
            return ProtocolError(.badArguments, "there is no arena \(id); ARENAS lists them")
        }
        return ProtocolError(.moved, "\(server) arena \(id) is hosted by the server at \(server): connect there and ask again")
    }

    // MARK: Across servers

    /// How many arena ids the pool keeps at hand, drawn again when half are used.
    static let arenaIDsAtHand = 8

    /// On a Redis store, with its directory: arena ids come from the store's
    /// counter, unique across the servers sharing it.
    var drawsArenaIDs: Bool { storeKind == .redis && directoryMilliseconds != nil }

    /// For the directory's publication: this server's arenas, and how many
    /// ids to draw for the next ones.
    func arenasToPublish() -> (arenas: [ArenaInfo], ids: Int) {
        let isLow = drawsArenaIDs && arenaIDPool.count <= ServerCore.arenaIDsAtHand / 2
        let wanted = isLow ? ServerCore.arenaIDsAtHand - arenaIDPool.count : 0
        return (arenas.keys.sorted().compactMap { arenas[$0].map { info(of: $0) } }, wanted)
    }

    func remoteArenasArrived(_ infos: [ArenaInfo], ids: ClosedRange<Int>?) {
        if let ids { arenaIDPool += ids }
        var byID: [Int: ArenaInfo] = [:]
        for info in infos where info.server != nil && byID[info.id] == nil { byID[info.id] = info }
        registry.withState { $0.remoteArenas = byID }
    }

    // MARK: Pairing

    func lookAtArenasSoon() {
        guard !timers.isScheduled(.arenas) else { return }
        timers.schedule(.arenas, at: now + limits.arenaPairingMilliseconds)
    }

    /// The arenas' timer: closes those over, pairs the free players of the
    /// others, and with a schedule keeps the next scheduled arena listed.
    func lookAtArenas() {
        let wall = clock.wallMilliseconds
        let every = limits.arenaEverySeconds * 1000
        if every > 0 {
            let next = (wall / every + 1) * every
            // Without an id yet (a shared store's), at a later look.
            if !arenas.values.contains(where: { $0.settings.startsAt == next }) { scheduleArena(limits.scheduledArena, startsAt: next) }
        }
        var members: [String: Session] = [:]
        for id in sessions.sortedIDs {
            guard let session = sessions[id], session.arenaID != nil, let nickname = session.nickname else { continue }
            members[Names.nicknameKey(nickname)] = session
        }
        for id in arenas.keys.sorted() where !closedArenas.contains(id) {
            guard var arena = arenas[id] else { continue }
            guard !arena.isOver(at: wall) else {
                closeArena(arena, members: sessions.sortedIDs.compactMap { sessions[$0] }.filter { $0.follows(arena: id) })
                continue
            }
            let groups = arena.pairings(at: wall) { nickname in
                guard let session = members[Names.nicknameKey(nickname)] else { return false }
                return session.arenaID == id && isInLobby(session) && session.awaitedAnswer == nil && session.shardMove == nil
            }
            for group in groups {
                let race = nextArenaRace
                nextArenaRace += 1
                let berserk = arena.startRace(race, of: group)
                let racers = group.compactMap { members[Names.nicknameKey($0)] }
                let options = RoomOptions(
                    size: arena.settings.size, target: arena.settings.target, timeLimit: arena.settings.raceLimitSeconds,
                    isRated: arena.settings.isRated)
                makeQuickRoom(of: racers, options: options, arena: (id, race, berserk))
            }
            arenas[id] = arena
        }
        if every > 0 || arenas.keys.contains(where: { !closedArenas.contains($0) }) {
            timers.schedule(.arenas, at: now + limits.arenaPairingMilliseconds)
        }
    }

    /// `ARENA-END` with the podium to its players, who are then in no arena.
    private func closeArena(_ arena: Arena, members: [Session]) {
        closedArenas.insert(arena.id)
        defer { keepArenas() }
        let standings = arena.standings
        let podium = standings.filter { !$0.sheet.isEmpty }.prefix(3).map(\.nickname)
        let end = OutgoingLines(.event(.arenaEnd(arena: arena.id, players: standings.count, podium: podium)))
        for session in members {
            session.arenaID = nil
            session.watchedArena = nil
            send(session.id, end)
        }
        let summary = standings.prefix(10).enumerated().map { "\($0.offset + 1). \($0.element.nickname) \($0.element.points)" }
        log(
            .info, "arena.ended", [.init("arena", arena.id), .init("standings", summary.joined(separator: ", "))],
            message: "arena \(arena.id) is over: \(summary.joined(separator: ", "))")
        while closedArenas.count > ServerCore.keptClosedArenas, let oldest = closedArenas.min() {
            closedArenas.remove(oldest)
            arenas[oldest] = nil
        }
    }

    // MARK: Races

    /// Scores a finished arena race by its rating places (equal scores draw)
    /// and sends `SCORED` to the arena's players. `isFair`: false when a racer played as no person does
    /// (docs/fair-play.md): then it scores nothing, and its racers are free again all the same.
    func scoreArenaRace(in room: Room, race: Race, ranked: [Standings.Finisher], isFair: Bool) {
        guard let tag = room.arena, var arena = arenas[tag.id] else { return }
        let placings = zip(ranked, ServerCore.ratingPlaces(of: ranked)).map { Arena.Placing(nickname: $0.nickname, place: $1) }
        let changed = arena.score(
            race: tag.race, placings: placings, berserk: tag.berserk, at: clock.wallMilliseconds, counts: isFair)
        arenas[tag.id] = arena
        keepArenas()
        guard !changed.isEmpty else {
            return log(
                .info, "arena.unscored", [.init("arena", tag.id), .init("race", race.id)],
                message: "race \(race.id) of arena \(tag.id) scores nothing (over after the arena's end, or unfair)")
        }
        let standings = arena.standings
        var lines = OutgoingLines()
        var summary: [String] = []
        for nickname in changed {
            guard let rank = standings.firstIndex(where: { $0.nickname == nickname }) else { continue }
            let line = standing(of: standings[rank], rank: rank + 1, in: arena)
            lines.append(.event(.scored(line)))
            summary.append("\(nickname) \(line.points) (\(line.sheet))")
        }
        for id in sessions.sortedIDs where sessions[id]?.follows(arena: tag.id) == true { send(id, lines) }
        log(
            .info, "arena.scored", [.init("arena", tag.id), .init("race", race.id), .init("points", summary.joined(separator: ", "))],
            message: "race \(race.id) of arena \(tag.id) scored: \(summary.joined(separator: ", "))")
    }

    /// Once its results are out, an arena race's room lets its players go
    /// (each gets its own `LEFT`): free for the next pairing. Anyone else who
    /// joined the room (it is listed like any) stays, in a room that is no
    /// arena's any more.
    func backToArena(from room: Room) {
        guard let tag = room.arena, room.race == nil else { return }
        room.arena = nil
        arenas[tag.id]?.free(race: tag.race, at: clock.wallMilliseconds)
        for id in room.players {
            guard let session = sessions[id], let nickname = session.nickname, arenas[tag.id]?.player(nickname) != nil else { continue }
            send(id, .event(.left(room: room.name, nickname: nickname)))
            leaveRoom(session)
        }
    }

    /// Who leaves an arena race's room before the start is free in the arena
    /// at once; a room left with one racer is given up, and its racer goes
    /// back to the arena too (nothing is scored).
    func leftArenaRoom(_ session: Session, _ room: Room) {
        guard room.race == nil, let tag = room.arena, let nickname = session.nickname else { return }
        arenas[tag.id]?.free(race: tag.race, at: clock.wallMilliseconds, nickname: nickname)
        if room.players.count < 2 {
            cancelCountdown(in: room, reason: .left)
            backToArena(from: room)
        }
        keepArenas()
    }

    /// Berserk racers still racing at half the race's limit finish on time.
    func endBerserkClocks(in room: Room) {
        guard let race = room.race, let berserk = room.arena?.berserk else { return }
        for racer in race.racers where racer.isRacing && berserk.contains(racer.nickname) {
            finish(racer, of: race, in: room, reason: .time)
        }
        endRaceIfOver(in: room)
    }

    // MARK: Kept

    /// After every change: the snapshot goes to the data directory (or the
    /// Redis store), and a copy to the registry.
    func keepArenas() {
        guard shard == ServerCore.arenaShard else { return }
        registry.withState { [arenas] in $0.arenas = arenas }
        let snapshot = Arena.Snapshot(arenas: arenas.keys.sorted().compactMap { arenas[$0] }, closed: closedArenas, nextRace: nextArenaRace)
        guard let data = try? JSONEncoder().encode(snapshot) else { return }
        outbox.append(.keepArenas([UInt8](data)))
    }

    /// At the start, before any connection: the kept arenas go on (their
    /// races under way were lost and score nothing; players join again with
    /// `ARENA`). Returns what to log.
    func restoreArenas(_ bytes: [UInt8]) -> String {
        guard let snapshot = try? JSONDecoder().decode(Arena.Snapshot.self, from: Data(bytes)) else {
            return "error: the kept arenas are not a snapshot of arenas; starting without them"
        }
        let wall = clock.wallMilliseconds
        for var arena in snapshot.arenas {
            arena.forgetRaces(at: wall)
            arenas[arena.id] = arena
        }
        closedArenas = snapshot.closed
        nextArenaRace = snapshot.nextRace
        registry.withState { [arenas] in $0.arenas = arenas }
        lookAtArenasSoon()
        let summary = snapshot.arenas.filter { !closedArenas.contains($0.id) }.map { "\($0.id) (\($0.players.count) players)" }
        return "arenas restored: \(snapshot.arenas.count), open: \(summary.isEmpty ? "none" : summary.joined(separator: ", "))"
    }

    // MARK: Shown

    func info(of arena: Arena) -> ArenaInfo {
        let wall = clock.wallMilliseconds
        let settings = arena.settings
        let state: ArenaInfo.State = arena.isOver(at: wall) ? .over : arena.isStarted(at: wall) ? .running : .upcoming
        return ArenaInfo(
            id: arena.id, state: state,
            settings: ArenaSettings(
                length: settings.lengthMilliseconds / 1000, size: settings.size, target: settings.target,
                raceLimit: settings.raceLimitSeconds, isRated: settings.isRated, raceSize: settings.raceSize),
            startsIn: max(0, settings.startsAt - wall + 999) / 1000, endsIn: max(0, settings.endsAt - wall + 999) / 1000,
            players: arena.players.count)
    }

    func standing(of player: Arena.Player, rank: Int, in arena: Arena) -> ArenaStanding {
        ArenaStanding(
            arena: arena.id, rank: rank, nickname: player.nickname, points: player.points, streak: player.streak,
            races: player.sheet.count, performance: player.performance, sheet: player.sheet.map { String($0.points) }.joined(),
            hasLeft: player.hasLeft)
    }
}
