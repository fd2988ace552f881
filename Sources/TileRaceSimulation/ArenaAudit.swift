import TileRaceProtocol

/// The simulator's own reckoning of arena points (protocol.md 5.9) from the lines a
/// server sent, as `RatingAudit` is of ratings: a race's `RESULT` lines give places
/// (equal scores of racers who played on draw, as `RatingAudit.ratingPlaces`); alone
/// first wins, sharing first or between draws, last loses; a win scores 2 (4 on fire,
/// after two wins in a row; +1 berserk), a draw 1 (2 on fire), a loss 0; a race that
/// ends once the arena's time is up scores nothing. Every `SCORED` and `STANDING` line
/// must show what it reckons, and once the arena is over a player's line never changes.
/// One per server generation (a restart loses the arenas). Not thread-safe.
struct ArenaAudit {
    /// A player's points as the audit reckons them.
    struct Tally: Hashable {
        var points = 0
        var streak = 0
        var races = 0
        var sheet = ""
    }

    struct ArenaModel {
        var startsAt: Int
        var endsAt: Int
        var tallies: [String: Tally] = [:]
        /// Each player's `STANDING` once the arena is over (its fields, less `left=`).
        var frozen: [String: String] = [:]
    }

    /// An arena's race: its room from `MATCHED` to `END`.
    struct RaceRoom {
        var arena: Int
        var racers: Set<String> = []
        var berserk: Set<String> = []
        var results: [RacerFinish] = []
        var hasStarted = false
        var hasEnded = false
    }

    /// An invariant broken: its name and what was wrong.
    struct Violation: Error, Hashable {
        var invariant: String
        var details: String
    }

    private(set) var arenas: [Int: ArenaModel] = [:]
    private var rooms: [String: RaceRoom] = [:]
    /// Each player's arena (by nickname key), from `OK ARENA` to `OK ARENA-LEAVE`, `ARENA-END` or a new session.
    private(set) var memberOf: [String: Int] = [:]
    /// The arena room each player races in, from `MATCHED` to its `END` or its `LEFT`.
    private(set) var racingIn: [String: String] = [:]
    /// Since when each player is free: joined, back from a race, or greeted again.
    private(set) var freeSince: [String: Int] = [:]
    /// Players (`arena/nickname key`) whose race may have ended unheard (`unheard`).
    private var unheardRaces: Set<String> = []
    /// Races scored.
    private(set) var racesScored = 0

    /// The operator's `OK ARENA-CREATE`, at the server's wall time `wall`: its times are exact then.
    mutating func created(_ info: ArenaInfo, wall: Int) {
        arenas[info.id] = ArenaModel(startsAt: wall + info.startsIn * 1000, endsAt: wall + info.endsIn * 1000)
    }

    /// A line the server sent to the player `nickname` at wall time `wall`.
    mutating func sent(_ message: ServerMessage, to nickname: String, wall: Int) throws(Violation) {
        let player = Names.nicknameKey(nickname)
        switch message {
        case .ok(.hello(_, _, let isResumed, let room)):
            // A new session: the earlier one ended, and left its arena and its room. A session resumed in no room:
            // its race ended while it was away, and maybe nobody heard the results.
            if !isResumed { memberOf[player] = nil }
            if !isResumed || room == nil { unheard(player, wall: wall, hasEnded: isResumed) }
            freeSince[player] = wall
        case .ok(.arena(let info)):
            memberOf[player] = info.id
            freeSince[player] = wall
        case .ok(.arenaLeave):
            memberOf[player] = nil
        case .event(.arenaEnd(let arena, _, _)):
            if memberOf[player] == arena { memberOf[player] = nil }
        case .event(.matched(let room)):
            try matched(player, into: Names.nicknameKey(room.name))
        case .event(.left(let room, let racer)):
            // Out of the race (a racer who leaves is finished as left): not in two races when matched again. Before
            // the start, out of it altogether: free in the arena.
            let (key, left) = (Names.nicknameKey(room), Names.nicknameKey(racer))
            if racingIn[left] == key { racingIn[left] = nil }
            if rooms[key]?.hasStarted == false, rooms[key]?.racers.remove(left) != nil { freeSince[left] = wall }
        case .event(.start(let start)):
            // Who left before it are not racing it (their LEFT may have reached nobody).
            let room = Names.nicknameKey(start.room)
            rooms[room]?.hasStarted = true
            let racing = Set(start.players.map(Names.nicknameKey))
            for racer in rooms[room]?.racers ?? [] where !racing.contains(racer) && racingIn[racer] == room { racingIn[racer] = nil }
        case .event(.berserk(_, let room, let racer, _)):
            rooms[Names.nicknameKey(room)]?.berserk.insert(Names.nicknameKey(racer))
        case .event(.result(let finish)):
            let key = Names.nicknameKey(finish.room)
            guard let room = rooms[key], !room.hasEnded else { return }
            if !room.results.contains(where: { Names.nicknameKey($0.nickname) == Names.nicknameKey(finish.nickname) }) {
                rooms[key]?.results.append(finish)
            }
        case .event(.end(let room, _, let count)):
            try ended(Names.nicknameKey(room), count: count, wall: wall)
        case .event(.scored(let standing)):
            try check(standing, line: ServerMessage.event(.scored(standing)).line, wall: wall)
        case .standing(let standing):
            try check(standing, line: ServerMessage.standing(standing).line, wall: wall)
        default:
            break
        }
    }

