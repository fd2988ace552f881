import TileRaceProtocol

/// Checks every line on the simulated wire: it parses; no `ERR` blames the client; results
/// name each racer once and mark `START`'s bots; a catch-up `START` gives the elapsed time;
/// `RESYNC` is used where offered and its reply carries the game; no ghost `SUBMIT` succeeds;
/// ratings come only in rated races, for all or none, match `RatingAudit`, never lower the
/// winner's, and never with bots, assists or under two racers; a `MATCHED` race holds 2 to 8
/// queued players in no other room; `PROGRESS` reaches only the racer's roommates. It keeps
/// who resigned, for the client-side invariants.
struct WireMonitor {
    /// What one connection's receiver saw of one race.
    private struct RaceSeen {
        var players: [String]
        /// The racers its `START` named as bots (nickname keys).
        var bots: Set<String>
        /// Whether its `START` allowed assists.
        var allowsAssists = false
        /// The `RESULT` lines as parsed, in order.
        var finishes: [RacerFinish] = []

        var results: [String] { finishes.map { Names.nicknameKey($0.nickname) } }
        var ratingChanges: [Int] { finishes.compactMap(\.ratingChange) }
    }

    /// Errors that say the client sent something it should not have, whatever the timing.
    static let clientBugCodes: Set<ErrorCode> = [
        .badLine, .lineTooLong, .unknownVerb, .badArguments, .badOption, .helloFirst, .alreadyGreeted, .unsupportedVersion,
    ]

    /// The most players a quick race holds (protocol.md section 5.8).
    static let largestQuickRace = 8

    /// `OK RESYNC` replies followed by the `RESYNC` event, on all servers.
    private(set) var resyncsAnswered = 0
    /// The parties whose last line was `OK RESYNC`: their next one must be the `RESYNC` event.
    private var awaitingResyncEvent: Set<String> = []
    /// `OK INFO` replies sent, each checked.
    private(set) var infoReplies = 0
    /// Races started (`START` seen first time) and ended (`END` seen first time), on all servers.
    private var startedRaces: Set<String> = []
    /// When each race's first `START` was sent (simulated milliseconds).
    private var startSentAt: [String: Int] = [:]
    private var endedRaces: Set<String> = []
    /// Per connection, the races it was told about.
    private var seen: [Int: [String: RaceSeen]] = [:]
    /// It sent `RESIGN`, or the server finished it as resigned or left.
    private(set) var resignationKnown: [String: Bool] = [:]
    /// The last server line parsed, and what it parsed to.
    private var lastParsed: (line: String, message: ServerMessage)?
    /// Per party, the nicknames the server accepted for it.
    private var nicknames: [String: Set<String>] = [:]
    /// Per connection, the nickname (key) the server last accepted on it, and when.
    private var nicknameOf: [Int: (key: String, since: Int)] = [:]
    /// Per connection, when the race of the last `START` it got began (its first `START`).
    private var raceStartedAt: [Int: Int] = [:]
    /// `PROGRESS` lines sent, on all servers, each checked.
    private(set) var progressLines = 0
    /// Ghost races the server started (`OK PRACTICE ... ghost=yes`), on all servers.
    private(set) var ghostRacesStarted = 0
    /// Until another `PRACTICE` or a `START`: no `SUBMIT` of it may succeed.
    private var lastGameIsGhost: [String: Bool] = [:]
    /// The rooms described as rated (`rated=yes`), by server prefix and room key.
    private var ratedRooms: Set<String> = []
    /// `PRACTICE` without `seed=`, on all servers.
    private(set) var practicesAskedToDeal = 0
    /// A closed connection's id is never reused.
    private var queuedConnections: Set<Int> = []
    /// Parties in an arena (`OK ARENA` until `ARENA-LEAVE` or `ARENA-END`): the arena pairs them into rooms
    /// (`MATCHED`) from no queue, the simulated clients from its screen as the racers.
    var arenaParties: Set<String> = []
    /// `CREATE`s refused with `ERR too-many-rooms`, on all servers.
    private(set) var createsRefusedFull = 0
    /// The quick races the queue made (rooms `MATCHED` named), on all servers. Keyed by server
    /// prefix and room key: size per `MATCHED`, and connections told so far.
    private var quickRooms: [String: (size: Int, connections: Set<Int>)] = [:]
    /// The quick races matched in the batch of lines being sent (`batchEnded`).
    private var matchedInBatch: Set<String> = []
    /// Until `OK LEAVE`, the only way out of a room on a live connection.
    private var roomOf: [Int: String] = [:]
    /// Connections watching their room: told every racer's progress, their own earlier seat's too.
    private var watching: Set<Int> = []
    /// Races whose `RESULT` lines carried ratings, on all servers, checked once each (`checkRatings`).
    private var ratedRacesChecked: Set<String> = []
    /// For the `.storeAnswer` being handed now: its rated `RESULT` lines are checked against it.
    var ratingSnapshot: RatingAudit.Snapshot?

