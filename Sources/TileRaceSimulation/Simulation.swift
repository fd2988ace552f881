import TileRaceBot
import TileRaceBotClient
import TileRaceClient
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer

/// A deterministic simulation in the manner of FoundationDB's simulator and TigerBeetle's
/// VOPR: real cores, clients and bots over a simulated network and store with faults, all
/// from one seed. Invariants are checked after every step; the first broken stops the run.
/// Not thread-safe: a run belongs to its thread.
package final class Simulation {
    enum Event {
        case arrives(connection: Int, at: End, bytes: [UInt8])
        case closeArrives(connection: Int, at: End, reason: String)
        case stallEnds(connection: Int)
        /// The server's output that waited on a connection is written (`ServerAction.sendSoon`).
        case outputWaitEnds(connection: Int)
        case connectDone(Party, attempt: Int, server: Int, latency: Int)
        case serverTick(Int, generation: Int)
        case serverTurn(Int, generation: Int, ConnectionID)
        /// `primary`: the store's primary that answered; a fail-over loses its answers still on their way.
        case storeAnswer(Int, generation: Int, id: Int, primary: Int, LeaderboardAnswer)
        case remoteRooms(Int, generation: Int)
        case playerTick(Int)
        case playerAct(Int)
        case playerExit(Int)
        case hint(Int, Board, Direction?)
        case botWake(Int)
        case botMove(Int, Direction?, generation: Int)
        case infoProbe
        case fault(Fault)
        /// The server's operator acts (`Simulation+Operator`).
        case moderate
        /// A cheater acts, and the operator reviews held games (`Simulation+Cheats`, `Simulation+Review`).
        case cheaterWake(Int)
        case review
        /// Arenas (`Simulation+Arena`): the operator creates one, a racer acts, the pairing bound is checked.
        case arenaSchedule
        case racerAct(Int)
        case arenaCheck
        case drain
        case finish
    }

    enum StoreMode: String {
        case healthy, slow, failing, down
        /// A fail-over: down for a while, then back with only the changes up to the last acknowledged.
        case failover
    }

    let seed: UInt64
    let settings: SimulationSettings
    let clock = SimulationClock()
    var random: SimulationRandom
    var queue = EventQueue<Event>()
    var trace: SimulationTrace
    var servers: [SimulatedServer] = []
    var players: [SimulatedPlayer] = []
    var bots: [SimulatedBot] = []
    var cheaters: [SimulatedCheater] = []
    var fairPlay = FairPlayRecord()
    var racers: [SimulatedRacer] = []
    /// The arenas' own random stream, and their audits by server and generation (`Simulation+Arena`).
    var arenaRandom: SimulationRandom
    var arenaAudits: [String: ArenaAudit] = [:]
    /// Each `INFO` probe's connection while it is open.
    var probes: [Int?] = []
    /// Lines the servers let wait for a connection's next reply (`ServerAction.sendSoon`).
    var linesThatWaited = 0
    var connections: [Int: SimulatedConnection] = [:]
    var nextConnectionID = 1
    let playerCount: Int
    /// The nicknames claimed before the run, and the ratings stored then.
    let claims: SimulatedClaims
    /// The shared leaderboard store, holding `claims` at the start; a fail-over replaces it.
    var store: FileLeaderboardService
    var storeMode = StoreMode.healthy
    /// Counts the store's fail-overs (`Event.storeAnswer`).
    var storePrimary = 0
    /// The store after each change whose answer is still on its way, by server, generation and request.
    var unacknowledged: [String: (sequence: Int, leaderboard: Leaderboard)] = [:]
    /// The store after the last change acknowledged (its answer delivered): a fail-over comes back to it, as a
    /// replica holds what the primary sent it in order, at least up to the last write that `WAIT` confirmed.
    var acknowledged: (sequence: Int, leaderboard: Leaderboard)
    /// A fail-over drawn while no change was on its way: it strikes at the next change.
    var armedFailover: Int?
    /// Each claim's token once a `SUBMIT`'s answer gave it, by nickname key.
    var acknowledgedClaims: [String: String] = [:]
    /// Each server's last published rooms and when.
    var directory: [Int: (rooms: [RoomDescription], at: Int)] = [:]
    var monitor = WireMonitor()
    /// The operator's own random stream (its draws change no other).
    var operatorRandom: SimulationRandom
    /// Nicknames the operator banned, for the servers' bans to be checked.
    var bannedNicknames: Set<Nickname> = []
    /// Until when each party's own network is down (its connects are refused).
    var outages: [Party: Int] = [:]
    /// Players whose client miscounts the next entry it sends (`Fault.miscount`).
    var pendingMiscounts: Set<Int> = []
    var isDraining = false
    var isFinished = false
    var steps = 0
    var faultCount = 0
    var violation: SimulationViolation?
    /// When the races are next looked at for one that does not end.
    var nextRaceCheckAt = 0
    /// Kept until the answer reaches the server; by server, generation and request.
    var ratingSnapshots: [String: RatingAudit.Snapshot] = [:]
    /// Their results wait for the store's answer; by server, generation and request.
    var ratingsAwaited: [String: Set<String>] = [:]
    /// What each player took from each opponent in rated races (millionths, by nickname keys: winner, then loser),
    /// as the simulator reckons it (`RatingAudit.lostParts`), after each change with the store's last record
    /// number then, so a fail-over goes back with the store.
    var refundLedgers: [(sequence: Int, took: [String: [String: Int]])] = [(0, [:])]
    /// For `checkChat`: each connection's room after the server's last batch.
    var chatMembership: [Int: [ConnectionID: String]] = [:]

    /// The shortest wait between a client's ticks (milliseconds).
    static let shortestTickMilliseconds = 200
    /// How often servers publish their rooms (milliseconds).
    static let directoryMilliseconds = 2000
    /// The longest a race may take before it counts as stuck (milliseconds).
    static let longestRaceMilliseconds = 150_000
    /// Few, so `CREATE`s meet `ERR too-many-rooms` and the limit is checked.
    static let maximumRooms = 1

    init(seed: UInt64, settings: SimulationSettings, trace: SimulationTrace) {
        self.seed = seed
        self.settings = settings
        var random = SimulationRandom(seed: seed)
        playerCount = random.int(in: settings.players)
        self.random = random
        // The claims draw from their own stream, so they change no other draw.
        var claimsRandom = SimulationRandom(seed: seed ^ 0x636c_6169_6d73)
        claims = SimulatedClaims(
            playerCount: playerCount, today: UTCTime.date(epochMilliseconds: SimulationClock.startEpochMilliseconds),
            random: &claimsRandom)
        store = FileLeaderboardService(store: LeaderboardStore.inMemory(claims.leaderboard))
        acknowledged = (claims.leaderboard.lastSequence, claims.leaderboard)
        operatorRandom = SimulationRandom(seed: seed ^ 0x6f70_6572_6174_6f72)
        arenaRandom = SimulationRandom(seed: seed ^ 0x6172_656e_61)
        self.trace = trace
    }

    /// A failing seed runs again, traced, for the report (same seed, same run).
    package static func run(seed: UInt64, settings: SimulationSettings = SimulationSettings(), isTraced: Bool = false)
        -> SimulationReport
    {
        let report = run(seed: seed, settings: settings, trace: SimulationTrace(isOn: isTraced, isFull: isTraced))
        guard report.violation != nil, !isTraced else { return report }
        return run(seed: seed, settings: settings, trace: SimulationTrace(isOn: true, isFull: false))
    }

    private static func run(seed: UInt64, settings: SimulationSettings, trace: SimulationTrace) -> SimulationReport {
        let simulation = Simulation(seed: seed, settings: settings, trace: trace)
        simulation.start()
        simulation.runEvents()
        simulation.store.close()
        let monitor = simulation.monitor
        var report = SimulationReport(
            seed: seed, steps: simulation.steps, racesStarted: monitor.racesStarted, racesEnded: monitor.racesEnded,
            resyncsAnswered: monitor.resyncsAnswered, faults: simulation.faultCount, infoReplies: monitor.infoReplies,
            ghostRacesStarted: monitor.ghostRacesStarted, practicesAskedToDeal: monitor.practicesAskedToDeal,
            quickRacesMatched: monitor.quickRacesMatched, ratedRacesRated: monitor.ratedRacesRated, progressLines: monitor.progressLines,
            createsRefusedFull: monitor.createsRefusedFull, linesThatWaited: simulation.linesThatWaited, reportsMade: monitor.reportsMade,
            gamesHeld: simulation.fairPlay.held, heldApproved: simulation.fairPlay.approvals,
            heldRejected: simulation.fairPlay.rejections, violation: simulation.violation, trace: simulation.trace.lines)
        report.arenaRacesScored = simulation.arenaAudits.values.reduce(0) { $0 + $1.racesScored }
        return report
    }

    var now: Int { clock.now }

    // MARK: The run

    /// The record the simulated players race as a ghost: seed 42, moves and an undo.
    static let ghostRecord = RecordToWatch(
        seed: Seed(42), config: .standard, log: GameLog([.move(.left), .move(.down), .move(.right), .undo, .move(.down), .move(.left)]),
        title: "ghost.txt", expected: nil)

    private func start() {
        for index in 0..<settings.servers {
            servers.append(SimulatedServer(index: index))
            startServer(index)
        }
        for index in 0..<playerCount {
            var options = ClientOptions()
            options.nickname = "p\(index + 1)"
            let token = claims.tokens[index]
            // The client keeps a claim's token in its config, as after the SUBMIT that claimed it.
            var config = ClientConfig()
            if let token { config.tokens["p\(index + 1)"] = token }
            let style: SimulatedPlayer.Style =
                token == nil ? .unclaimed : claims.quickRacers.contains(index) ? .quickRacer : .claimed
            // Most start in one room (the first two always); quick racers start on the menu.
            let startsInRoom = style == .quickRacer ? index < 2 && random.chance(0.5) : index < 2 || random.chance(0.5)
            if startsInRoom { options.room = "sim" }
            // Of the others, some start in a ghost race against a local record (`--ghost-file`).
            if options.room == nil, random.chance(0.5) { options.ghostRecord = Self.ghostRecord }
            // Claimed players start on the first server: one queue per server, so their quick races find each other.
            let server = servers[token == nil ? index % servers.count : 0]
            options.host = server.host
            let (machine, outputs) = ClientMachine.launch(
                options: options, endpoint: ServerEndpoint(host: server.host, port: 2048), seed: random.next(), now: now,
                today: UTCTime.date(epochMilliseconds: clock.wallMilliseconds), config: config)
            players.append(SimulatedPlayer(index: index, machine: machine, nickname: "p\(index + 1)", style: style))
            if token != nil {
                let rating = claims.leaderboard.ratings["p\(index + 1)"].map {
                    "rated \(Int($0.rating.rating)), deviation \(Int($0.rating.deviation)) on day \($0.day)"
                }
                note(players[index].name, "holds its nickname's claim (\(rating ?? "no rating yet")), \(style)")
            }
            perform(outputs, of: index)
            schedulePlayerTick(index)
            queue.schedule(.playerAct(index), at: now + random.int(in: 50...500))
        }
        if settings.injectsFaults { scheduleNextFault() }
        if settings.probesInfo { queue.schedule(.infoProbe, at: random.int(in: 2000...10_000)) }
        if settings.moderates { scheduleNextModeration() }
        if settings.cheats { startCheaters() }
        startArenas()
        queue.schedule(.drain, at: settings.chaosMilliseconds)
        queue.schedule(.finish, at: settings.chaosMilliseconds + settings.drainMilliseconds)
    }

    private func runEvents() {
        while violation == nil, !isFinished, let (time, event) = queue.pop() {
            clock.now = max(clock.now, time)
            steps += 1
            handle(event)
            if violation == nil { checkInvariants() }
        }
    }

    private func handle(_ event: Event) {
        switch event {
        case .arrives(let id, let end, let bytes): arrive(id, bytes, at: end)
        case .closeArrives(let id, let end, let reason): closeArrives(id, at: end, reason: reason)
        case .stallEnds(let id): stallEnds(id)
        case .outputWaitEnds(let id): outputWaitEnds(id)
        case .connectDone(let party, let attempt, let server, let latency):
            connectDone(party, attempt: attempt, server: server, latency: latency)
        case .serverTick(let index, let generation):
            guard servers[index].generation == generation, servers[index].nextTickAt == now else { return }
            servers[index].nextTickAt = nil
            feed(index, .tick)
        case .serverTurn(let index, let generation, let id):
            guard servers[index].generation == generation else { return }
            feed(index, .inputTurn(id))
        case .storeAnswer(let index, let generation, let id, let primary, var answer):
            let key = "\(index)/\(generation)/\(id)"
            var snapshot = ratingSnapshots.removeValue(forKey: key)
            ratingsAwaited[key] = nil
            if primary == storePrimary {
                acknowledge(answer, key: key)
                // The ratings its RESULT lines carry are those the store holds as they go out.
                snapshot?.after = store.leaderboard.ratings
            } else {
                // The primary that computed it failed over before it was delivered.
                answer = .failed(ProtocolError(.unavailable, "the leaderboard store is unavailable"), reason: "failed over")
                snapshot = nil
            }
            guard servers[index].generation == generation else { return }
            // The RESULT lines a rated race's answer lets out are checked against the store's ratings around it.
            monitor.ratingSnapshot = snapshot
            feed(index, .answered(id, answer))
            monitor.ratingSnapshot = nil
        case .remoteRooms(let index, let generation):
            guard servers[index].generation == generation else { return }
            feed(index, .remoteRooms(remoteRooms(for: index), nicknames: []))
        case .playerTick(let index):
            guard players[index].nextTickAt == now else { return }
            players[index].nextTickAt = nil
            drive(index, .tick)
        case .playerAct(let index):
            act(index)
        case .playerExit(let index):
            if let id = players[index].connection { closeFromClient(id) }
            players[index].connection = nil
        case .hint(let index, let board, let direction):
            drive(index, .hintFound(board, direction))
        case .botWake(let index):
            guard bots[index].wakeAt == now else { return }
            bots[index].wakeAt = nil
            driveBot(index, .tick)
        case .botMove(let index, let direction, let generation):
            driveBot(index, .moveChosen(direction, generation: generation))
        case .infoProbe:
            probeInfo()
        case .fault(let fault):
            inject(fault)
        case .moderate:
            moderate()
        case .cheaterWake(let index):
            cheaterWake(index)
        case .review:
            review()
        case .arenaSchedule:
            createArena()
        case .racerAct(let index):
            racerAct(index)
        case .arenaCheck:
            checkArenaPairing()
        case .drain:
            beginDraining()
        case .finish:
            finalChecks()
            isFinished = true
        }
    }

    // MARK: Players

    private func act(_ index: Int) {
        guard !players[index].hasExited else { return }
        let facts = players[index].machine.facts
        let key = SimulatedPlayer.nextKey(
            facts, style: players[index].style, isQueued: players[index].connection.map(monitor.isQueued) ?? false, random: &random,
            isDraining: isDraining, reports: settings.reports)
        note(
            players[index].name,
            "key \(key) on \(facts.screen)\(facts.overlay.map { " (\($0))" } ?? "")\(facts.play.map { " playing \($0.isRace ? "race \($0.room ?? "?")" : "practice") entry \($0.sequence)\($0.endOutcome.map { ", ended: \($0)" } ?? "")" } ?? "")"
        )
        drive(index, .key(key))
        if pendingMiscounts.contains(index), players[index].machine.miscountLatestEntry() {
            pendingMiscounts.remove(index)
            note("fault", "\(players[index].name) miscounts its latest entry: it must ask for the server's copy")
        }
        let pause: Int
        if isDraining {
            let isPlaying =
                facts.screen == "game" && facts.overlay == nil && facts.play.map { !$0.game.isOver && $0.endOutcome == nil } == true
            pause = isPlaying ? random.int(in: 20...80) : random.int(in: 300...900)
        } else if players[index].style == .quickRacer, facts.screen == "game", facts.overlay == nil,
            facts.play.map({ $0.isRace && !$0.game.isOver && $0.endOutcome == nil }) == true
        {
            // A race to 2048 without a time limit ends only when the games do.
            pause = random.int(in: 50...300)
        } else {
            pause = random.pick([
                (60, random.int(in: 60...400)), (30, random.int(in: 400...2000)), (10, random.int(in: 2000...12_000)),
            ])
        }
        queue.schedule(.playerAct(index), at: now + pause)
    }

    /// Hands an input to a player's client and carries out what it asks.
    func drive(_ index: Int, _ input: ClientMachine.Input) {
        guard !players[index].hasExited else { return }
        let outputs = players[index].machine.handle(input, now: now)
        perform(outputs, of: index)
        schedulePlayerTick(index)
    }

    private func schedulePlayerTick(_ index: Int) {
        guard !players[index].hasExited else { return }
        // Ticks up to 20 a second for the clock on screen; timers only need a busy runtime's pace.
        let due = now + max(Simulation.shortestTickMilliseconds, players[index].machine.tickIntervalMilliseconds)
        if let scheduled = players[index].nextTickAt, scheduled <= due { return }
        players[index].nextTickAt = due
        queue.schedule(.playerTick(index), at: due)
    }

    private func perform(_ outputs: [ClientMachine.Output], of index: Int) {
        let name = players[index].name
        for output in outputs {
            switch output {
            case .connect(let endpoint):
                players[index].connectAttempt += 1
                players[index].connection = nil
                note(name, "connects to \(endpoint)")
                connect(.player(index), to: endpoint, attempt: players[index].connectAttempt)
            case .write(let lines):
                guard let id = players[index].connection else { continue }
                if lines.contains(where: { $0.hasPrefix("MOVE ") }) { players[index].movedAt = now }
                for line in lines { monitor.clientSent(line, by: name, simulation: self) }
                transmit(id, lines, to: .server)
            case .close:
                note(name, "closes its connection")
                if let id = players[index].connection { closeFromClient(id) }
                players[index].connection = nil
                players[index].connectAttempt += 1
            case .quit:
                quit(index)
            case .startBot(let request):
                startBot(request, owner: index)
            case .stopBot(let id):
                if let bot = bots.firstIndex(where: { $0.owner == index && $0.ownerBotID == id }) { driveBot(bot, .stop) }
            case .findHint(let board):
                let directions = Direction.allCases.filter { board.sliding($0) != nil }
                let direction = directions.isEmpty ? nil : random.element(of: directions)
                queue.schedule(.hint(index, board, direction), at: now + random.int(in: 5...200))
            }
        }
    }

    private func quit(_ index: Int) {
        let facts = players[index].machine.facts
        note(players[index].name, "quits")
        players[index].hasExited = true
        if facts.isConnected, !facts.isResuming, let id = players[index].connection, let connection = connections[id],
            connection.stalledUntil <= now, !connection.isCut, let nickname = facts.nickname
        {
            players[index].cleanQuit = (connection.server, id, nickname, now)
        }
        // The runtime waits for the server's goodbye, at most this long, then the process ends.
        queue.schedule(.playerExit(index), at: now + 300)
    }

    // MARK: Bots

    private func startBot(_ request: BotRequest, owner: Int) {
        let index = bots.count
        let settings = BotSettings(
            host: request.host, port: request.port, room: request.room, code: request.code, nickname: request.nickname,
            bot: Bot.strongest, movesPerSecond: 10)
        bots.append(SimulatedBot(index: index, owner: owner, ownerBotID: request.id, player: BotPlayer(settings: settings)))
        note(bots[index].name, "started by \(players[owner].name) for room \(request.room)")
        connect(.bot(index), to: ServerEndpoint(host: request.host, port: request.port), attempt: 1)
    }

    /// Hands an input to a bot and carries out what it asks.
    func driveBot(_ index: Int, _ input: BotInput) {
        guard !bots[index].hasEnded else { return }
        let actions = bots[index].player.handle(input, now: now)
        for action in actions {
            guard !bots[index].hasEnded else { return }
            switch action {
            case .send(let message):
                guard let id = bots[index].connection, var conversation = bots[index].conversation, conversation.isGreeted
                else { continue }
                let lines = conversation.lines(for: [message], now: now)
                bots[index].conversation = conversation
                if case .move = message { bots[index].movedAt = now }
                for line in lines { monitor.clientSent(line, by: bots[index].name, simulation: self) }
                transmit(id, lines, to: .server)
            case .chooseMove(let board, let generation):
                let directions = Direction.allCases.filter { board.sliding($0) != nil }
                let direction = directions.isEmpty ? nil : random.element(of: directions)
                queue.schedule(.botMove(index, direction, generation: generation), at: now + random.int(in: 1...30))
            case .wake(let at):
                bots[index].wakeAt = max(at, now)
                queue.schedule(.botWake(index), at: max(at, now))
            case .report(let report):
                note(bots[index].name, "\(report)")
            case .close(let ending):
                note(bots[index].name, "ends: \(ending)")
                if let id = bots[index].connection { closeFromClient(id) }
                bots[index].connection = nil
                bots[index].hasEnded = true
                drive(bots[index].owner, .botEnded(id: bots[index].ownerBotID, reason: "\(ending)"))
            }
        }
    }

    func botReceived(_ index: Int, _ bytes: [UInt8]) {
        guard var conversation = bots[index].conversation else { return }
        let results = conversation.received(bytes)
        bots[index].conversation = conversation
        for result in results {
            switch result {
            case .greeted(let greeting): driveBot(index, .greeted(greeting))
            case .reply(let request, let reply, _): driveBot(index, .reply(request, reply))
            case .event(let event): driveBot(index, .event(event))
            case .unreadable(let line): note(bots[index].name, "unreadable: \(line)")
            case .skippedEvent: break  // bots skip none
            case .send(let message):
                guard let id = bots[index].connection, var current = bots[index].conversation else { continue }
                let lines = current.lines(for: [message], now: now)
                bots[index].conversation = current
                transmit(id, lines, to: .server)
            case .fail(let reason):
                if let id = bots[index].connection { closeFromClient(id) }
                bots[index].connection = nil
                driveBot(index, .disconnected(reason))
                return
            }
        }
    }

    // MARK: Operators

    /// `tilerace info` (`HELLO`, `INFO`, `QUIT`), repeated until the drain; see `checkInfo`.
    private func probeInfo() {
        guard !isDraining else { return }
        let index = probes.count
        probes.append(nil)
        let server = random.int(in: 0...(servers.count - 1))
        note(Party.probe(index).description, "asks \(serverName(server)) INFO")
        connect(.probe(index), to: ServerEndpoint(host: servers[server].host, port: 2048), attempt: 1)
        queue.schedule(.infoProbe, at: now + random.int(in: 3000...15_000))
    }

    // MARK: Servers

    func startServer(_ index: Int) {
        let server = servers[index]
        server.generation += 1
        server.connections = [:]
        server.nextTickAt = nil
        chatMembership[index] = nil
        let serverSeed = random.next()
        var limits = ServerLimits.standard
        limits.maximumRooms = Simulation.maximumRooms
        let core = ServerCore(
            limits: limits, clock: clock, random: SeededRandom(seed: serverSeed).source,
            secrets: SeededRandom(seed: ~serverSeed).source,
            serverName: "tilerace-sim", logLevel: .info, operatorSecret: Simulation.operatorSecret)
        server.core = core
        server.operatorID = nil
        server.expectedKick = nil
        if settings.servers > 1 {
            core.startDirectory(every: Simulation.directoryMilliseconds)
            core.startBanRefresh(every: Simulation.banRefreshMilliseconds)
        }
        note(serverName(index), "starts (generation \(server.generation))")
        scheduleServerTick(index)
    }

    func serverName(_ index: Int) -> String { "server-\(Character(UnicodeScalar(UInt8(97 + index))))" }

    /// Hands an input to a server's core and carries out its actions.
    func feed(_ index: Int, _ input: ServerInput) {
        guard let core = servers[index].core else { return }
        perform(core.handle(input), on: index)
    }

    private func scheduleServerTick(_ index: Int) {
        let server = servers[index]
        guard let core = server.core, let due = core.nextDeadline else { return }
        let at = max(due, now)
        if let scheduled = server.nextTickAt, scheduled <= at { return }
        server.nextTickAt = at
        queue.schedule(.serverTick(index, generation: server.generation), at: at)
    }

    func perform(_ actions: [ServerAction], on index: Int) {
        let server = servers[index]
        checkChat(actions, on: index)
        // The connections this batch writes to: the shard flushes them at its end.
        var written: Set<ConnectionID> = []
        for action in actions {
            switch action {
            case .send(let id, let outgoing):
                let lines = outgoing.lines
                if id == server.operatorID {
                    operatorReceived(lines, on: index)
                    continue
                }
                guard let connection = server.connections[id] else { continue }
                written.insert(id)
                serverWrites(takeWaitingOutput(connection) + lines, to: connection, from: index)
            case .sendSoon(let id, let outgoing):
                guard id != server.operatorID, let connection = server.connections[id] else { continue }
                if written.contains(id) {
                    serverWrites(outgoing.lines, to: connection, from: index)
                } else {
                    letWait(outgoing.lines, on: connection)
                }
            case .close(let id):
                if id == server.operatorID { server.operatorID = nil }
                guard let connection = server.connections.removeValue(forKey: id) else { continue }
                serverWrites(takeWaitingOutput(connection), to: connection, from: index)
                close(connection, at: .server, reason: "the server closed the connection")
            case .leaderboard(let id, let request):
                askStore(id, request, from: index)
            case .input(let id, let flow):
                if flow == .turn { queue.schedule(.serverTurn(index, generation: server.generation, id), at: now) }
            case .transfer(let id, _):
                fail("one shard per server", "\(serverName(index)) asked to move \(id) to another shard")
            case .handOff(let ids, _):
                fail("one shard per server", "\(serverName(index)) asked to move \(ids) to another shard")
            case .publishRooms(let rooms, _):
                directory[index] = (rooms, now)
                for other in servers.indices where other != index && servers[other].isRunning {
                    queue.schedule(.remoteRooms(other, generation: servers[other].generation), at: now + random.int(in: 1...50))
                }
            case .log(_, let entry):
                note(serverName(index), entry.message)
                // Only the simulated people race in rated rooms: no game of theirs breaks a rule of `Plausibility`.
                if entry.event == "race.unrated" { fail("a person's game is never held", entry.message) }
            case .lobbyChat:
                // One shard per server: its lobby got the line already.
                break
            case .keepArenas:
                break  // The simulated servers keep no files.
            }
        }
        monitor.batchEnded(simulation: self)
        scheduleServerTick(index)
    }

    /// The rooms other servers published lately, each with its server's address.
    private func remoteRooms(for index: Int) -> [RoomDescription] {
        var rooms: [RoomDescription] = []
        for other in directory.keys.sorted() where other != index {
            guard let (published, at) = directory[other], now - at <= 3 * Simulation.directoryMilliseconds else { continue }
            rooms += published.map { room in
                var room = room
                room.server = servers[other].address
                return room
            }
        }
        return rooms
    }

    private func askStore(_ id: Int, _ request: LeaderboardRequest, from index: Int) {
        let generation = servers[index].generation
        if case .rate(let race) = request {
            ratingsAwaited["\(index)/\(generation)/\(id)"] = Set(race.racers.map { Names.nicknameKey($0.nickname) })
        }
        switch storeMode {
        case .down, .failover:
            let answer = LeaderboardAnswer.failed(ProtocolError(.unavailable, "the leaderboard store is unavailable"), reason: nil)
            queue.schedule(.storeAnswer(index, generation: generation, id: id, primary: storePrimary, answer), at: now + 1)
        case .failing:
            let answer = LeaderboardAnswer.failed(ProtocolError(.unavailable, "the leaderboard store timed out"), reason: "timed out")
            queue.schedule(.storeAnswer(index, generation: generation, id: id, primary: storePrimary, answer), at: now + 2000)
        case .healthy, .slow:
            let answer = answerNow(request, id: id, from: index)
            // Its own stream, so it changes no other draw.
            let isOperators: Bool
            switch request {
            case .submit, .top, .record, .status, .proveClaim, .rate, .report: isOperators = false
            case .ban, .unban, .bans, .removeEntry, .reports, .dismiss, .assist, .unassist, .held, .review: isOperators = true
            }
            let delay =
                isOperators
                ? (storeMode == .slow ? operatorRandom.int(in: 300...1500) : operatorRandom.int(in: 1...20))
                : (storeMode == .slow ? random.int(in: 300...1500) : random.int(in: 1...20))
            queue.schedule(.storeAnswer(index, generation: generation, id: id, primary: storePrimary, answer), at: now + delay)
        }
    }

    /// The store answers on its own queue: wait. Rated races keep the ratings around them
    /// for their `RESULT` lines.
    private func answerNow(_ request: LeaderboardRequest, id: Int, from index: Int) -> LeaderboardAnswer {
        let old = store.leaderboard
        let before = old.ratings
        let answer = store.answer(request)
        let leaderboard = store.leaderboard
        let after = leaderboard.ratings
        if leaderboard.lastSequence > old.lastSequence {
            unacknowledged["\(index)/\(servers[index].generation)/\(id)"] = (leaderboard.lastSequence, leaderboard)
            if armedFailover != nil { queue.schedule(.fault(.failoverDue), at: now) }
        }
        var ratedNicknames: [String]?
        if case .rate(let race) = request {
            ratedNicknames = race.racers.map(\.nickname)
            let today = UTCTime.date(epochMilliseconds: clock.wallMilliseconds)
            ratingSnapshots["\(index)/\(servers[index].generation)/\(id)"] = RatingAudit.Snapshot(
                before: before, after: after, day: UTCTime.dayNumber(of: today) ?? 0)
            if case .rated(let changes) = answer, !changes.isEmpty { noteRatedRace(race, before: before, after: after) }
        }
        if case .assist(let nickname, _) = request {
            // Its refunds change the ratings of those who lost to the nickname.
            ratedNicknames = checkRefunds(of: nickname, answer, before: before, after: after)
        }
        if leaderboard.lastSequence > old.lastSequence { checkAssistedOffBoards() }
        checkFairPlay(request, answer, before: old)
        if before != after,
            let violation = RatingAudit.changeViolation(
                before: before, after: after, ratedNicknames: ratedNicknames, request: "\(request)".prefix(80).description)
        {
            fail("a rating changes only through a rated race", violation)
        }
        return answer
    }

    /// The answer is delivered: its change (if any) and those before it are acknowledged.
    private func acknowledge(_ answer: LeaderboardAnswer, key: String) {
        if case .submitted(let receipt, _) = answer, let token = receipt.token {
            acknowledgedClaims[Names.nicknameKey(receipt.nickname)] = token
        }
        guard let change = unacknowledged.removeValue(forKey: key), change.sequence > acknowledged.sequence else { return }
        acknowledged = change
    }

    // MARK: Tracing and failing

    func note(_ party: String, _ text: @autoclosure () -> String) {
        trace.note(party, at: now, text())
    }

    /// Stops the run: `invariant` does not hold.
    func fail(_ invariant: String, _ details: String) {
        guard violation == nil else { return }
        violation = SimulationViolation(
            seed: seed, step: steps, time: now, invariant: invariant, details: details, recent: trace.recentByParty)
    }
}
