import TileRaceClient
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer

/// The invariants, checked after every step (and the liveness ones at the end).
extension Simulation {
    func checkInvariants() {
        for index in players.indices where !players[index].hasExited {
            checkClientAgreesWithServer(index)
            checkRoomAgreesWithServer(index)
            if violation != nil { return }
        }
        for index in players.indices {
            checkQuitFreedSeat(index)
        }
        checkRoomLimit()
        if now >= nextRaceCheckAt {
            nextRaceCheckAt = now + 1000
            checkNoStuckRace { now - $0 > Simulation.longestRaceMilliseconds }
        }
    }

    /// A quick race's room is made even past the limit: its players were waiting already.
    private func checkRoomLimit() {
        for index in servers.indices {
            guard let created = servers[index].core?.createdRoomCount, created > Simulation.maximumRooms else { continue }
            fail("room limit", "\(serverName(index)) holds \(created) rooms made by CREATE, over its \(Simulation.maximumRooms)")
        }
    }

    /// Nil unless quiet (nothing in flight either way), and so in sync.
    private func quietSession(of index: Int) -> ServerCore.SessionView? {
        guard let id = players[index].connection, let connection = connections[id], connection.isQuiet,
            connection.toClient.isOpen, connection.toServer.isOpen, !connection.isCut,
            let core = servers[connection.server].core, servers[connection.server].generation == connection.generation
        else { return nil }
        return core.sessionView(on: connection.serverID)
    }

    /// Also: no race game the server lacks, no resignation nobody made.
    private func checkClientAgreesWithServer(_ index: Int) {
        guard let session = quietSession(of: index) else { return }
        let facts = players[index].machine.facts
        let name = players[index].name
        guard facts.isConnected, !facts.isResuming, !facts.isCatchingUp, facts.gameChangesAwaitingReply == 0, let play = facts.play,
            play.sendsEntries, play.unacknowledgedCount == 0
        else { return }
        if play.isRace, play.endOutcome == "resigned", monitor.resignationKnown[name] != true {
            fail(
                "no resignation that was not made",
                "\(name) shows \"You resigned\" (score \(play.game.score)) but it sent no RESIGN and the server finished no race of it as resigned or left"
            )
            return
        }
        guard let game = session.game else {
            // A rated race's results wait for the store's ratings: the server ended it already.
            let awaitsRatings = session.nickname.map { nickname in
                ratingsAwaited.values.contains { $0.contains(Names.nicknameKey(nickname)) }
            }
            if play.isRace, facts.race?.isOver == false, awaitsRatings != true {
                fail(
                    "no game the server does not have",
                    "\(name) shows a race game (entry \(play.sequence), \(play.endOutcome ?? "playing"), room \(play.room ?? "?")) but the server has no game for its session \(session.id)"
                )
            }
            return
        }
        if play.isRace, game.isRace, let outcome = play.endOutcome, game.finish == nil {
            fail(
                "the game ends on both sides",
                "\(name) shows its race over (\(outcome)) but the server still races it at entry \(game.lastSeq)")
            return
        }
        guard game.isRace == play.isRace, game.lastSeq == play.sequence else { return }
        if !play.isRace, !game.game.isOver, game.isClockPaused != play.isClockHeld {
            fail(
                "a practice game's clocks stand still together",
                "\(name) at entry \(play.sequence): the client's clock is \(play.isClockHeld ? "held" : "running"), the server's \(game.isClockPaused ? "paused" : "running")"
            )
            return
        }
        if game.game.board != play.game.board || game.game.score != play.game.score || game.game.moveCount != play.game.moveCount {
            fail(
                "client's game is the server's",
                "\(name) at entry \(play.sequence): client board \(play.game.board.rows) score \(play.game.score) moves \(play.game.moveCount); server board \(game.game.board.rows) score \(game.game.score) moves \(game.game.moveCount)"
            )
        }
    }

