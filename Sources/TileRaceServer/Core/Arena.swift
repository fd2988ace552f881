import TileRaceProtocol

/// A timed tournament (protocol.md 5.9), as a value with no clock of its own:
/// times are wall-clock milliseconds passed in. Players join and leave at
/// will; the free ones are paired (`pairings`) into races that `score`
/// turns into points, lichess's arena rules:
///
/// - a win scores 2, a draw 1, a loss 0;
/// - after two wins in a row a player is on fire: a win scores 4 and a draw
///   2, until a race they do not win;
/// - berserk (chosen before a race) halves the player's own clock for that
///   race and adds 1 point to a win;
/// - once the arena's clock runs out the standings freeze: a race still
///   running then scores nothing.
///
/// A race of more than 2 is scored by a placement table: alone in first
/// place is a win, sharing first place a draw, the last place (not first) a
/// loss, any place in between a draw. So a race of 2 is exactly lichess's
/// game. Places are the rating's (`ServerCore.ratingPlaces`: equal scores
/// draw).
///
/// Ties in points are broken by performance: the mean, over every opponent
/// met in every race, of the opponent's rating + 400 for a place above
/// them, - 400 below, + 0 for the same place (FIDE's linear performance);
/// then by rating, then by who joined first.
struct Arena: Hashable, Codable, Sendable {
    struct Settings: Hashable, Codable, Sendable {
        /// Wall-clock ms.
        var startsAt: Int
        var lengthMilliseconds: Int
        var size = 4
        var target = 2048
        /// 0: no limit (then berserk has no clock to halve and is refused).
        var raceLimitSeconds = 180
        var isRated = false
        /// Players a race is made for: 2 to 4.
        var raceSize = 2

        var endsAt: Int { startsAt + lengthMilliseconds }
    }

    enum Outcome: String, Hashable, Codable, Sendable {
        case win, draw, loss
    }

    /// One race on a player's sheet.
    struct SheetEntry: Hashable, Codable, Sendable {
        var race: Int
        var outcome: Outcome
        var points: Int
        var isBerserk: Bool
        var wasOnFire: Bool
    }

    struct Player: Hashable, Codable, Sendable {
        let nickname: String
        var rating: Double
        var points = 0
        /// Wins in a row.
        var streak = 0
        var sheet: [SheetEntry] = []
        /// Sum and count of the per-opponent performances.
        var performanceSum = 0.0
        var opponents = 0
        var hasLeft = false
        /// The race being raced.
        var race: Int?
        /// Wall ms since free (joined, or its race ended).
        var freeSince: Int
        /// Chosen for the next race.
        var isBerserk = false
        let joinOrder: Int
        /// The race it was last paired into: those who share it just raced
        /// each other (optional: older snapshots have none).
        var lastRace: Int?

        var isOnFire: Bool { streak >= 2 }

        /// Nil before any race.
        var performance: Int? { opponents == 0 ? nil : Int((performanceSum / Double(opponents)).rounded()) }
    }

    /// What a restart keeps of a shard's arenas (the data directory's
    /// `arenas.json`, written after every change).
    struct Snapshot: Hashable, Codable, Sendable {
        var arenas: [Arena]
        var closed: Set<Int>
        var nextRace: Int
    }

    /// After a restart: the races under way were lost and score nothing;
    /// their racers are free.
    mutating func forgetRaces(at now: Int) {
        for index in players.indices where players[index].race != nil {
            players[index].race = nil
            players[index].freeSince = now
        }
    }

    /// One racer's place in a finished race, as `score` takes it.
    struct Placing: Hashable, Sendable {
        var nickname: String
        /// 1 first; drawn racers share one.
        var place: Int
    }

    static let maximumRaceSize = 4
    static let newcomerRating = 1500.0
    static let performanceSpread = 400.0

    let id: Int
    let settings: Settings
    /// In join order; a player who left stays, with its points.
    private(set) var players: [Player] = []

