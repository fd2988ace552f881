import TileRaceProtocol

/// Rated rooms (protocol.md 5.7): eligibility, claims proved at `READY`,
/// and ratings the store computes at the race's end.
extension ServerCore {
    struct AwaitedRatings {
        var roomKey: String
        var raceID: Int
        var results: [RacerFinish]
    }

    static let botsUnrated = ProtocolError(
        .notEligible, "rated rooms are for people: this connection said HELLO ... bot=yes (race bots in an unrated room)")

    /// False while the store checks `token`; its answer then carries the
    /// `READY` out.
    /// - Throws: `not-eligible` for a bot or without a token.
    func hasProvenClaim(_ session: Session, token: String?) throws(ProtocolError) -> Bool {
        guard !session.isBot else { throw ServerCore.botsUnrated }
        guard let nickname = session.nickname else { return false }
        if let token {
            ask(.proveClaim(nickname: nickname, token: token, today: today), for: session)
            return false
        }
        guard session.provenClaim == Names.nicknameKey(nickname) else {
            throw ProtocolError(
                .notEligible,
                "a rated room needs your nickname's claim: READY token=<the token SUBMIT gave \(nickname)>")
        }
        return true
    }

    func claimProven(for session: Session, rating: Glicko2.Rating) {
        guard let nickname = session.nickname else { return }
        session.provenClaim = Names.nicknameKey(nickname)
        session.provenRating = rating
        do throws(ProtocolError) {
            try ready(session, true)
        } catch {
            send(session.id, .error(error))
        }
    }

    /// Its standings go out when the new ratings are in; their places are
    /// `ratingPlaces`.
    func askRatings(_ results: [RacerFinish], in room: Room) {
        guard let raceID = results.first?.race else { return }
        let race = RatedRace(racers: results.map { RatedRace.Racer(nickname: $0.nickname, place: $0.place ?? 0) }, date: today)
        let id = nextLeaderboardRequestID
        nextLeaderboardRequestID += 1
        awaitedRatings[id] = AwaitedRatings(roomKey: room.key, raceID: raceID, results: results)
        outbox.append(.leaderboard(id, .rate(race)))
    }

    /// Places for ratings: reaching the target earlier wins; else higher score
    /// wins, equal scores draw; all who left or resigned draw, last.
    static func ratingPlaces(of ranked: [Standings.Finisher]) -> [Int] {
        var places: [Int] = []
        for (index, finisher) in ranked.enumerated() {
            if index > 0 {
                let previous = ranked[index - 1]
                let group = finisher.reason.group
                let isDraw =
                    group == previous.reason.group
                    && (group == .gaveUp || (group == .playedOn && finisher.score == previous.score))
                if isDraw {
                    places.append(places[index - 1])
                    continue
                }
            }
            places.append(index + 1)
        }
        return places
    }

    /// If the store failed, results go out without ratings and the race counts
    /// for nothing (the log says why).
    func ratingsAnswered(_ awaited: AwaitedRatings, _ answer: LeaderboardAnswer) {
        var results = awaited.results
        switch answer {
        case .rated(let changes):
            keepRatings(changes, in: rooms[awaited.roomKey])
            for (index, change) in changes.enumerated() where index < results.count {
                results[index].rating = change.shownRating
                results[index].ratingChange = change.shownChange
                results[index].isProvisional = change.after.isProvisional
            }
            let summary = changes.map { "\($0.nickname) \($0.shownRating) (\($0.shownChange >= 0 ? "+" : "")\($0.shownChange))" }
            log(
                .info, "race.rated", [.init("race", awaited.raceID), .init("ratings", summary.joined(separator: ", "))],
                message: "race \(awaited.raceID) rated: \(summary.joined(separator: ", "))")
        default:
            let detail =
                switch answer {
                case .failed(let error, let reason): reason ?? error.message
                case .refused(let error): error.message
                default: "unexpected answer from the store"
                }
            log(
                .error, "race.not-rated", [.init("race", awaited.raceID), .init("reason", detail)],
                message: "error: race \(awaited.raceID) could not be rated: \(detail)")
        }
        guard let room = rooms[awaited.roomKey] else { return }
        sendResults(results, of: awaited.raceID, in: room)
    }

    /// Nil in an unrated room or before the claim is proved.
    func shownRating(of session: Session, in room: Room) -> ShownRating? {
        guard room.options.isRated, let nickname = session.nickname, session.provenClaim == Names.nicknameKey(nickname) else {
            return nil
        }
        return session.provenRating.map(ShownRating.init)
    }

    /// The room shows them until the next race changes them.
    private func keepRatings(_ changes: [RatingChange], in room: Room?) {
        guard let room else { return }
        for id in room.players {
            guard let session = sessions[id], let nickname = session.nickname, session.provenClaim == Names.nicknameKey(nickname),
                let change = changes.first(where: { Names.nicknameKey($0.nickname) == session.provenClaim })
            else { continue }
            session.provenRating = change.after
        }
    }
}