    mutating func clientSent(_ line: String, by party: String, simulation: Simulation) {
        let message: ClientMessage
        do {
            message = try ClientMessage.parse(line)
        } catch {
            simulation.fail("lines parse", "\(party) sent a line the protocol does not allow: \(line) (\(error.message))")
            return
        }
        simulation.note(party, "-> \(line.prefix(120))")
        if case .resign = message { resignationKnown[party] = true }
        if case .practice(let options) = message { lastGameIsGhost[party] = options.isGhost }
        if case .practice(let options) = message, options.seed == nil { practicesAskedToDeal += 1 }
        // Every simulated server offers RESYNC (features=resync).
        if case .move(let seq, _) = message, seq == ClientMessage.legacyResyncSequence {
            simulation.fail("a client asks with RESYNC where it is offered", "\(party) asked with the old MOVE: \(line)")
        }
    }

    mutating func serverSent(_ line: String, on id: Int, simulation: Simulation) {
        guard let connection = simulation.connections[id] else { return }
        let party = "\(connection.party)"
        let message: ServerMessage
        if let last = lastParsed, last.line == line {
            // A broadcast: the same line to each member, parsed once.
            message = last.message
        } else {
            do {
                message = try ServerMessage.parse(line)
            } catch {
                simulation.fail("lines parse", "the server sent \(party) a line that does not parse: \(line) (\(error.message))")
                return
            }
            lastParsed = (line, message)
        }
        simulation.note(party, "<- \(line.prefix(120))")
        if awaitingResyncEvent.remove(party) != nil {
            guard case .event(.resync) = message else {
                simulation.fail("OK RESYNC comes with the server's copy", "\(party) got \(line) after OK RESYNC")
                return
            }
            resyncsAnswered += 1
        }
        if case .ok(.resync) = message { awaitingResyncEvent.insert(party) }
        let prefix = "\(connection.server)/\(connection.generation)/"
        switch message {
        case .ok(.queue):
            queuedConnections.insert(id)
            if let room = roomOf[id] {
                simulation.fail("a queued player is in no room", "\(party) got \(line) while in room \(room)")
            }
        case .ok(.unqueue):
            queuedConnections.remove(id)
        case .event(.queued):
            if !queuedConnections.contains(id) {
                simulation.fail("a queued player is waiting, matched or left", "\(party) got \(line) while not in the queue")
            }
        case .event(.matched(let room)) where connection.party.isRacer || arenaParties.contains(party):
            // An arena's pairing (`Simulation+Arena`): from no queue, rated or not.
            if let other = roomOf[id] {
                simulation.fail("a player is in one room at a time", "\(party) was matched into \(room.name) while in room \(other)")
            }
            roomOf[id] = prefix + Names.nicknameKey(room.name)
        case .event(.left(let room, let nickname)):
            // Its own: out of the room (an arena race's end).
            if nicknameOf[id]?.key == Names.nicknameKey(nickname), roomOf[id] == prefix + Names.nicknameKey(room) {
                roomOf[id] = nil
                watching.remove(id)
            }
        case .event(.matched(let room)):
            let key = prefix + Names.nicknameKey(room.name)
            if queuedConnections.remove(id) == nil {
                simulation.fail("a queued player is waiting, matched or left", "\(party) got \(line) while not in the queue")
            }
            if !room.isRated { simulation.fail("a quick race is rated", "\(party) was matched into an unrated room: \(line)") }
            if let other = roomOf[id] {
                simulation.fail("a player is in one room at a time", "\(party) was matched into \(room.name) while in room \(other)")
            }
            if !(2...WireMonitor.largestQuickRace).contains(room.playerCount) {
                simulation.fail("a quick race holds 2 to 8 players", "\(party) was matched into a room of \(room.playerCount): \(line)")
            }
            var matched = quickRooms[key] ?? (room.playerCount, [])
            if !matched.connections.insert(id).inserted || matched.size != room.playerCount {
                simulation.fail("a quick race holds 2 to 8 players", "\(party) got a second or different MATCHED for \(key): \(line)")
            }
            quickRooms[key] = matched
            matchedInBatch.insert(key)
            roomOf[id] = key
            ratedRooms.insert(key)
        case .error(let error) where WireMonitor.clientBugCodes.contains(error.code):
            simulation.fail("requests allowed", "the server refused a request of \(party) as malformed: \(line)")
        case .error(let error) where error.code == .tooManyRooms:
            createsRefusedFull += 1
        case .ok:
            var accepted: String?
            if case .ok(.hello(let nickname, _, _, _)) = message { accepted = nickname }
            if case .ok(.nickname(let nickname)) = message { accepted = nickname }
            if let nickname = accepted {
                nicknames[party, default: []].insert(Names.nicknameKey(nickname))
                nicknameOf[id] = (Names.nicknameKey(nickname), simulation.now)
            }
            if case .ok(.practice(let options)) = message, options.isGhost { ghostRacesStarted += 1 }
            if case .ok(.arena) = message { arenaParties.insert(party) }
            if case .ok(.arenaLeave) = message { arenaParties.remove(party) }
            if case .ok(.report(let nickname)) = message {
                reportsMade += 1
                simulation.checkReportStored(of: nickname, by: nicknameOf[id]?.key, party: party)
            }
            if case .ok(.submit) = message, lastGameIsGhost[party] == true {
                simulation.fail("a ghost race is never on a board", "\(party) submitted a ghost race and got \(line)")
            }
            noteRoomChange(message, id: id, prefix: prefix)
            if case .ok(.info(let info)) = message {
                infoReplies += 1
                simulation.checkInfo(info, line: line, server: connection.server)
            }
        case .event(.start(let start)):
            let key = prefix + String(start.race)
            startedRaces.insert(key)
            checkElapsedTime(of: start, key: key, party: party, simulation: simulation)
            raceStartedAt[id] = startSentAt[key]
            let players = start.players.map(Names.nicknameKey)
            let bots = Set(start.bots.map(Names.nicknameKey))
            if !bots.isSubset(of: players) {
                simulation.fail(
                    "bots are racers", "race \(key)'s START names bots \(start.bots) that are not among its players \(start.players)")
            }
            seen[id, default: [:]][key] = RaceSeen(players: players, bots: bots, allowsAssists: start.allowsAssists)
            if start.players.contains(where: { nicknames[party]?.contains(Names.nicknameKey($0)) == true }) {
                resignationKnown[party] = false
                lastGameIsGhost[party] = false
            }
        case .event(.finish(let finish)), .event(.result(let finish)):
            if finish.reason == .resigned || finish.reason == .left,
                nicknames[party]?.contains(Names.nicknameKey(finish.nickname)) == true
            {
                resignationKnown[party] = true
            }
            if case .event(.result) = message, let race = finish.race {
                let key = prefix + String(race)
                let nickname = Names.nicknameKey(finish.nickname)
                seen[id]?[key]?.finishes.append(finish)
                if let change = finish.ratingChange {
                    if !ratedRooms.contains(prefix + Names.nicknameKey(finish.room)) {
                        simulation.fail("ratings change only in rated rooms", "\(party) got a rating in an unrated room's result: \(line)")
                    }
                    // Whoever reached the target first beat everyone: Glicko-2 never lowers a rating for wins only.
                    if finish.place == 1, finish.reason == .target, change < 0 {
                        simulation.fail("rating changes are plausible", "\(party) got the winner's rating lowered: \(line)")
                    }
                }
                if let raceSeen = seen[id]?[key], raceSeen.bots.contains(nickname) != finish.isBot {
                    simulation.fail(
                        "the bot mark stays with a racer",
                        "race \(key)'s START named bots \(raceSeen.bots.sorted()) but \(party) got the result \(line)")
                }
            }
        case .event(.progress(let progress)):
            progressLines += 1
            checkProgress(progress, line: line, id: id, party: party, prefix: prefix, simulation: simulation)
        case .event(.end(_, let race, let count)):
            let key = prefix + String(race)
            endedRaces.insert(key)
            if let raceSeen = seen[id]?.removeValue(forKey: key) {
                let results = raceSeen.results
                if !raceSeen.ratingChanges.isEmpty, raceSeen.ratingChanges.count != results.count {
                    simulation.fail(
                        "a rated race rates every racer",
                        "race \(key): \(party) got ratings for \(raceSeen.ratingChanges.count) of \(results.count)")
                }
                if !raceSeen.ratingChanges.isEmpty, ratedRacesChecked.insert(key).inserted {
                    checkRatings(of: raceSeen, key: key, simulation: simulation)
                }
                if results.sorted() != raceSeen.players.sorted() || count != results.count {
                    simulation.fail(
                        "results name every racer once",
                        "race \(key) started with \(raceSeen.players) but \(party) got results for \(results) (END count=\(count))")
                }
            }
        case .report, .reportLine:
            simulation.fail("a report is never shown to a player", "\(party), no operator, got \(line)")
        case .error, .pong, .room, .member, .entry, .log, .info, .connection, .ban, .rating, .held, .arena, .standing:
            break
        case .event(.arenaEnd):
            arenaParties.remove(party)  // Its points are checked by `ArenaAudit`.
        case .event(.scored), .event(.berserk):
            break  // Checked by `ArenaAudit`.
        case .event(.hello), .event(.joined), .event(.ready), .event(.countdown), .event(.cancel), .event(.resync),
            .event(.away), .event(.back), .event(.ping), .event(.bye), .event(.notice), .event(.chat):
            break
        }
    }

