import TileRaceEngine
import TileRaceProtocol

/// Until the service answers, the asker's later lines wait, so replies stay
/// in order. A submission is answered only once stored.
extension ServerCore {
    struct AwaitedAnswer {
        var sessionID: ConnectionID
        var request: LeaderboardRequest
    }

    func submit(_ session: Session, nickname: String, token: String?) throws(ProtocolError) {
        guard !session.isBot else {
            throw ProtocolError(.notEligible, "bots' games never go on the leaderboard (this connection said HELLO ... bot=yes)")
        }
        guard let finished = session.lastFinished, !finished.isSubmitted else {
            throw ProtocolError(.nothingToSubmit, "you have no finished game to submit (or it was submitted already)")
        }
        let size = finished.result.size
        guard size == 4 else {
            throw ProtocolError(.notEligible, "only 4x4 games go on the leaderboard; this one was \(size)x\(size)")
        }
        guard !finished.isGhost else {
            throw ProtocolError(
                .notEligible, "a ghost race is never eligible for a board: its seed is known (it was started with PRACTICE ... ghost=yes)")
        }
        let key = Names.nicknameKey(nickname)
        let (owner, isConnectedElsewhere) = registry.withState { ($0.nicknames[key], $0.remoteNicknames.contains(key)) }
        let newToken = finished.claimToken ?? random.token()
        session.lastFinished?.claimToken = newToken
        // The server's own record of the game, timed by its clock, is what the rules judge.
        let heldRule = (try? GameLog(parsing: finished.log)).flatMap(Plausibility.judge)
        let submission = LeaderboardSubmission(
            result: finished.result, log: finished.log, date: today, dailyDate: finished.dailyDate, nickname: nickname,
            token: token, newToken: newToken, isInUseByAnother: owner.map { $0 != session.id } ?? isConnectedElsewhere,
            sprintTime: finished.sprintTime, heldRule: heldRule?.rawValue)
        ask(.submit(submission), for: session)
    }

    /// The session's input waits for the answer.
    func ask(_ request: LeaderboardRequest, for session: Session) {
        let id = nextLeaderboardRequestID
        nextLeaderboardRequestID += 1
        awaitedAnswers[id] = AwaitedAnswer(sessionID: session.id, request: request)
        session.awaitedAnswer = id
        outbox.append(.leaderboard(id, request))
    }

    /// Then gives the asker's waiting requests a turn (unless its output is
    /// backed up).
    func answered(_ id: Int, _ answer: LeaderboardAnswer) {
        if let question = banRefreshQuestion, question.id == id {
            banRefreshQuestion = nil
            // An unreachable store changes nothing.
            if case .bans(let stored) = answer { changeBans(readAt: question.bansVersion) { $0 = ServerRegistry.keyed(stored) } }
            return
        }
        if let ratings = awaitedRatings.removeValue(forKey: id) { return ratingsAnswered(ratings, answer) }
        guard let awaited = awaitedAnswers.removeValue(forKey: id) else { return }
        let session = sessions[awaited.sessionID]
        let lines: [String]
        switch answer {
        case .submitted(let receipt, let warnings):
            for warning in warnings { log(.error, LogEntry("store.warning", message: warning)) }
            let rank = receipt.rank.map(String.init) ?? "-"
            var fields: [LogEntry.Field] = [
                .init("nick", receipt.nickname), .init("score", receipt.score), .init("board", receipt.board.rawValue), .init("rank", rank),
            ]
            var message = "\(receipt.nickname) submitted \(receipt.score) to the \(receipt.board.rawValue) board (rank \(rank))"
            if let sprintTime = receipt.sprintTime {
                let sprintRank = receipt.sprintRank.map(String.init) ?? "-"
                fields += [.init("sprint", sprintTime), .init("sprint-rank", sprintRank)]
                message += ", a sprint of \(sprintTime) ms (sprint rank \(sprintRank))"
            }
            if let rule = receipt.held {
                fields.append(.init("held", rule))
                message += ", held for review: \(rule)"
            }
            log(.info, LogEntry("leaderboard.submitted", fields, message: message))
            session?.lastFinished?.isSubmitted = true
            lines = [ServerMessage.ok(.submit(receipt)).line]
        case .page(let entries, let summary):
            lines = entries.map { ServerMessage.entry($0).line } + [ServerMessage.ok(.top(summary)).line]
        case .ratingPage(let entries, let summary):
            lines = entries.map { ServerMessage.rating($0).line } + [ServerMessage.ok(.top(summary)).line]
        case .provenRating(let rating):
            guard let session, session.awaitedAnswer == id else { return }
            session.awaitedAnswer = nil
            // A rated room's `READY token=` comes from a player in a room; `QUEUE` from one outside.
            if session.roomKey != nil {
                claimProven(for: session, rating: rating)
            } else if session.joiningArena != nil {
                arenaProven(session, rating: rating)
            } else {
                queueProven(session, rating: rating)
            }
            return setInputFlow(.turn, of: session)
        case .rated:
            lines = []
        case .record(let entry):
            lines = recordLines(entry, awaited.request, session: session)
        case .bans, .moderated, .reports, .assisted, .held:
            lines = moderationLines(answer, awaited.request)
        case .refused(let error):
            lines = [ServerMessage.error(claimRefusal(error, of: awaited.request, for: session)).line]
        case .failed(let error, let reason):
            if let reason { log(.error, LogEntry("store.error", [.init("reason", reason)], message: "error: \(reason)")) }
            // `INFO` asked whether the store is up: it is not.
            lines = [awaited.request == .status ? infoLine(isStoreUp: false) : ServerMessage.error(error).line]
        case .status(let isUp):
            lines = [infoLine(isStoreUp: isUp)]
        }
        guard let session, session.awaitedAnswer == id else { return }
        send(session.id, lines: lines)
        session.awaitedAnswer = nil
        setInputFlow(.turn, of: session)
    }