    init(id: Int, settings: Settings) {
        self.id = id
        self.settings = settings
    }

    func isStarted(at now: Int) -> Bool { now >= settings.startsAt }

    /// Frozen: nothing scores any more.
    func isOver(at now: Int) -> Bool { now >= settings.endsAt }

    func index(of nickname: String) -> Int? {
        let key = Names.nicknameKey(nickname)
        return players.firstIndex { Names.nicknameKey($0.nickname) == key }
    }

    func player(_ nickname: String) -> Player? { index(of: nickname).map { players[$0] } }

    // MARK: Joining

    /// Joining again after leaving keeps the points and the streak.
    mutating func join(_ nickname: String, rating: Double, at now: Int) {
        if let index = index(of: nickname) {
            players[index].hasLeft = false
            if players[index].race == nil { players[index].freeSince = now }
            return
        }
        players.append(Player(nickname: nickname, rating: rating, freeSince: now, joinOrder: players.count))
    }

    /// Never paired again until it joins again; a race under way still counts.
    mutating func leave(_ nickname: String) {
        guard let index = index(of: nickname) else { return }
        players[index].hasLeft = true
        players[index].isBerserk = false
    }

    /// While racing (or paired), it is for the race after.
    /// - Throws: `not-eligible` without a race clock or outside the arena.
    mutating func berserk(_ nickname: String) throws(ProtocolError) {
        guard settings.raceLimitSeconds > 0 else {
            throw ProtocolError(.notEligible, "arena \(id)'s races have no time limit: there is no clock to halve")
        }
        guard let index = index(of: nickname), !players[index].hasLeft else {
            throw ProtocolError(.notEligible, "you are not in arena \(id): ARENA \(id) first")
        }
        players[index].isBerserk = true
    }

    // MARK: Standings

    /// Points, then performance, then rating, then who joined first.
    var standings: [Player] {
        players.sorted { left, right in
            if left.points != right.points { return left.points > right.points }
            let (leftPerformance, rightPerformance) = (left.performance ?? Int.min, right.performance ?? Int.min)
            if leftPerformance != rightPerformance { return leftPerformance > rightPerformance }
            if left.rating != right.rating { return left.rating > right.rating }
            return left.joinOrder < right.joinOrder
        }
    }

    // MARK: Pairing

    /// How long a free player may wait while another is free: one look at
    /// the players (the server's is every 2 s), as everyone free is paired
    /// at each look.
    static let pairingMilliseconds = 2_000

    /// The races to start now: every free player (joined, not left, not
    /// racing, and `isAvailable`: connected and in no room) in standings
    /// order, cut into races of `raceSize` (`cut`: a player left over joins
    /// the last race, or, when that is full, the last two are cut again), so
    /// nobody free waits alone while another is free. Each race is the
    /// best-ranked free player with the nearest below it who did not just
    /// race any of them (no immediate rematch), or the nearest when nobody
    /// else is left. None once the arena is over, and none before it starts.
    func pairings(at now: Int, isAvailable: (String) -> Bool) -> [[String]] {
        guard isStarted(at: now), !isOver(at: now) else { return [] }
        var free = standings.filter { !$0.hasLeft && $0.race == nil && isAvailable($0.nickname) }
        return Arena.cut(free.count, into: settings.raceSize).map { count in
            var race = [free.removeFirst()]
            while race.count < count {
                let fresh = free.firstIndex { candidate in
                    candidate.lastRace == nil || !race.contains { $0.lastRace == candidate.lastRace }
                }
                race.append(free.remove(at: fresh ?? 0))
            }
            return race.map(\.nickname)
        }
    }