    /// A connection holding the racer's nickname since the race began is the racer's; one
    /// that took it later may hear of the earlier racer, and a resumed racer is not checked.
    /// One that left the race and watches it hears of its earlier seat like the others.
    private func checkProgress(
        _ progress: RacerProgress, line: String, id: Int, party: String, prefix: String, simulation: Simulation
    ) {
        if let own = nicknameOf[id], own.key == Names.nicknameKey(progress.nickname), let started = raceStartedAt[id],
            own.since <= started, !watching.contains(id)
        {
            simulation.fail("no racer hears its own PROGRESS", "\(party) got its own \(line)")
        }
        if let room = roomOf[id], room != prefix + Names.nicknameKey(progress.room) {
            simulation.fail("PROGRESS reaches its own room only", "\(party), in room \(room), got \(line)")
        }
    }

    var racesStarted: Int { startedRaces.count }
    var racesEnded: Int { endedRaces.count }
    /// `OK REPORT`s seen.
    private(set) var reportsMade = 0
    var quickRacesMatched: Int { quickRooms.count }
    var ratedRacesRated: Int { ratedRacesChecked.count }

    /// Whether a connection is in a quick race queue (`OK QUEUE` and no way out since).
    func isQueued(_ connection: Int) -> Bool {
        queuedConnections.contains(connection)
    }

