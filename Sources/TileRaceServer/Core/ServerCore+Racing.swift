import TileRaceEngine
import TileRaceProtocol

extension ServerCore {
    // MARK: Requests

    func move(_ session: Session, seq: Int, entries: [GameLog.Entry]) throws(ProtocolError) {
        switch activeGame(of: session) {
        case .race(let room, let race, let racer):
            if !room.options.allowsAssists, entries.contains(where: { if case .move = $0 { false } else { true } }) {
                throw ProtocolError(.assistsOff, "undo (Z) and remove-tile (X) are off in room \(room.name); nothing was applied")
            }
            // The game is changed in place: a copy would copy its whole undo history.
            let before = racer.liveGame.lastSeq
            guard let outcome = play(entries, seq: seq, on: &racer.liveGame, stopsAtTarget: true, for: session) else { return }
            if racer.liveGame.lastSeq > before { noteProgress(of: racer, in: room) }
            if let reason = outcome.finished {
                finish(racer, of: race, in: room, reason: reason)
                endRaceIfOver(in: room)
            }
        case .practice:
            // Changed in place: a copy would copy the whole game and history.
            session.practice!.resume(at: now)  // an entry played while paused starts the clock again
            let outcome = play(entries, seq: seq, on: &session.practice!, stopsAtTarget: false, for: session)
            if outcome?.finished != nil { finishPractice(session) }
        case nil:
            break
        }
    }

    /// Returns nil when nothing was applied.
    private func play(
        _ entries: [GameLog.Entry], seq: Int, on game: inout LiveGame, stopsAtTarget: Bool, for session: Session
    ) -> LiveGame.Outcome? {
        guard seq == game.lastSeq + 1 else {
            send(session.id, .error(ProtocolError(.badSeq, "expected MOVE \(game.lastSeq + 1), got MOVE \(seq); nothing was applied")))
            send(session.id, .event(.resync(game.sync)))
            return nil
        }
        guard game.lastSeq + entries.count <= limits.maximumEntriesPerGame else {
            let detail = "a game holds at most \(limits.maximumEntriesPerGame) entries; RESIGN or RESTART; nothing was applied"
            send(session.id, .error(ProtocolError(.badArguments, detail)))
            return nil
        }
        let applied = game.lastSeq
        let outcome = game.apply(entries, stopsAtTarget: stopsAtTarget, at: now)
        countMoves(game.lastSeq - applied)
        if let failure = outcome.failure {
            let detail = "entry \(failure.number) (\(failure.entry)) does not apply: \(failure.error.message)"
            send(session.id, .error(ProtocolError(.desync, detail)))
            send(session.id, .event(.resync(game.sync)))
        } else {
            reply(session, .move(game.acknowledgement(finished: outcome.finished)))
        }
        return outcome
    }

    func resync(_ session: Session) {
        let sync: GameSync
        switch activeGame(of: session) {
        case .practice: sync = session.practice!.sync
        case .race(_, _, let racer): sync = racer.liveGame.sync
        case nil: return
        }
        reply(session, .resync)
        send(session.id, .event(.resync(sync)))
    }

    /// `PAUSE` and `RESUME`: a race's clock keeps running.
    func setPaused(_ session: Session, _ isPaused: Bool) {
        guard session.isPracticing else { return }
        if isPaused { session.practice!.pause(at: now) } else { session.practice!.resume(at: now) }
        let elapsed = session.practice!.elapsed(at: now)
        reply(session, isPaused ? .pause(milliseconds: elapsed) : .resume(milliseconds: elapsed))
    }

    func restart(_ session: Session) {
        switch activeGame(of: session) {
        case .practice:
            session.practice!.restart()
            reply(session, .restart(seed: session.practice!.seedText, restarts: session.practice!.restarts))
        case .race(let room, _, let racer):
            racer.liveGame.restart()
            reply(session, .restart(seed: racer.liveGame.seedText, restarts: racer.liveGame.restarts))
            noteProgress(of: racer, in: room)
        case nil:
            break
        }
    }

    func resign(_ session: Session) {
        switch activeGame(of: session) {
        case .practice:
            reply(session, .resign(score: session.practice!.game.score))
            finishPractice(session)
        case .race(let room, let race, let racer):
            reply(session, .resign(score: racer.liveGame.game.score))
            finish(racer, of: race, in: room, reason: .resigned)
            endRaceIfOver(in: room)
        case nil:
            break
        }
    }

    func practice(_ session: Session, _ options: PracticeOptions) throws(ProtocolError) {
        let seedText = options.seed ?? random.seedText()
        let seed: Seed
        let config: GameConfig
        do {
            seed = try Seed(parsing: seedText)
            config = try GameConfig(size: options.size, target: options.target)
        } catch {
            throw ProtocolError(.badOption, error.message)
        }
        session.practice = LiveGame(
            seedText: seedText, seed: seed, config: config, startedAt: now, keepsHistory: true, hasServerSeed: options.seed == nil)
        session.practice?.isGhost = options.isGhost
        leaveQueue(session, because: "started a practice game")
        reply(session, .practice(PracticeOptions(seed: seedText, size: config.size, target: config.target, isGhost: options.isGhost)))
    }

