import TileRaceProtocol

/// Leaderboard requests: `SUBMIT`, `TOP` and `RECORD`.
///
/// A submission is decided at once on `pendingLeaderboard` (what is stored
/// plus what is being written), handed to the disk as a `persist` action,
/// and answered only when it is stored (`persisted`). Until then the
/// submitter's further requests wait, so replies stay in order. `TOP` shows
/// `committedLeaderboard`: only what is on disk.
extension ServerCore {
    /// A submission being written: whom to answer, and how.
    struct InFlightSubmission {
        /// The submitter.
        var sessionID: ConnectionID
        /// The `OK SUBMIT` reply once stored.
        var receipt: SubmitReceipt
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
        // A connected player's nickname, not yet claimed, can be claimed by that connection only.
        let key = Names.nicknameKey(nickname)
        if let owner = nicknames[key], owner != session.id, pendingLeaderboard.claim(of: nickname, on: today) == nil {
            throw ProtocolError(.nicknameTaken, "\(nickname) is the nickname of a player connected now; only they can claim it")
        }
        let submission = try pendingLeaderboard.submit(
            finished.result, log: finished.log, date: today, dailyDate: finished.dailyDate, nickname: nickname, token: token,
            newToken: random.token)
        let request = PersistRequest(id: nextPersistID, generation: persistGeneration, records: submission.records)
        nextPersistID += 1
        inFlightSubmissions[request.id] = InFlightSubmission(sessionID: session.id, receipt: submission.receipt)
        session.awaitedPersist = request.id
        outbox.append(.persist(request))
    }

    /// A submission was stored, or not: answer the submitter and let its
    /// waiting requests run.
    func persisted(_ request: PersistRequest, _ outcome: PersistOutcome) {
        guard let submission = inFlightSubmissions.removeValue(forKey: request.id) else { return }
        let session = sessions[submission.sessionID]
        switch outcome {
        case .stored(let warnings):
            for record in request.records {
                committedLeaderboard.apply(record)
                committedLeaderboard.advanceSequence(to: record.sequence)
            }
            for warning in warnings { log(.error, warning) }
            let receipt = submission.receipt
            log(
                .info,
                "\(receipt.nickname) submitted \(receipt.score) to the \(receipt.board.rawValue) board (rank \(receipt.rank.map(String.init) ?? "-"))"
            )
            if let session {
                session.lastFinished?.isSubmitted = true
                reply(session, .submit(receipt))
            }
        case .failed(let error):
            log(.error, "error: leaderboard not saved: \(error.message)")
            if request.generation == persistGeneration {
                // The rest of this generation fails unwritten: start again from what is stored.
                persistGeneration += 1
                pendingLeaderboard = committedLeaderboard
            }
            if let session {
                send(
                    session.id,
                    .error(ProtocolError(.internal, "the leaderboard could not be saved; your game was not recorded, try again")))
            }
        }
        guard let session, session.awaitedPersist == request.id else { return }
        session.awaitedPersist = nil
        runInput(of: session)
    }

    func top(_ session: Session, _ query: LeaderboardQuery) {
        let (entries, summary) = committedLeaderboard.page(query, today: today)
        let lines = entries.map { ServerMessage.entry($0).line }
        send(session.id, lines: lines + [ServerMessage.ok(.top(summary)).line])
    }
}

extension ServerCore {
    /// `RECORD`: the entry's log in `LOG` chunks, then `OK RECORD`; `ERR
    /// no-record` when there is no such entry or it kept no log.
    func record(_ session: Session, _ query: RecordQuery) throws(ProtocolError) {
        guard let entry = committedLeaderboard.entry(for: query, today: today), let log = entry.log else {
            let board = query.board == .all ? "the all-time board" : "the daily board of \(query.date ?? today)"
            throw ProtocolError(.noRecord, "\(query.nickname) has no game record on \(board)")
        }
        let chunks = RecordChunks.split(log)
        let entries = log.utf8.count - 2 * log.utf8.lazy.filter { $0 == UInt8(ascii: "X") }.count
        let summary = RecordSummary(
            nickname: entry.nickname, seed: entry.seed, size: entry.size, target: entry.target, entries: entries, count: chunks.count)
        send(session.id, lines: chunks.map { ServerMessage.log($0).line } + [ServerMessage.ok(.record(summary)).line])
    }

    /// What `RECORD` costs: one token, plus one per `LOG` line it would send
    /// (priced from the words before they are parsed; a bad request costs 1).
    func recordCost(words: [Substring]) -> Int {
        guard words.count >= 2 else { return 1 }
        var query = RecordQuery(nickname: String(words[1]))
        for word in words.dropFirst(2) {
            if word == "board=daily" { query.board = .daily }
            if word.hasPrefix("date=") { query.date = String(word.dropFirst(5)) }
        }
        let length = committedLeaderboard.entry(for: query, today: today)?.log?.utf8.count ?? 0
        return min(1 + RecordChunks.count(ofLength: length), limits.requestBurst)
    }
}