    /// Whether the arena holds the player as racing: from `MATCHED` to the `END` of its room, even once it left it
    /// (the server frees an arena's racers when their race is scored).
    func isRacing(_ nickname: String, in arena: Int) -> Bool {
        let player = Names.nicknameKey(nickname)
        return rooms.values.contains { $0.arena == arena && !$0.hasEnded && $0.racers.contains(player) }
    }

    /// The player's race may have ended with no connection to hear it: its points are taken from the server's
    /// next line of them. `hasEnded`: the race is over (the arena holds its racers free).
    private mutating func unheard(_ player: String, wall: Int, hasEnded: Bool) {
        guard let key = racingIn.removeValue(forKey: player), var room = rooms[key], !room.hasEnded else { return }
        unheardRaces.insert("\(room.arena)/\(player)")
        guard hasEnded else { return }
        room.hasEnded = true
        rooms[key] = room
        for racer in room.racers {
            if racingIn[racer] == key { racingIn[racer] = nil }
            unheardRaces.insert("\(room.arena)/\(racer)")
            freeSince[racer] = wall
        }
    }

    private mutating func matched(_ player: String, into room: String) throws(Violation) {
        if let other = racingIn[player], other != room {
            throw Violation(invariant: "nobody is in two races", details: "\(player) was matched into \(room) while racing in \(other)")
        }
        guard let arena = memberOf[player] else { return }
        rooms[room, default: RaceRoom(arena: arena)].racers.insert(player)
        racingIn[player] = room
    }

    /// The race's results are all out: scored unless the arena's time was up.
    private mutating func ended(_ key: String, count: Int, wall: Int) throws(Violation) {
        guard var room = rooms[key], !room.hasEnded else { return }
        room.hasEnded = true
        rooms[key] = room
        // The arena frees all it paired into the race, those who left the room before too.
        for racer in room.racers {
            if racingIn[racer] == key { racingIn[racer] = nil }
            freeSince[racer] = wall
        }
        guard room.results.count == count else {
            throw Violation(
                invariant: "arena points follow the rules",
                details: "room \(key): END count=\(count) after \(room.results.count) RESULT lines")
        }
        guard var arena = arenas[room.arena], wall < arena.endsAt, room.results.count >= 2 else { return }
        let places = RatingAudit.ratingPlaces(of: room.results)
        for (finish, place) in zip(room.results, places) {
            let player = Names.nicknameKey(finish.nickname)
            var tally = arena.tallies[player] ?? Tally()
            let points = ArenaAudit.points(place: place, among: places, streak: tally.streak, isBerserk: room.berserk.contains(player))
            tally.streak = ArenaAudit.isWin(place: place, among: places) ? tally.streak + 1 : 0
            tally.points += points
            tally.races += 1
            tally.sheet += String(points)
            arena.tallies[player] = tally
        }
        arenas[room.arena] = arena
        racesScored += 1
    }

    /// Alone in first place.
    static func isWin(place: Int, among places: [Int]) -> Bool {
        place == places.min() && places.filter { $0 == place }.count == 1
    }

    /// The rules of protocol.md 5.9, from the places of one race and the streak before it.
    static func points(place: Int, among places: [Int], streak: Int, isBerserk: Bool) -> Int {
        let isOnFire = streak >= 2
        if isWin(place: place, among: places) { return (isOnFire ? 4 : 2) + (isBerserk ? 1 : 0) }
        let isLoss = place == places.max() && place != places.min()
        return isLoss ? 0 : isOnFire ? 2 : 1
    }

    /// A `SCORED` or `STANDING` line shows the reckoning; once the arena is over it never changes.
    private mutating func check(_ standing: ArenaStanding, line: String, wall: Int) throws(Violation) {
        guard var arena = arenas[standing.arena] else { return }
        let player = Names.nicknameKey(standing.nickname)
        let shown = Tally(points: standing.points, streak: standing.streak, races: standing.races, sheet: standing.sheet)
        let tally = arena.tallies[player] ?? Tally()
        if shown != tally {
            // A race whose results reached no connection (its racers all away): the server's word is taken.
            let isUnheard = unheardRaces.remove("\(standing.arena)/\(player)") != nil
            guard isRacing(player, in: standing.arena) || isUnheard, shown.races > tally.races else {
                throw Violation(
                    invariant: "arena points follow the rules",
                    details: "\(line), but the rules make points=\(tally.points) streak=\(tally.streak) "
                        + "races=\(tally.races) sheet=\(tally.sheet)")
            }
            arena.tallies[player] = shown
        }
        if wall >= arena.endsAt {
            var fields = standing
            fields.hasLeft = false
            let frozen = ServerMessage.standing(fields).line
            if let earlier = arena.frozen[player], earlier != frozen {
                throw Violation(
                    invariant: "frozen standings never change", details: "\(line) after the arena's end, which showed \(earlier)")
            }
            arena.frozen[player] = frozen
        }
        arenas[standing.arena] = arena
    }
}
