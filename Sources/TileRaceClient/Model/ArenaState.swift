import TileRaceProtocol

/// The arena we are in (protocol.md 5.9). It outlives the screens of its races
/// (room, game), so it is kept in `Model`, and the arena screen draws it.
struct ArenaState: Hashable, Sendable {
    var info: ArenaInfo
    /// The model's clock, milliseconds, from the seconds the server last said.
    var startsAt: Int
    var endsAt: Int
    /// Best first, as `STANDINGS` and `SCORED` keep them (the first 100).
    var standings: [ArenaStanding] = []
    /// `OK BERSERK`: our next race's clock is halved.
    var isBerserk = false
    /// `BERSERK` events of the race we were paired into: who halved their clock, to how many seconds.
    var berserks: [String: Int] = [:]
    /// `ARENA <id> watch=yes`: its standings live, never paired, no berserk.
    var isWatching = false
    /// From `ARENA-END`, best first: the standings are final and we are in no arena.
    var podium: [String]?

    init(_ info: ArenaInfo, now: Int) {
        self.info = info
        startsAt = now + info.startsIn * 1000
        endsAt = now + info.endsIn * 1000
    }

    var isOver: Bool { podium != nil }

    /// `starts in 4:12`, `ends in 12:03`, or `over`, counted down on the model's clock.
    func clock(at now: Int) -> String { ArenaState.clock(startsAt: startsAt, endsAt: endsAt, isOver: isOver, at: now) }

    static func clock(startsAt: Int, endsAt: Int, isOver: Bool, at now: Int) -> String {
        if isOver || now >= endsAt { return "over" }
        if now < startsAt { return "starts in " + minutes(milliseconds: startsAt - now) }
        return "ends in " + minutes(milliseconds: endsAt - now)
    }

    /// `m:ss`, seconds rounded up as the server rounds them.
    static func minutes(milliseconds: Int) -> String {
        let seconds = (max(0, milliseconds) + 999) / 1000
        return "\(seconds / 60):\(Format.pad(seconds % 60, 2))"
    }

    /// A racer's new line: it moves to its rank, and those it passed move down one.
    mutating func scored(_ standing: ArenaStanding) {
        standings.removeAll { Nickname($0.nickname) == Nickname(standing.nickname) }
        standings.insert(standing, at: min(max(0, standing.rank - 1), standings.count))
        for index in standings.indices { standings[index].rank = index + 1 }
    }

    func standing(of nickname: String?) -> ArenaStanding? {
        guard let nickname else { return nil }
        return standings.first { Nickname($0.nickname) == Nickname(nickname) }
    }
}
