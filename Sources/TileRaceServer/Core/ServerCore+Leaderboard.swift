import TileRaceProtocol

/// Leaderboard requests: `SUBMIT` and `TOP`.
extension ServerCore {
    func submit(_ session: Session, nick: String, token: String?) throws(ProtocolError) {
        guard let finished = session.lastFinished, !finished.isSubmitted else {
            throw ProtocolError(.nothingToSubmit, "you have no finished game to submit (or it was submitted already)")
        }
        guard finished.size == 4 else {
            throw ProtocolError(.notEligible, "only 4x4 games go on the leaderboard; this one was \(finished.size)x\(finished.size)")
        }
        let submission = try store.leaderboard.submission(
            of: finished.submission(date: today), nick: nick, token: token, newToken: random.token)
        do throws(StoreError) {
            for warning in try store.commit(submission.records) { log(.error, warning) }
        } catch {
            log(.error, "error: leaderboard not saved: \(error.message)")
            throw ProtocolError(.internal, "the leaderboard could not be saved; your game was not recorded, try again")
        }
        session.lastFinished?.isSubmitted = true
        reply(session, .submit(submission.receipt))
        let receipt = submission.receipt
        log(.info, "\(receipt.nick) submitted \(receipt.score) to the \(receipt.board.rawValue) board (rank \(receipt.rank.map(String.init) ?? "-"))")
    }

    func top(_ session: Session, _ query: LeaderboardQuery) {
        let (entries, summary) = store.leaderboard.page(query, today: today)
        let lines = entries.map { ServerMessage.entry($0).line }
        send(session.id, lines: lines + [ServerMessage.ok(.top(summary)).line])
    }
}
