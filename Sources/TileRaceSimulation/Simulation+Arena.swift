import TileRaceClient
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer

/// Arenas (protocol.md 5.9), with `SimulationSettings.arenas`: the operator creates short
/// arenas on the first server now and then, and a few `SimulatedRacer`s join, berserk,
/// read standings, leave and rejoin, drop and resume, and race what they are paired into,
/// all drawing from their own stream. Checked (`ArenaAudit`, from the lines the server
/// sends them): every `SCORED` and `STANDING` shows the points the rules give the races'
/// `RESULT` lines, races ended after the arena's end score nothing, standings once frozen
/// never change, nobody is matched while racing; and every two free players of a running
/// arena are paired within a look (2 s).
extension Simulation {
    /// Where the arenas are: the operator creates them there and the racers go there.
    static let arenaServer = 0
    /// How long a free player may wait while another is free: one look (`Arena.pairingMilliseconds`), and the
    /// least the simulated clock may add (a tick is taken at its deadline).
    static let arenaPairingBound = 2000 + 50

    func startArenas() {
        guard settings.arenas else { return }
        for index in 0..<arenaRandom.int(in: 2...5) {
            racers.append(SimulatedRacer(index: index))
            queue.schedule(.racerAct(index), at: now + arenaRandom.int(in: 200...3000))
        }
        queue.schedule(.arenaSchedule, at: now + arenaRandom.int(in: 500...4000))
        queue.schedule(.arenaCheck, at: now + 250)
    }

    var arenaAuditKey: String { "\(Simulation.arenaServer)/\(servers[Simulation.arenaServer].generation)" }

    // MARK: The operator

    /// `ARENA-CREATE` of a short arena: 15 to 45 s, starting within 3 s, races of 2 to 4, some with a time limit.
    func createArena() {
        guard !isDraining else { return }
        queue.schedule(.arenaSchedule, at: now + arenaRandom.int(in: 5000...15_000))
        let index = Simulation.arenaServer
        guard servers[index].isRunning else { return }
        let settings = ArenaSettings(
            startsIn: arenaRandom.int(in: 0...3), length: arenaRandom.int(in: 15...45), size: arenaRandom.pick([(3, 4), (1, 3)]),
            target: arenaRandom.pick([(2, 16), (2, 32), (1, 64), (1, 2048)]),
            raceLimit: arenaRandom.pick([(2, 0), (3, arenaRandom.int(in: 10...20))]),
            raceSize: arenaRandom.int(in: 2...4))
        sendAsOperator([ClientMessage.arenaCreate(settings).line], on: index)
    }

    // MARK: Racers

    /// One thing a racer does: connect, move, resign, or (free) list, join, berserk, read standings, leave, drop, quit.
    func racerAct(_ index: Int) {
        let racer = racers[index]
        let isRacing = racer.game != nil || racer.mustResign
        queue.schedule(.racerAct(index), at: now + (isRacing ? arenaRandom.int(in: 40...150) : arenaRandom.int(in: 300...2500)))
        guard let id = racer.connection else {
            guard !racer.isConnecting else { return }
            racer.isConnecting = true
            racer.connectAttempt += 1
            let server = servers[Simulation.arenaServer]
            connect(.racer(index), to: ServerEndpoint(host: server.host, port: 2048), attempt: racer.connectAttempt)
            return
        }
        guard racer.isGreeted else { return }
        if racer.mustResign {
            racer.mustResign = false
            racer.game = nil
            return racerSend(index, [.resign])
        }
        if racer.game != nil { return racerMoves(index) }
        guard !isDraining else { return }
        guard let arena = racer.arena else { return racerSend(index, [.arenas]) }
        switch arenaRandom.pick([(10, "berserk"), (12, "standings"), (4, "leave"), (3, "drop"), (2, "quit"), (69, "wait")]) {
        case "berserk": racerSend(index, [.berserk])
        case "standings": racerSend(index, [.standings(arena: arena, limit: 100)])
        case "leave": racerSend(index, [.arenaLeave])
        case "quit":
            racer.session = nil
            racerSend(index, [.quit])
        case "drop":
            note(racer.name, "drops its connection")
            cut(id)
        default: break
        }
    }

    /// One random legal move at a time; after its planned moves, `RESIGN`.
    private func racerMoves(_ index: Int) {
        let racer = racers[index]
        guard var game = racer.game, !racer.isMoveInFlight, !game.isOver, !game.hasWon else { return }
        guard racer.movesLeft > 0 else {
            racer.game = nil
            return racerSend(index, [.resign])
        }
        let directions = Direction.allCases.filter { game.board.sliding($0) != nil }
        guard !directions.isEmpty else { return }
        let direction = arenaRandom.element(of: directions)
        guard (try? game.move(direction)) != nil else { return }
        racer.game = game
        racer.sequence += 1
        racer.movesLeft -= 1
        racer.isMoveInFlight = true
        racerSend(index, [.move(seq: racer.sequence, entries: [.move(direction)])])
    }

    private func racerSend(_ index: Int, _ messages: [ClientMessage]) {
        let racer = racers[index]
        guard let id = racer.connection, var conversation = racer.conversation, conversation.isGreeted else { return }
        let lines = conversation.lines(for: messages, now: now)
        racer.conversation = conversation
        for line in lines { monitor.clientSent(line, by: racer.name, simulation: self) }
        transmit(id, lines, to: .server)
    }

