import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

/// The server's logic as a state machine with no sockets: inputs in
/// (`handle(_:)`), actions out, so it is tested by feeding it inputs.
///
/// One core per shard; what shards share is in `Registry`. A session moving
/// to another shard carries its pending request so replies stay in order.
///
/// Owned by one serial queue (its shard's): every call must come from it.
package final class ServerCore {
    enum TimerKey: Hashable {
        case sweep
        case countdown(String)
        case timeLimit(String)
        case progress(String)
        case resumeExpiry(ConnectionID)
        case directory
        /// Re-read so bans by servers sharing the store apply here too.
        case bans
        case matchQueue
        case arenas
        /// An arena race's berserk racers run out of time.
        case berserkLimit(String)
    }

    let limits: ServerLimits
    let clock: any ServerClock
    let random: RandomSource
    /// Where resume secrets come from (apart from `random`, so a secret per
    /// connection shifts no seed; the simulator seeds it too).
    let secrets: RandomSource
    var awaitedAnswers: [Int: AwaitedAnswer] = [:]
    var awaitedRatings: [Int: AwaitedRatings] = [:]
    var nextLeaderboardRequestID = 1
    let serverName: String
    let logLevel: ServerLog.Level
    /// Nil: operator requests are off.
    let operatorSecret: String?
    /// Nil: never (only one shard reads them).
    var banRefreshMilliseconds: Int?
    /// The question's id and the registry's `bansVersion` when it was asked.
    var banRefreshQuestion: (id: Int, bansVersion: Int)?
    /// The registry's `bansVersion` this core last closed banned sessions for.
    var bansVersion = 0
    let registry: Registry

    /// By the id they started on, away ones included.
    var sessions = IntegerTable<Session>()
    /// Only resumed connections; others carry the session with their own id.
    var resumedConnections = IntegerTable<ConnectionID>()
    /// 0 hosts `daily`.
    let shard: Int
    /// The id of the next race this shard starts: shard `k` of `n` numbers
    /// its races `k + 1`, `k + 1 + n`, ..., so ids are unique on the server.
    var nextRaceID: Int
    /// Until their connection is handed over (`release`).
    var departing: [ConnectionID: Session] = [:]
    var rooms: [String: Room] = [:]
    /// The lobby's last lines, as this shard delivered them (every shard keeps
    /// its copy, in the order its lobby heard them). Memory only.
    var lobbyChat: [ChatLine] = []
    /// Nil: no directory.
    var directoryMilliseconds: Int?
    var timers = TimerQueue<TimerKey>()
    var isShuttingDown = false
    /// Monotonic ms.
    private(set) var now: Int
    var outbox: [ServerAction] = []
    /// Monotonic ms, for `INFO`'s uptime.
    let startedAt: Int
    let storeKind: ServerInfo.Store
    /// Moves applied in the second `pendingMovesSecond`, not yet added to the registry's rate.
    var pendingMoves = 0
    var pendingMovesSecond = 0
    /// Only shard 0's is used.
    var matchQueue = MatchQueue()
    /// Numbered like races, so quick rooms made on different shards never share a name.
    var nextQuickRoom: Int
    /// Only the arenas' shard's (shard 0) are used: by id, those over kept for `STANDINGS`.
    var arenas: [Int: Arena] = [:]
    /// Whose end was announced (`ARENA-END`).
    var closedArenas: Set<Int> = []
    /// Numbers arena races (a room's `arena.race`).
    var nextArenaRace = 1
    /// Arena ids drawn from a shared Redis store (`drawsArenaIDs`).
    var arenaIDPool: [Int] = []

    /// A core; `shard` places it among the shards sharing `registry` (by
    /// default it is the only one).
    package init(
        limits: ServerLimits, clock: any ServerClock, random: RandomSource, secrets: RandomSource = .system, serverName: String,
        logLevel: ServerLog.Level, registry: Registry = Registry(), shard: Int = 0, storeKind: ServerInfo.Store = .memory,
        operatorSecret: String? = nil
    ) {
        self.operatorSecret = operatorSecret
        self.limits = limits
        self.clock = clock
        self.random = random
        self.secrets = secrets
        self.serverName = serverName
        self.logLevel = logLevel
        self.registry = registry
        self.shard = shard
        self.nextRaceID = shard + 1
        self.nextQuickRoom = shard + 1
        self.now = clock.monotonicMilliseconds
        self.startedAt = now
        self.storeKind = storeKind
        if shard == 0 {
            // The registry lists it from the start.
            let daily = Room.daily()
            rooms[daily.key] = daily
            if limits.arenaEverySeconds > 0 { timers.schedule(.arenas, at: now) }
        }
        timers.schedule(.sweep, at: now + limits.sweepMilliseconds)
    }

    var shardCount: Int { registry.shardCount }

    package func handle(_ input: ServerInput) -> [ServerAction] {
        var actions: [ServerAction] = []
        handle(input, into: &actions)
        return actions
    }

    /// `handle(_:)` into a caller's list, reusing its storage so a steady
    /// flow of inputs allocates no list.
    package func handle(_ input: ServerInput, into actions: inout [ServerAction]) {
        // The actions gather in `outbox` and change places with `actions` at the end.
        actions.removeAll(keepingCapacity: true)
        defer { swap(&outbox, &actions) }
        now = clock.monotonicMilliseconds
        switch input {
        case .connected(let id, let peer): connect(id, peer: peer)
        case .received(let id, let bytes): bytes.withUnsafeBytes { receive(id, $0) }
        case .inputTurn(let id):
            if let session = session(on: id), !session.isClosing, session.inputFlow == .turn { runInput(of: session) }
        case .disconnected(let id, let reason):
            if let session = session(on: id) { dropped(session, reason: reason) }
        case .answered(let id, let answer): answered(id, answer)
        case .remoteRooms(let descriptions, let nicknames): remoteRoomsArrived(descriptions, nicknames: nicknames)
        case .remoteArenas(let arenas, let ids): remoteArenasArrived(arenas, ids: ids)
        case .tick: fireTimers()
        case .shutdown: shutdown()
        case .lobbyChat(let line): sayInLobby(line)
        }
    }

    /// For bytes lent by a read: the framer copies them, no array is made.
    package func handle(received bytes: UnsafeRawBufferPointer, on id: ConnectionID, into actions: inout [ServerAction]) {
        actions.removeAll(keepingCapacity: true)
        defer { swap(&outbox, &actions) }
        now = clock.monotonicMilliseconds
        receive(id, bytes)
    }

    package var nextDeadline: Int? { timers.nextDeadline() }

    /// Whether the shard reads nothing of the connection now (its replies
    /// wait, or its input is held): what the client sends meanwhile comes at
    /// once, and is not counted as a flood (protocol.md section 4).
    func readingHeld(_ held: Bool, on id: ConnectionID) {
        session(on: id)?.gate.holdReading(held, now: clock.monotonicMilliseconds)
    }

    /// Takes in a session from another shard (`takeIn(_:)`).
    func arrive(_ session: Session) -> [ServerAction] {
        now = clock.monotonicMilliseconds
        defer { outbox.removeAll(keepingCapacity: true) }
        takeIn(session)
        return outbox
    }

    /// Takes in a quick race's group from shard 0 (`takeInMatched(_:lost:)`).
    func arriveMatched(_ group: [Session], lost: Set<ConnectionID>) -> [ServerAction] {
        now = clock.monotonicMilliseconds
        defer { outbox.removeAll(keepingCapacity: true) }
        takeInMatched(group, lost: lost)
        return outbox
    }

    // MARK: Connections

    private func receive(_ id: ConnectionID, _ bytes: UnsafeRawBufferPointer) {
        guard let session = session(on: id), !session.isClosing else { return }
        session.framer.append(bytes)
        // Held or waiting for its turn: the bytes wait with the rest.
        guard session.inputFlow == .read else { return }
        runInput(of: session)
    }

    /// A partial line is not activity; its first byte starts its deadline.
    func runInput(of session: Session) {
        handleBufferedLines(of: session)
        if session.inputFlow != .read || session.framer.bufferedByteCount == 0 {
            session.partialLineSince = nil
        } else if session.partialLineSince == nil {
            session.partialLineSince = now
        }
    }

    /// Runs buffered lines until none is left, the session closes or moves,
    /// waits for the leaderboard, or its turn's work is spent.
    func handleBufferedLines(of session: Session) {
        session.gate.beginTurn()
        runCarriedRequest(of: session)
        while !session.isClosing, session.awaitedAnswer == nil, session.shardMove == nil {
            guard !session.gate.isTurnOver else { return setInputFlow(.turn, of: session) }
            let verdict: RequestGate.Verdict
            if logLevel < .debug, let move = session.framer.nextPlainMove() {
                // The most common line, read in place without making a `String`.
                noteHeard(session)
                verdict = session.gate.check(plainMove: move, now: now, meets: { meets($0, session) })
            } else {
                let line: String?
                do throws(ProtocolError) {
                    line = try session.framer.nextLine()
                } catch {
                    carryOut(session.gate.check(unreadable: error, now: now), from: session)
                    continue
                }
                guard let line else { return setInputFlow(.read, of: session) }
                noteHeard(session)
                verdict = session.gate.check(
                    line, now: now, listedItems: { registry.withState { $0.knownRoomCount } }, meets: { meets($0, session) })
                if logLevel >= .debug, verdict.isAdmitted {
                    let shown = ServerCore.loggable(line, verdict)
                    log(
                        .debug, "request",
                        [.init("connection", session.id.number)] + LogEntry.Field.nick(session.nickname) + [.init("line", shown)],
                        message: "\(session.id) \(session.logName): \(shown)")
                }
            }
            carryOut(verdict, from: session)
        }
        if case .carrying = session.shardMove { return }
        if !session.isClosing { setInputFlow(.hold, of: session) }
    }

    private func noteHeard(_ session: Session) {
        session.lastHeardAt = now
        session.isPinged = false
        session.partialLineSince = nil
    }

    /// Chat lines and `AUTH` secrets are never shown.
    static func loggable(_ line: String, _ verdict: RequestGate.Verdict) -> String {
        guard case .run(.say(let text), _) = verdict else {
            let verb = line.split(separator: " ").first?.uppercased()
            if verb == RequestVerb.say.rawValue { return "SAY (refused; not logged)" }
            if verb == RequestVerb.auth.rawValue { return "AUTH (secret not logged)" }
            return TextFilter.quoted(line)
        }
        return "SAY (\(text.unicodeScalars.count) characters; chat is not logged)"
    }

    func setInputFlow(_ flow: InputFlow, of session: Session) {
        guard flow != session.inputFlow || flow == .turn else { return }
        session.inputFlow = flow
        if let connection = session.connection { outbox.append(.input(connection, flow)) }
    }

    private func carryOut(_ verdict: RequestGate.Verdict, from session: Session) {
        switch verdict {
        case .ignore:
            break
        case .run(let request, let cost):
            run(request, cost: cost, from: session)
        case .answer(let error), .flood(let error):
            send(session.id, .error(error))
        case .close(let error, let bye, let reason):
            send(session.id, .error(error))
            close(session, bye: bye, reason: reason)
        }
    }

    /// Then the session departs if sent elsewhere, or closes if its reply
    /// ends with `BYE`.
    func run(_ request: ClientMessage, cost: Int, from session: Session) {
        do throws(ProtocolError) {
            try dispatch(request, from: session)
        } catch {
            send(session.id, .error(error))
        }
        if departIfSent(session, carrying: request, cost: cost) { return }
        if let bye = session.byeAfterReply, !session.isClosing {
            close(session, bye: bye, reason: bye)
        }
    }

    private func meets(_ requirement: Requirement, _ session: Session) -> Bool {
        switch requirement {
        case .notGreeted: !session.isGreeted
        case .greeted: session.isGreeted
        case .named: session.nickname != nil
        case .outsideRooms: session.roomKey == nil
        case .notPracticing: !session.isPracticing
        case .member: session.roomKey != nil
        case .player: session.roomKey != nil && session.role == .player
        case .roomNotRacing: room(of: session)?.race == nil
        case .practicing: session.isPracticing
        case .racing: activeGame(of: session) != nil
        case .operator: session.isOperator
        }
    }

    func close(_ session: Session, bye: String, reason: String) {
        let connection = session.connection
        send(session.id, .event(.bye(bye)))
        remove(session, reason: reason)
        if let connection { outbox.append(.close(connection)) }
    }

    /// A racer finishes as `left`.
    func remove(_ session: Session, reason: String) {
        guard sessions[session.id] != nil else { return }
        session.isClosing = true
        matchQueue.remove(session.id)
        quitArena(session)
        if session.roomKey != nil { leaveRoom(session) }
        session.practice = nil
        registry.withState { registry in
            registry.release(session.id, nicknameKey: session.nickname.map(Names.nicknameKey), secret: session.resumeSecret)
            if session.isGreeted { registry.greetedCount -= 1 }
        }
        sessions[session.id] = nil
        timers.cancel(.resumeExpiry(session.id))
        if let connection = session.connection { connectionGone(connection, from: session.countedAddress) }
        log(
            .info, "connection.closed",
            [.init("connection", session.id.number), .init("peer", session.peer)] + LogEntry.Field.nick(session.nickname)
                + [.init("reason", reason)],
            message: "\(session.id) \(session.peer) \(session.logName) closed: \(reason)")
    }

    func connectionGone(_ connection: ConnectionID, from address: String?) {
        resumedConnections[connection] = nil
        guard let address else { return }
        registry.withState { registry in
            let remaining = registry.connectionsByAddress[address, default: 1] - 1
            registry.connectionsByAddress[address] = remaining > 0 ? remaining : nil
        }
    }

    private func shutdown() {
        isShuttingDown = true
        // `RaceServer` logs the goodbyes once, counted over every shard.
        for id in sessions.sortedIDs {
            guard let connection = sessions[id]?.connection else { continue }
            send(id, .event(.bye("server shutting down")))
            outbox.append(.close(connection))
        }
        sessions = IntegerTable()
        resumedConnections = IntegerTable()
        departing.removeAll()
        // Every shard shuts down; the shared state is dropped once for all.
        registry.withState { $0 = ServerRegistry(shardCount: $0.shardCount) }
        for room in rooms.values {
            room.players.removeAll()
            room.watchers.removeAll()
            room.race = nil
        }
    }

    // MARK: Timers

    private func fireTimers() {
        for key in timers.popDue(now: now) {
            switch key {
            case .sweep:
                addPendingMoves()
                sweep()
                timers.schedule(.sweep, at: now + limits.sweepMilliseconds)
            case .countdown(let roomKey):
                if let room = rooms[roomKey], room.countdownEndsAt != nil { startRace(in: room) }
            case .timeLimit(let roomKey):
                if let room = rooms[roomKey] { endRaceAtTimeLimit(in: room) }
            case .progress(let roomKey):
                if let room = rooms[roomKey] { sendPendingProgress(in: room) }
            case .directory:
                publishRooms()
            case .bans:
                refreshBans()
            case .matchQueue:
                lookAtQueue()
            case .arenas:
                lookAtArenas()
            case .berserkLimit(let roomKey):
                if let room = rooms[roomKey] { endBerserkClocks(in: room) }
            case .resumeExpiry(let id):
                if let session = sessions[id], session.isAway {
                    remove(session, reason: "did not come back within \(limits.resumeGraceMilliseconds / 1000) s")
                }
            }
        }
    }

    private func sweep() {
        let now = now
        registry.withState { $0.guessesByAddress = $0.guessesByAddress.filter { !$0.value.isForgettable(now: now) } }
        for id in sessions.sortedIDs {
            guard let session = sessions[id], !session.isAway else { continue }
            let silence = now - session.lastHeardAt
            if !session.isGreeted, now - session.connectedAt >= limits.helloMilliseconds {
                close(session, bye: "no HELLO in time", reason: "no HELLO within \(limits.helloMilliseconds / 1000) s")
            } else if let since = session.partialLineSince, now - since >= limits.lineMilliseconds {
                close(session, bye: "line not finished in time", reason: "a line unfinished for \(limits.lineMilliseconds / 1000) s")
            } else if silence >= limits.idleMilliseconds {
                // Silence is what a dead network looks like: the seat is held.
                send(id, .event(.bye("idle")))
                if let connection = session.connection { outbox.append(.close(connection)) }
                dropped(session, reason: "idle for \(silence / 1000) s")
            } else if silence >= limits.pingMilliseconds, !session.isPinged {
                session.isPinged = true
                send(id, .event(.ping(nil)))
            }
        }
        carryOutModeration()
    }

    // MARK: Output

    /// Dropped while the session is away (as for all `send`s).
    func send(_ id: ConnectionID, _ message: ServerMessage) {
        send(id, OutgoingLines(message))
    }

    func send(_ id: ConnectionID, lines: [String]) {
        send(id, OutgoingLines(lines: lines))
    }

    func send(_ id: ConnectionID, _ lines: OutgoingLines) {
        guard let connection = connection(of: id) else { return }
        outbox.append(.send(connection, lines))
    }

    func sendSoon(_ id: ConnectionID, _ lines: OutgoingLines) {
        guard limits.progressWaitMilliseconds > 0 else { return send(id, lines) }
        guard let connection = connection(of: id) else { return }
        outbox.append(.sendSoon(connection, lines))
    }

    /// For an id that is no session (a refused connection), the id itself.
    private func connection(of id: ConnectionID) -> ConnectionID? {
        guard let session = sessions[id] else { return id }
        return session.connection
    }

    func session(on connection: ConnectionID) -> Session? {
        guard let session = sessions[resumedConnections[connection] ?? connection], session.connection == connection else {
            return nil
        }
        return session
    }

    func reply(_ session: Session, _ reply: OkReply) {
        send(session.id, .ok(reply))
    }

    func broadcast(_ event: ServerEvent, in room: Room, except excluded: ConnectionID? = nil) {
        // One copy of the bytes for every member (shared, not copied): a PROGRESS goes to the whole room.
        let lines = OutgoingLines(.event(event))
        for id in room.players where id != excluded { send(id, lines) }
        for id in room.watchers where id != excluded { send(id, lines) }
    }

    func log(_ level: ServerLog.Level, _ entry: @autoclosure () -> LogEntry) {
        guard level <= logLevel else { return }
        outbox.append(.log(level, entry()))
    }

    func log(_ level: ServerLog.Level, _ message: @autoclosure () -> String) {
        log(level, LogEntry(message: message()))
    }

    func log(
        _ level: ServerLog.Level, _ event: String, _ fields: @autoclosure () -> [LogEntry.Field], message: @autoclosure () -> String
    ) {
        log(level, LogEntry(event, fields(), message: message()))
    }

    // MARK: Lookups

    /// Cached on the session: every move looks its room up, and a look-up
    /// hashes the name.
    func room(of session: Session) -> Room? {
        guard let key = session.roomKey else { return nil }
        if let found = session.foundRoom { return found }
        session.foundRoom = rooms[key]
        return session.foundRoom
    }

    enum ActiveGame {
        case practice
        case race(Room, Race, Race.Racer)
    }

    func activeGame(of session: Session) -> ActiveGame? {
        if session.isPracticing { return .practice }
        guard let room = room(of: session), let race = room.race, let racer = race.racer(session.id), racer.isRacing else {
            return nil
        }
        return .race(room, race, racer)
    }

    var today: String { UTCTime.date(epochMilliseconds: clock.wallMilliseconds) }
}