    /// Once the lines in flight have arrived, the client shows its room as the server holds it: the same room,
    /// waiting, counting down or racing, and the same players ready.
    private func checkRoomAgreesWithServer(_ index: Int) {
        guard let session = quietSession(of: index), let id = players[index].connection, let server = connections[id]?.server,
            let core = servers[server].core
        else { return }
        let facts = players[index].machine.facts
        // An answer still to come (a rated READY waits for the store) may change what it shows.
        guard facts.isConnected, !facts.isResuming, !facts.isCatchingUp, facts.pendingRequestCount == 0 else { return }
        let room = session.room.flatMap(core.roomView(named:))
        // A rated race's results wait for the store's ratings: the server ended it already.
        guard room?.awaitsRatings != true else { return }
        func text(_ name: String, _ state: String, _ ready: [String]) -> String {
            "room \(name.lowercased()) \(state), ready: \(ready.map { $0.lowercased() }.sorted())"
        }
        let shown = facts.room.map { text($0.name, $0.isRacing ? "racing" : $0.isCountingDown ? "countdown" : "waiting", $0.ready) }
        let held = room.map { text($0.name, $0.state.rawValue, $0.ready) }
        if shown != held {
            fail(
                "the client's room is the server's",
                "\(players[index].name) shows \(shown ?? "no room"); the server holds \(held ?? "no room") for it")
        }
    }

    /// A player who quit over a healthy connection left at once: the server holds no seat for it.
    private func checkQuitFreedSeat(_ index: Int) {
        guard let quit = players[index].cleanQuit, now >= quit.at + 1000 else { return }
        players[index].cleanQuit = nil
        // A cut or a stall after the QUIT is a real loss: the seat may be held.
        guard let core = servers[quit.server].core, let connection = connections[quit.connection], !connection.isCut,
            connection.stalledUntil <= quit.at
        else { return }
        if let held = core.sessionViews.first(where: { $0.isAway && $0.nickname.map(Nickname.init) == Nickname(quit.nickname) }
        ) {
            fail(
                "nobody waits for a player who quit",
                "\(players[index].name) quit at \(SimulationTrace.format(quit.at)) but \(serverName(quit.server)) still holds the seat of \(held.nickname ?? "?") (room \(held.room ?? "-"))"
            )
        }
    }

    /// Every race ends: no server runs a race that `isStuck` says has run too long, unless its
    /// only racers left are bots still moving (at random here: on a large board, for minutes).
    private func checkNoStuckRace(isStuck: (_ startedAt: Int) -> Bool) {
        // A racer that moved in the last 5 s is slow, not stuck: random keys on a 5x5 board (seed 702563), or on
        // a board holding a 1024 (763606), play for minutes. A stuck race has nobody moving.
        let now = now
        let isRecent = { (movedAt: Int?) in movedAt.map { now - $0 < 5000 } == true }
        let moving = Set(
            bots.filter { !$0.hasEnded && isRecent($0.movedAt) }.map { Nickname($0.player.nickname) }
                + players.filter { !$0.hasExited && isRecent($0.movedAt) }.map { Nickname($0.nickname) })
        for server in servers {
            for race in server.core?.raceViews ?? [] where isStuck(race.startedAt) {
                guard race.racers.contains(where: { $0.finish == nil && !moving.contains(Nickname($0.nickname)) }) else { continue }
                let racers = race.racers.map { "\($0.nickname) \($0.finish?.rawValue ?? "racing")" }.joined(separator: ", ")
                fail(
                    "every race ends",
                    "\(serverName(server.index))'s race \(race.id) in room \(race.room) started at \(SimulationTrace.format(race.startedAt)) and has not ended (\(racers))"
                )
                return
            }
        }
    }

    /// Greeted sessions (away included), rooms, races, version; no address (peers are 10.0.0.x).
    func checkInfo(_ info: ServerInfo, line: String, server index: Int) {
        guard let core = servers[index].core else { return }
        let greeted = core.sessionViews.filter(\.isGreeted).count
        let expected = (greeted, core.roomCount, core.raceViews.count)
        if (info.players, info.rooms, info.races) != expected || info.version != TileRaceVersion.current {
            fail(
                "INFO counts what the server holds",
                "\(serverName(index)) answered \(line) but holds \(greeted) greeted sessions, \(core.roomCount) rooms and \(core.raceViews.count) races"
            )
        } else if line.contains("10.0.0.") {
            fail("INFO names no address", "\(serverName(index)) answered \(line)")
        }
    }