    func racerReceived(_ index: Int, _ bytes: [UInt8]) {
        let racer = racers[index]
        guard var conversation = racer.conversation else { return }
        let outputs = conversation.received(bytes)
        racer.conversation = conversation
        for output in outputs {
            guard racer.conversation != nil else { return }
            switch output {
            case .greeted:
                racerSend(index, [.hello(nickname: racer.nickname, resume: racer.session)])
            case .reply(let request, let result, let items):
                racerReply(index, request, result, items: items)
            case .event(let event):
                racerEvent(index, event)
            case .send(let message):
                racerSend(index, [message])
            case .fail(let reason):
                if let id = racer.connection { closeFromClient(id) }
                racerClosed(index, reason)
            case .skippedEvent, .unreadable:
                break
            }
        }
    }

    private func racerReply(_ index: Int, _ request: ClientMessage, _ result: Result<OkReply, ProtocolError>, items: [ServerMessage]) {
        let racer = racers[index]
        switch result {
        case .success(.hello(_, let session, let isResumed, let room)):
            racer.session = session
            racer.isGreeted = true
            if !isResumed { racer.arena = nil }
            // Its copy of a race under way may miss moves lost with the connection: it gives up the race.
            if isResumed, racer.game != nil || room?.state == .racing { racer.mustResign = true }
            racer.game = nil
        case .success(.arenas):
            let open = items.compactMap { item -> Int? in
                guard case .arena(let info) = item, info.state != .over else { return nil }
                return info.id
            }
            if !open.isEmpty, arenaRandom.chance(0.8) { racerSend(index, [.arena(id: arenaRandom.element(of: open))]) }
        case .success(.arena(let info)):
            racer.arena = info.id
        case .success(.arenaLeave):
            racer.arena = nil
        case .success(.move):
            racer.isMoveInFlight = false
        case .failure(let error) where request.verb == .move:
            racer.isMoveInFlight = false
            racer.mustResign = racer.game != nil && error.code != .notRacing
            racer.game = nil
        case .failure where request.verb == .hello:
            // Its nickname is held by its earlier session, not resumed: it tries again later, afresh.
            racer.session = nil
            if let id = racer.connection { closeFromClient(id) }
            racerClosed(index, "HELLO refused")
        default:
            break
        }
    }

    private func racerEvent(_ index: Int, _ event: ServerEvent) {
        let racer = racers[index]
        switch event {
        case .start(let start):
            guard start.players.contains(where: { Nickname($0) == Nickname(racer.nickname) }) else { return }
            guard start.elapsedMilliseconds == nil, let game = try? start.makeGame() else {
                racer.mustResign = true
                return
            }
            racer.game = game
            racer.sequence = 0
            racer.isMoveInFlight = false
            racer.movesLeft = arenaRandom.int(in: 5...60)
        case .finish(let finish) where Nickname(finish.nickname) == Nickname(racer.nickname):
            racer.game = nil
        case .end:
            racer.game = nil
            racer.mustResign = false
        case .arenaEnd(let arena, _, _) where arena == racer.arena:
            racer.arena = nil
        default:
            break
        }
    }

    func racerClosed(_ index: Int, _ reason: String) {
        let racer = racers[index]
        note(racer.name, "closed: \(reason)")
        racer.connection = nil
        racer.conversation = nil
        racer.isConnecting = false
        racer.isGreeted = false
        racer.isMoveInFlight = false
    }

    // MARK: Checks

    /// What the server sends a racer goes to the audit of its generation.
    func arenaSent(_ lines: [String], on connection: SimulatedConnection) {
        guard case .racer(let index) = connection.party else { return }
        let key = "\(connection.server)/\(connection.generation)"
        for line in lines where ArenaAudit.verbs.contains(where: line.hasPrefix) {
            guard let message = try? ServerMessage.parse(line) else { continue }
            do {
                try arenaAudits[key, default: ArenaAudit()].sent(message, to: racers[index].nickname, wall: clock.wallMilliseconds)
            } catch {
                fail(error.invariant, error.details)
            }
        }
    }

    /// "Every free player is paired within the bound": in each running arena, no two players
    /// free (joined, not racing, connected as the server sees it) for longer than a look.
    func checkArenaPairing() {
        queue.schedule(.arenaCheck, at: now + 250)
        let server = servers[Simulation.arenaServer]
        guard server.isRunning, let audit = arenaAudits[arenaAuditKey] else { return }
        let wall = clock.wallMilliseconds
        var free: [Int: [(since: Int, name: String)]] = [:]
        for racer in racers {
            guard racer.isGreeted, let id = racer.connection, let connection = connections[id], connection.server == Simulation.arenaServer,
                connection.generation == server.generation, server.connections[connection.serverID] == id
            else { continue }
            let player = Names.nicknameKey(racer.nickname)
            guard let arena = audit.memberOf[player], !audit.isRacing(player, in: arena), let model = audit.arenas[arena],
                let since = audit.freeSince[player]
            else { continue }
            free[arena, default: []].append((max(since, model.startsAt), racer.name))
        }
        for (arena, players) in free.sorted(by: { $0.key < $1.key }) where players.count >= 2 {
            let waiting = players.sorted { $0.since < $1.since }
            guard let model = audit.arenas[arena], waiting[1].since + Simulation.arenaPairingBound < min(wall, model.endsAt) else {
                continue
            }
            fail(
                "a free arena player is paired within the bound",
                "arena \(arena): \(waiting[0].name) and \(waiting[1].name) free since "
                    + "\(SimulationTrace.format(waiting[0].since - clock.wallMilliseconds + now)) and "
                    + "\(SimulationTrace.format(waiting[1].since - clock.wallMilliseconds + now)), unpaired")
        }
    }
}

extension ArenaAudit {
    /// The lines the audit reads (the rest are not parsed for it).
    static let verbs = [
        "OK HELLO", "OK ARENA ", "OK ARENA-LEAVE", "ARENA-END", "MATCHED", "BERSERK", "START", "LEFT", "RESULT", "END", "SCORED",
        "STANDING",
    ]
}