    private func finishPractice(_ session: Session) {
        guard let play = session.practice else { return }
        session.lastFinished = play.finished(milliseconds: play.elapsed(at: now), dailyDate: nil)
        session.practice = nil
    }

    // MARK: Race lifecycle

    func startRace(in room: Room) {
        guard room.race == nil else { return }
        room.countdownEndsAt = nil
        let seedText = room.isDaily ? today : random.seedText()
        // The options were checked when the room was made, and seed texts are the server's own.
        guard let config = try? GameConfig(size: room.options.size, target: room.options.target),
            let seed = try? Seed(parsing: seedText)
        else {
            log(
                .error, "race.not-started",
                [
                    .init("room", room.name), .init("size", room.options.size), .init("target", room.options.target),
                    .init("seed", seedText),
                ],
                message:
                    "error: room \(room.name) cannot start a race (size \(room.options.size), target \(room.options.target), seed \(seedText))"
            )
            return
        }
        let racers = room.players.compactMap { id -> Race.Racer? in
            guard let session = sessions[id], let nickname = session.nickname else { return nil }
            let liveGame = LiveGame(
                seedText: seedText, seed: seed, config: config, startedAt: now, keepsHistory: room.options.allowsAssists,
                hasServerSeed: true)
            let racer = Race.Racer(id: id, nickname: nickname, isBot: session.isBot, liveGame: liveGame)
            racer.timeLimitMilliseconds = room.options.timeLimit * 1000
            if room.arena?.berserk.contains(nickname) == true { racer.timeLimitMilliseconds /= 2 }
            return racer
        }
        guard !racers.isEmpty else { return }
        let raceID = nextRaceID
        nextRaceID += shardCount
        let race = Race(id: raceID, seedText: seedText, dailyDate: room.isDaily ? seedText : nil, startedAt: now, racers: racers)
        room.race = race
        room.ready.removeAll()
        let shared = SharedRace(id: raceID, room: room.name, seed: seedText)
        let keys = Set(racers.map { Names.nicknameKey($0.nickname) })
        for racer in racers {
            guard let session = sessions[racer.id] else { continue }
            session.recentRaces.append((shared, keys))
            session.recentRaces.removeFirst(max(0, session.recentRaces.count - ServerCore.rememberedRaces))
        }
        publish(room)
        broadcast(.start(raceStart(race, in: room)), in: room)
        if room.options.timeLimit > 0 {
            timers.schedule(.timeLimit(room.key), at: now + room.options.timeLimit * 1000)
            if room.arena?.berserk.isEmpty == false { timers.schedule(.berserkLimit(room.key), at: now + room.options.timeLimit * 500) }
        }
        let names = racers.map(\.nickname).joined(separator: ", ")
        log(
            .info, "race.started",
            [.init("race", race.id), .init("room", room.name), .init("seed", seedText), .init("players", names)],
            message: "race \(race.id) started in room \(room.name): seed \(seedText), \(names)")
    }

    /// `isCatchUp`: the `START` says how long the race has run.
    func raceStart(_ race: Race, in room: Room, isCatchUp: Bool = false) -> RaceStart {
        RaceStart(
            room: room.name, race: race.id, seed: race.seedText, size: room.options.size, target: room.options.target,
            allowsAssists: room.options.allowsAssists, timeLimit: room.options.timeLimit, players: race.racers.map(\.nickname),
            bots: race.racers.filter(\.isBot).map(\.nickname), elapsedMilliseconds: isCatchUp ? now - race.startedAt : nil)
    }

    /// The racer's last progress goes out before `FINISH`.
    func finish(_ racer: Race.Racer, of race: Race, in room: Room, reason: FinishReason) {
        guard racer.isRacing else { return }
        if racer.isProgressPending {
            racer.isProgressPending = false
            broadcast(.progress(progress(of: racer, in: room)), in: room, except: racer.id)
        }
        let milliseconds = reason == .time ? racer.timeLimitMilliseconds : now - race.startedAt
        racer.finish = (reason, milliseconds, race.finishCount)
        race.finishCount += 1
        sessions[racer.id]?.lastFinished = racer.liveGame.finished(milliseconds: milliseconds, dailyDate: race.dailyDate)
        broadcast(.finish(finishRecord(of: racer, in: room)), in: room)
    }

    func finishRecord(of racer: Race.Racer, in room: Room) -> RacerFinish {
        let game = racer.liveGame.game
        return RacerFinish(
            room: room.name, nickname: racer.nickname, reason: racer.finish?.reason ?? .left, score: game.score,
            largestTile: game.largestTile, moves: game.moveCount, milliseconds: racer.finish?.milliseconds ?? 0,
            isBot: racer.isBot)
    }

    func endRaceAtTimeLimit(in room: Room) {
        guard let race = room.race else { return }
        for racer in race.racers where racer.isRacing {
            finish(racer, of: race, in: room, reason: .time)
        }
        endRaceIfOver(in: room)
    }