    /// Entering a practice game also leaves the quick race queue. A room described as rated is noted.
    private mutating func noteRoomChange(_ message: ServerMessage, id: Int, prefix: String) {
        switch message {
        case .ok(.create(let room)), .ok(.join(let room)), .ok(.watch(let room)), .ok(.hello(_, _, _, .some(let room))):
            roomOf[id] = prefix + Names.nicknameKey(room.name)
            if case .ok(.watch) = message { watching.insert(id) } else { watching.remove(id) }
            if room.isRated { ratedRooms.insert(prefix + Names.nicknameKey(room.name)) }
            queuedConnections.remove(id)
        case .ok(.practice):
            queuedConnections.remove(id)
        case .ok(.leave):
            roomOf[id] = nil
            watching.remove(id)
        case .ok(.hello(_, _, _, .none)), .ok(.nickname), .ok(.quit), .ok(.help), .ok(.rooms), .ok(.who), .ok(.ready), .ok(.move),
            .ok(.restart), .ok(.resign), .ok(.pause), .ok(.resume), .ok(.submit), .ok(.top), .ok(.record), .ok(.resync), .ok(.info),
            .ok(.auth), .ok(.connections), .ok(.kick), .ok(.ban), .ok(.unban), .ok(.bans), .ok(.removeEntry), .ok(.announce), .ok(.say),
            .ok(.mute), .ok(.unmute), .ok(.queue), .ok(.unqueue), .ok(.report), .ok(.reports), .ok(.dismiss), .ok(.assist),
            .ok(.unassist), .ok(.review), .ok(.approve), .ok(.reject), .ok(.arenas), .ok(.arena), .ok(.arenaLeave), .ok(.berserk),
            .ok(.standings), .ok(.arenaCreate):
            break
        case .error, .pong, .room, .member, .entry, .log, .info, .connection, .ban, .rating, .event, .report, .reportLine, .held,
            .arena, .standing:
            break
        }
    }