    /// Sizes of runs of `count` players: `size` each, the rest joined so no
    /// run is of 1; a run is never over `maximumRaceSize`.
    static func cut(_ count: Int, into size: Int) -> [Int] {
        guard count >= 2 else { return [] }
        let size = min(max(size, 2), maximumRaceSize)
        var runs = Array(repeating: size, count: count / size)
        let rest = count % size
        if rest >= 2 {
            runs.append(rest)
        } else if rest == 1, size < maximumRaceSize {
            runs[runs.count - 1] += 1
        } else if rest == 1 {
            // Full races of 4: the last becomes 3 and the rest 2.
            runs[runs.count - 1] -= 1
            runs.append(2)
        }
        return runs
    }

    /// Marks a paired group racing in `race`; returns who races berserk
    /// (berserk is for one race: it is cleared).
    mutating func startRace(_ race: Int, of nicknames: [String]) -> Set<String> {
        var berserk: Set<String> = []
        for nickname in nicknames {
            guard let index = index(of: nickname) else { continue }
            players[index].race = race
            players[index].lastRace = race
            if players[index].isBerserk { berserk.insert(players[index].nickname) }
            players[index].isBerserk = false
        }
        return berserk
    }

    /// Frees the racers of `race` (only `nickname`, when given: it left the
    /// race's room before the start), to be paired at the next look.
    mutating func free(race: Int, at now: Int, nickname: String? = nil) {
        for index in players.indices where players[index].race == race {
            if let nickname, Names.nicknameKey(nickname) != Names.nicknameKey(players[index].nickname) { continue }
            players[index].race = nil
            players[index].freeSince = now
        }
    }

    /// The points a result is worth, before it is added.
    static func points(for outcome: Outcome, isOnFire: Bool, isBerserk: Bool) -> Int {
        switch outcome {
        case .win: (isOnFire ? 4 : 2) + (isBerserk ? 1 : 0)
        case .draw: isOnFire ? 2 : 1
        case .loss: 0
        }
    }

    /// The placement table: alone first wins, sharing first draws, last loses,
    /// in between draws.
    static func outcome(place: Int, among places: [Int]) -> Outcome {
        let first = places.min() ?? place
        let last = places.max() ?? place
        if place == first { return places.filter { $0 == first }.count == 1 ? .win : .draw }
        return place == last ? .loss : .draw
    }

    /// Scores a finished race and frees its racers. A race that ends after
    /// the arena's end, or that `counts` is false for (the fair-play rules
    /// found it unfair), scores nothing; its racers are free again all the
    /// same. Returns the nicknames whose points changed.
    @discardableResult
    mutating func score(race: Int, placings: [Placing], berserk: Set<String>, at now: Int, counts: Bool = true) -> [String] {
        free(race: race, at: now)
        guard counts, !isOver(at: now), placings.count >= 2 else { return [] }
        let places = placings.map(\.place)
        let ratings = Dictionary(
            placings.compactMap { placing in player(placing.nickname).map { (Names.nicknameKey(placing.nickname), $0.rating) } },
            uniquingKeysWith: { first, _ in first })
        var changed: [String] = []
        for placing in placings {
            guard let index = index(of: placing.nickname) else { continue }
            let isBerserk = berserk.contains(players[index].nickname)
            let outcome = Arena.outcome(place: placing.place, among: places)
            let wasOnFire = players[index].isOnFire
            let points = Arena.points(for: outcome, isOnFire: wasOnFire, isBerserk: isBerserk)
            players[index].points += points
            players[index].streak = outcome == .win ? players[index].streak + 1 : 0
            players[index].sheet.append(
                SheetEntry(race: race, outcome: outcome, points: points, isBerserk: isBerserk, wasOnFire: wasOnFire))
            for other in placings where Names.nicknameKey(other.nickname) != Names.nicknameKey(placing.nickname) {
                let rating = ratings[Names.nicknameKey(other.nickname)] ?? Arena.newcomerRating
                let sign = placing.place < other.place ? 1.0 : placing.place > other.place ? -1.0 : 0
                players[index].performanceSum += rating + sign * Arena.performanceSpread
                players[index].opponents += 1
            }
            changed.append(players[index].nickname)
        }
        return changed
    }
}