    /// `LOG` lines are charged a token each now that their number is known.
    private func recordLines(_ entry: BoardEntry?, _ request: LeaderboardRequest, session: Session?) -> [String] {
        guard case .record(let query, let today) = request else { return [] }
        guard let entry, let log = entry.log else {
            // RECORD refuses board=rating before asking.
            let board = LeaderboardBoardID(kind: query.board, date: query.date, today: today).spokenName
            return [ServerMessage.error(ProtocolError(.noRecord, "\(query.nickname) has no game record on \(board)")).line]
        }
        let chunks = RecordChunks.split(log)
        session?.gate.chargeReply(of: .record, itemLines: chunks.count, now: now)
        // An entry is a letter (`X` has two digits after it, and a time `@` and digits).
        let entries = log.utf8.lazy.filter { "LRUDZX".utf8.contains($0) }.count
        let summary = RecordSummary(
            nickname: entry.nickname, seed: entry.seed, size: entry.size, target: entry.target, entries: entries, count: chunks.count)
        return chunks.map { ServerMessage.log($0).line } + [ServerMessage.ok(.record(summary)).line]
    }

    // MARK: INFO

    // `INFO`: whole-server figures from the registry. Shards add their moves
    // once a second, never per move, to keep the lock off the hot path.

    func infoLine(isStoreUp: Bool) -> String {
        addPendingMoves()
        let second = now / 1000
        let (players, rooms, races, moves) = registry.withState { registry in
            let races = registry.rooms.values.count { $0.description.state == .racing }
            return (registry.greetedCount, registry.rooms.count, races, registry.moveRate.total(atSecond: second))
        }
        let info = ServerInfo(
            version: TileRaceVersion.current, uptimeSeconds: max(0, now - startedAt) / 1000, players: players, rooms: rooms,
            races: races, tenthsOfMovesPerSecond: ServerInfo.tenthsPerSecond(movesInLastMinute: moves), store: storeKind,
            isStoreUp: isStoreUp)
        return ServerMessage.ok(.info(info)).line
    }

    func countMoves(_ count: Int) {
        guard count > 0 else { return }
        let second = now / 1000
        if second != pendingMovesSecond { addPendingMoves() }
        pendingMovesSecond = second
        pendingMoves += count
    }

    func addPendingMoves() {
        guard pendingMoves > 0 else { return }
        let (count, second) = (pendingMoves, pendingMovesSecond)
        pendingMoves = 0
        registry.withState { $0.moveRate.add(count, atSecond: second) }
    }
}