    /// The room then goes back to waiting with nobody ready.
    func endRaceIfOver(in room: Room) {
        guard let race = room.race, race.isOver else { return }
        let finishers = race.racers.compactMap { racer -> Standings.Finisher? in
            guard let finish = racer.finish else { return nil }
            return Standings.Finisher(
                nickname: racer.nickname, reason: finish.reason, result: racer.liveGame.result(milliseconds: finish.milliseconds),
                order: finish.order, isBot: racer.isBot)
        }
        let ranked = Standings.rank(finishers)
        // In a rated room, those the rating counts as drawn share a place.
        let places = room.options.isRated ? ServerCore.ratingPlaces(of: ranked) : ranked.indices.map { $0 + 1 }
        let results = zip(ranked, places).map { finisher, place in
            RacerFinish(
                room: room.name, race: race.id, place: place, nickname: finisher.nickname, reason: finisher.reason,
                score: finisher.score, largestTile: finisher.largestTile, moves: finisher.moves,
                milliseconds: finisher.milliseconds, isBot: finisher.isBot)
        }
        // A race every racer left was played to its end by nobody, and nobody is there to hear it: it is not rated.
        // Nor is one a racer played as no person does (docs/fair-play.md): its ratings would mean nothing.
        let implausible = race.racers.first { (try? GameLog(parsing: $0.liveGame.appliedLog)).flatMap(Plausibility.judge) != nil }
        if let implausible, room.options.isRated {
            log(
                .info, "race.unrated", [.init("race", race.id), .init("room", room.name), .init("nick", implausible.nickname)],
                message: "race \(race.id) in room \(room.name) is not rated: \(implausible.nickname) played as no person does")
        }
        if room.options.isRated, implausible == nil, ranked.count >= 2, !ranked.contains(where: \.isBot),
            ranked.contains(where: { $0.reason != .left })
        {
            askRatings(results, in: room)
        } else {
            sendResults(results, of: race.id, in: room)
        }
        room.race = nil
        room.ready.removeAll()
        publish(room)
        timers.cancel(.timeLimit(room.key))
        timers.cancel(.berserkLimit(room.key))
        scoreArenaRace(in: room, race: race, ranked: ranked, isFair: implausible == nil)
        if room.lastResults?.race == race.id { backToArena(from: room) }
        let summary = zip(places, ranked).map { "\($0). \($1.nickname) \($1.reason.rawValue) \($1.score)" }
        log(
            .info, "race.ended", [.init("race", race.id), .init("room", room.name), .init("results", summary.joined(separator: ", "))],
            message: "race \(race.id) in room \(room.name) ended: \(summary.joined(separator: ", "))")
    }

    /// Kept for a racer who comes back.
    func sendResults(_ results: [RacerFinish], of raceID: Int, in room: Room) {
        var lines = results.map { ServerMessage.event(.result($0)).line }
        lines.append(ServerMessage.event(.end(room: room.name, race: raceID, count: results.count)).line)
        for id in room.everyone { send(id, lines: lines) }
        room.lastResults = (raceID, lines)
        if room.race == nil { backToArena(from: room) }
    }

    // MARK: Progress

    /// Batches `PROGRESS`: at most once per interval per room, so each member
    /// gets the room's news in one write instead of one per racer.
    func noteProgress(of racer: Race.Racer, in room: Room) {
        racer.isProgressPending = true
        let due = (room.progressSentAt ?? Int.min / 2) + limits.progressIntervalMilliseconds
        if now >= due {
            sendPendingProgress(in: room)
        } else if !room.isProgressTimerSet {
            // A flag on the room avoids a look-up by name on every move.
            room.isProgressTimerSet = true
            timers.schedule(.progress(room.key), at: due)
        }
    }

    /// Sends changed racers' `PROGRESS`, written once; each member gets all
    /// but its own line.
    func sendPendingProgress(in room: Room) {
        if room.isProgressTimerSet {
            room.isProgressTimerSet = false
            timers.cancel(.progress(room.key))
        }
        guard let race = room.race else { return }
        room.progressSentAt = now
        var lines = OutgoingLines()
        var ownLines: [(id: ConnectionID, range: Range<Int>)] = []
        for racer in race.racers where racer.isProgressPending {
            racer.isProgressPending = false
            ownLines.append((racer.id, lines.append(.event(.progress(progress(of: racer, in: room))))))
        }
        guard !ownLines.isEmpty else { return }
        // A racer still racing sends its next move soon: the news waits a
        // little to go with that reply, in one write. Others get it at once.
        for id in room.players {
            let others = ownLines.first(where: { $0.id == id }).map { lines.skipping($0.range) } ?? lines
            guard !others.isEmpty else { continue }
            if race.racer(id)?.isRacing == true { sendSoon(id, others) } else { send(id, others) }
        }
        for id in room.watchers { send(id, lines) }
    }

    func progress(of racer: Race.Racer, in room: Room) -> RacerProgress {
        let game = racer.liveGame.game
        return RacerProgress(
            room: room.name, nickname: racer.nickname, score: game.score, largestTile: game.largestTile,
            moves: game.moveCount, board: game.boardValues)
    }
}