    /// At the end of the drain: every race that started before it ended, and the leaderboard keeps its rules.
    func finalChecks() {
        checkNoStuckRace { $0 < settings.chaosMilliseconds }
        if violation == nil { checkAcknowledgedKept() }
        if violation == nil { checkLeaderboard() }
        if violation == nil { checkPeoplesPace() }
    }

    /// After a fail-over and at the end: the store holds every record acknowledged (its sequence) and every claim a
    /// `SUBMIT`'s answer gave.
    func checkAcknowledgedKept() {
        let leaderboard = store.leaderboard
        let today = UTCTime.date(epochMilliseconds: clock.wallMilliseconds)
        if leaderboard.lastSequence < acknowledged.sequence {
            fail(
                "the store keeps what it acknowledged",
                "the store's last record is \(leaderboard.lastSequence) but record \(acknowledged.sequence) was acknowledged")
        } else if let (key, token) = acknowledgedClaims.sorted(by: { $0.key < $1.key }).first(where: {
            leaderboard.claim(of: $0.key, on: today)?.token != $0.value
        }) {
            let held = leaderboard.claim(of: key, on: today).map { "the token \($0.token)" } ?? "no claim"
            fail("the store keeps what it acknowledged", "\(key) was given the claim token \(token) but the store holds \(held)")
        }
    }

    /// One entry per nickname per board, best first, at most 100.
    private func checkLeaderboard() {
        let leaderboard = store.leaderboard
        for board in leaderboard.boards.keys.sorted() {
            let entries = leaderboard.entries(on: board)
            let keys = entries.map { Names.nicknameKey($0.nickname) }
            if Set(keys).count != keys.count {
                fail("leaderboard rules", "board \(board) has a nickname twice: \(keys)")
            } else if entries.count > Leaderboard.capacity {
                fail("leaderboard rules", "board \(board) keeps \(entries.count) entries")
            } else if board.isSprint {
                if let violation = Simulation.sprintViolation(on: board, entries) { fail("sprint rules", violation) }
            } else if zip(entries, entries.dropFirst()).contains(where: { $0.result.score < $1.result.score }) {
                fail("leaderboard rules", "board \(board) is not ranked by score: \(entries.map(\.result.score))")
            } else if let entry = entries.first(where: { $0.sprintTime != nil }) {
                fail("sprint rules", "board \(board) is a score board but \(entry.nickname)'s entry has a sprint time")
            }
        }
    }

    /// Section 10.2: ranked by sprint time; 4x4 to 2048, timed, no assist before its first
    /// 2048 entry, whose server time is the sprint time.
    static func sprintViolation(on board: LeaderboardBoardID, _ entries: [BoardEntry]) -> String? {
        let times = entries.map { $0.sprintTime ?? -1 }
        if times.contains(-1) || times != times.sorted() { return "board \(board) is not ranked by sprint time: \(times)" }
        for entry in entries {
            let name = "\(entry.nickname)'s entry on \(board)"
            guard entry.size == 4, entry.target == 2048 else { return "\(name) is not 4x4 to 2048" }
            guard let text = entry.log, let log = try? GameLog(parsing: text), let logTimes = log.times,
                let seed = try? Seed(parsing: entry.seed)
            else { return "\(name) has no timed record" }
            var game = Game(config: .standard, seed: seed)
            var reachedAt: Int?
            for (index, step) in log.entries.enumerated() {
                guard (try? game.apply(step)) != nil else { return "\(name): entry \(index + 1) of its record does not apply" }
                if game.hasWon {
                    reachedAt = index
                    break
                }
            }
            guard let reachedAt else { return "\(name): its record never makes 2048" }
            guard game.assistCount == 0 else { return "\(name): an assist came before its 2048" }
            guard logTimes[reachedAt] == entry.sprintTime else {
                return "\(name) has the sprint time \(entry.sprintTime ?? -1) but its 2048 entry is at \(logTimes[reachedAt]) ms"
            }
        }
        return nil
    }
}
