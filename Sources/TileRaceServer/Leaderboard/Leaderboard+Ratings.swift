import TileRaceProtocol

/// Ratings (protocol.md 5.7): Glicko-2 over rated races. The Redis store
/// uses the same functions, so both stores rate alike.
extension Leaderboard {
    /// Deviation grown with the days away; a newcomer's when none.
    public func rating(of nickname: String, onDay day: Int) -> Glicko2.Rating {
        ratings[Names.nicknameKey(nickname)]?.current(onDay: day) ?? Glicko2.newcomer
    }

    /// Rates a race: each pair of racers is a game; each racer's games are one
    /// rating period against the others' pre-race ratings. Nil when it cannot
    /// be rated (fewer than two racers, or a bad date).
    package static func rate(
        _ race: RatedRace, stored: [String: PlayerRating], lastSequence: Int
    ) -> (records: [LeaderboardRecord], changes: [RatingChange])? {
        guard race.racers.count >= 2, let day = UTCTime.dayNumber(of: race.date) else { return nil }
        let keys = race.racers.map { Names.nicknameKey($0.nickname) }
        let before = keys.map { stored[$0]?.current(onDay: day) ?? Glicko2.newcomer }
        var afters: [Glicko2.Rating] = []
        var took = keys.map { stored[$0]?.took ?? [:] }
        for index in race.racers.indices {
            let opponents = race.racers.indices.filter { $0 != index }
            let games = opponents.map { Glicko2.Game(opponent: before[$0], score: race.score(of: index, against: $0)) }
            let after = Glicko2.rated(before[index], games: games)
            afters.append(after)
            // What this racer lost to each opponent is kept with the opponent's rating, to give back (protocol.md 13).
            for (opponent, part) in zip(opponents, Glicko2.changeParts(of: before[index], after: after, games: games)) {
                let lost = PlayerRating.millionths(-part)
                if lost > 0 { took[opponent][keys[index], default: 0] += lost }
            }
        }
        var records: [LeaderboardRecord] = []
        var changes: [RatingChange] = []
        for (index, racer) in race.racers.enumerated() {
            let stored = PlayerRating(
                sequence: lastSequence + index + 1, nickname: racer.nickname, rating: afters[index], day: day,
                races: (stored[keys[index]]?.races ?? 0) + 1, took: took[index])
            records.append(.rating(stored))
            changes.append(RatingChange(nickname: racer.nickname, before: before[index], after: stored.rating))
        }
        return (records, changes)
    }

    package mutating func rate(_ race: RatedRace) -> (records: [LeaderboardRecord], changes: [RatingChange])? {
        guard let rated = Leaderboard.rate(race, stored: ratings, lastSequence: lastSequence) else { return nil }
        for record in rated.records { apply(record) }
        return rated
    }

    /// - Throws: `not-eligible` when nobody claimed it, `bad-token` for a
    ///   wrong or missing token.
    public func proveClaim(of nickname: String, token: String?, on date: String) throws(ProtocolError) {
        guard let claim = claim(of: nickname, on: date) else { throw LeaderboardRules.unclaimed(nickname) }
        guard let token, isSameSecret(token, claim.token) else { throw LeaderboardRules.badToken(claim.nickname, tokenGiven: token != nil) }
        if assisted[Names.nicknameKey(nickname)] != nil { throw LeaderboardRules.assisted(claim.nickname) }
    }

    /// `ASSIST` (protocol.md 13): each opponent who lost points to the nickname in rated
    /// races is given them back on its current rating (its `took=`, then emptied), and the
    /// nickname is marked unless it is already (`isNew`): then only what it took since, in a
    /// race under way at the first mark, is given back.
    package mutating func assist(_ nickname: String, reason: String) -> (
        records: [LeaderboardRecord], refunded: Int, points: Int, isNew: Bool
    ) {
        let key = Names.nicknameKey(nickname)
        let isNew = assisted[key] == nil
        var records: [LeaderboardRecord] = []
        var (refunded, points) = (0, 0)
        func record(_ record: LeaderboardRecord) {
            apply(record)
            records.append(record)
        }
        if var own = ratings[key], !own.took.isEmpty {
            for opponent in own.took.keys.sorted() {
                guard var rating = ratings[opponent], let lost = own.took[opponent] else { continue }
                rating.sequence = lastSequence + 1
                rating.rating.rating = Double(PlayerRating.millionths(rating.rating.rating) + lost) / 1_000_000
                record(.rating(rating))
                refunded += 1
                points += lost
            }
            own.sequence = lastSequence + 1
            own.took = [:]
            record(.rating(own))
        }
        if isNew { record(.assist(sequence: lastSequence + 1, nickname: nickname, reason: reason)) }
        return (records, refunded, points, isNew)
    }

    /// `today` dates the deviations' growth.
    public func ratingPage(_ query: LeaderboardQuery, today: String) -> (entries: [RatingEntry], summary: TopSummary) {
        Leaderboard.ratingPage(query, of: ratings.filter { assisted[$0.key] == nil }.map(\.value), today: today)
    }

    /// One page of the rating board: the listed ratings (`RatingEntry.unlisted`), by rating; ties in nickname
    /// order. `nick=` keeps one line, ranked as in the whole list, or rank 0 with why it is not listed; `total`
    /// is still the whole board's, and `unlisted` counts the ratings kept off it.
    public static func ratingPage(_ query: LeaderboardQuery, of stored: [PlayerRating], today: String) -> (
        entries: [RatingEntry], summary: TopSummary
    ) {
        let day = UTCTime.dayNumber(of: today) ?? 0
        func byRating(_ left: RatingEntry, _ right: RatingEntry) -> Bool {
            left.rating != right.rating
                ? left.rating > right.rating : Names.nicknameKey(left.nickname) < Names.nicknameKey(right.nickname)
        }
        var listed: [RatingEntry] = []
        var unlisted: [RatingEntry] = []
        for rating in stored {
            let current = rating.current(onDay: day)
            let entry = RatingEntry(
                rank: 0, nickname: rating.nickname, rating: Int(current.rating.rounded()), deviation: Int(current.deviation.rounded()),
                races: rating.races, isProvisional: current.isProvisional,
                unlisted: RatingEntry.unlisted(races: rating.races, daysAway: day - rating.day, deviation: current.deviation))
            if entry.unlisted == nil { listed.append(entry) } else { unlisted.append(entry) }
        }
        listed.sort(by: byRating)
        for index in listed.indices { listed[index].rank = index + 1 }
        var ordered = listed
        if let nickname = query.nickname {
            ordered = (listed + unlisted).filter { Names.nicknameKey($0.nickname) == Names.nicknameKey(nickname) }
        }
        switch query.sort {
        case .rank, .score: break
        case .nickname: ordered.sort { Names.nicknameKey($0.nickname) < Names.nicknameKey($1.nickname) }
        }
        let naturalOrder: LeaderboardQuery.Order = query.sort == .score ? .desc : .asc
        if query.effectiveOrder != naturalOrder { ordered.reverse() }
        let page = Array(ordered.dropFirst(query.offset).prefix(query.limit))
        let summary = TopSummary(
            board: .rating, date: nil, total: listed.count, offset: query.offset, count: page.count, unlisted: unlisted.count)
        return (page, summary)
    }
}