    /// Called after each batch.
    mutating func batchEnded(simulation: Simulation) {
        for key in matchedInBatch.sorted() {
            guard let matched = quickRooms[key], matched.connections.count != matched.size else { continue }
            simulation.fail(
                "a quick race holds 2 to 8 players",
                "quick race \(key) was made of \(matched.size) players but \(matched.connections.count) connections got MATCHED")
        }
        matchedInBatch = []
    }

    /// Checked once, at the first `END` after its rated `RESULT`s: people only, no assists,
    /// two or more racers at the start, and the simulator's reckoning.
    private mutating func checkRatings(of race: RaceSeen, key: String, simulation: Simulation) {
        let invariant = "only races of two people or more without assists are rated"
        if !race.bots.isEmpty {
            simulation.fail(invariant, "race \(key) with the bots \(race.bots.sorted()) was rated")
        } else if race.allowsAssists {
            simulation.fail(invariant, "race \(key), which allowed assists, was rated")
        } else if race.players.count < 2 {
            simulation.fail(invariant, "race \(key) of \(race.players) at its start was rated")
        } else if let snapshot = ratingSnapshot {
            if let violation = RatingAudit.violation(of: race.finishes, snapshot) {
                simulation.fail("ratings are Glicko-2's", "race \(key): \(violation)")
            }
        } else {
            simulation.fail("ratings are Glicko-2's", "race \(key) was rated but not when the store's ratings came")
        }
    }

    /// A catch-up `START` must say exactly how long the race has run; the first says nothing.
    private mutating func checkElapsedTime(of start: RaceStart, key: String, party: String, simulation: Simulation) {
        let now = simulation.now
        guard let startedAt = startSentAt[key] else {
            if start.elapsedMilliseconds == nil { startSentAt[key] = now }
            return
        }
        let expected = now - startedAt
        if let elapsed = start.elapsedMilliseconds {
            if elapsed != expected {
                simulation.fail(
                    "a late START says how long the race has run",
                    "race \(key) started \(expected) ms ago but \(party) got a START with elapsed=\(elapsed)")
            }
        } else if expected != 0 {
            simulation.fail(
                "a late START says how long the race has run",
                "race \(key) started \(expected) ms ago but \(party) got a START without elapsed=")
        }
    }
}
