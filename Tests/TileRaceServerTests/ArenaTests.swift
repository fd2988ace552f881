import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The arena's rules as a value (protocol.md 5.9): scoring, streaks,
/// berserk, the freeze, tie-breaks and pairing.
struct ArenaTests {
    private static func arena(_ nicknames: [String] = ["ana", "bo"], raceSize: Int = 2, limit: Int = 180) -> Arena {
        var arena = Arena(
            id: 1, settings: Arena.Settings(startsAt: 0, lengthMilliseconds: 60_000, raceLimitSeconds: limit, raceSize: raceSize))
        for (index, nickname) in nicknames.enumerated() { arena.join(nickname, rating: 1500 + Double(index), at: 0) }
        return arena
    }

    /// Starts and scores one race of the players in `places` (nickname: place).
    private static func race(_ arena: inout Arena, _ race: Int, _ places: [String: Int], berserk: Set<String> = [], at now: Int = 1_000) {
        _ = arena.startRace(race, of: Array(places.keys))
        arena.score(race: race, placings: places.map { Arena.Placing(nickname: $0.key, place: $0.value) }, berserk: berserk, at: now)
    }

    @Test func aWinScoresTwoADrawOneALossNothing() {
        var arena = Self.arena()
        Self.race(&arena, 1, ["ana": 1, "bo": 2])
        #expect(arena.player("ana")?.points == 2)
        #expect(arena.player("bo")?.points == 0)
        Self.race(&arena, 2, ["ana": 1, "bo": 1])
        #expect(arena.player("ana")?.points == 3)
        #expect(arena.player("bo")?.points == 1)
        #expect(arena.player("ana")?.sheet.map(\.outcome) == [.win, .draw])
    }

    @Test func afterTwoWinsInARowAWinScoresFourAndADrawTwoUntilAFailedWin() {
        var arena = Self.arena()
        Self.race(&arena, 1, ["ana": 1, "bo": 2])
        Self.race(&arena, 2, ["ana": 1, "bo": 2])
        #expect(arena.player("ana")?.isOnFire == true)
        Self.race(&arena, 3, ["ana": 1, "bo": 2])
        #expect(arena.player("ana")?.points == 8)
        // A draw on fire scores 2, and breaks the streak.
        Self.race(&arena, 4, ["ana": 1, "bo": 1])
        #expect(arena.player("ana")?.points == 10)
        #expect(arena.player("ana")?.isOnFire == false)
        Self.race(&arena, 5, ["ana": 1, "bo": 2])
        #expect(arena.player("ana")?.points == 12)
        #expect(arena.player("ana")?.sheet.map(\.points) == [2, 2, 4, 2, 2])
    }

    @Test func aLossOnFireScoresNothingAndPutsItOut() {
        var arena = Self.arena()
        for race in 1...2 { Self.race(&arena, race, ["ana": 1, "bo": 2]) }
        Self.race(&arena, 3, ["ana": 2, "bo": 1])
        #expect(arena.player("ana")?.points == 4)
        #expect(arena.player("ana")?.streak == 0)
    }

    @Test func berserkAddsOneToAWinOnlyAndLastsOneRace() throws {
        var arena = Self.arena()
        try arena.berserk("ana")
        try arena.berserk("bo")
        let berserk = arena.startRace(1, of: ["ana", "bo"])
        #expect(berserk == ["ana", "bo"])
        #expect(arena.player("ana")?.isBerserk == false)
        arena.score(race: 1, placings: [.init(nickname: "ana", place: 1), .init(nickname: "bo", place: 2)], berserk: berserk, at: 1)
        #expect(arena.player("ana")?.points == 3)
        // A berserk loss scores nothing.
        #expect(arena.player("bo")?.points == 0)
        #expect(arena.player("bo")?.sheet.first?.isBerserk == true)
        // On fire and berserk: 4 + 1.
        Self.race(&arena, 2, ["ana": 1, "bo": 2])
        try arena.berserk("ana")
        Self.race(&arena, 3, ["ana": 1, "bo": 2], berserk: ["ana"])
        #expect(arena.player("ana")?.points == 3 + 2 + 5)
    }

    @Test func berserkNeedsAClockAndWhileRacingIsForTheNextRace() throws {
        var untimed = Self.arena(limit: 0)
        #expect(throws: ProtocolError.self) { try untimed.berserk("ana") }
        var arena = Self.arena()
        _ = arena.startRace(1, of: ["ana", "bo"])
        try arena.berserk("ana")
        #expect(throws: ProtocolError.self) { try arena.berserk("eve") }
        // Race 1 was not berserk; race 2 is.
        arena.score(race: 1, placings: [.init(nickname: "ana", place: 1), .init(nickname: "bo", place: 2)], berserk: [], at: 1)
        #expect(arena.player("ana")?.points == 2)
        #expect(arena.startRace(2, of: ["ana", "bo"]) == ["ana"])
    }

    @Test func aRaceEndingAfterTheClockScoresNothingAndTheStandingsFreeze() {
        var arena = Self.arena()
        Self.race(&arena, 1, ["ana": 1, "bo": 2])
        _ = arena.startRace(2, of: ["ana", "bo"])
        let frozen = arena.standings.map { "\($0.nickname) \($0.points) \($0.streak)" }
        let changed = arena.score(
            race: 2, placings: [.init(nickname: "bo", place: 1), .init(nickname: "ana", place: 2)], berserk: [], at: 60_000)
        #expect(changed.isEmpty)
        #expect(arena.standings.map { "\($0.nickname) \($0.points) \($0.streak)" } == frozen)
        #expect(arena.player("ana")?.race == nil)
        #expect(arena.pairings(at: 60_000) { _ in true }.isEmpty)
    }

    @Test func anUnfairRaceScoresNothingButFreesItsRacers() {
        var arena = Self.arena()
        _ = arena.startRace(1, of: ["ana", "bo"])
        arena.score(
            race: 1, placings: [.init(nickname: "ana", place: 1), .init(nickname: "bo", place: 2)], berserk: [], at: 1, counts: false)
        #expect(arena.player("ana")?.points == 0)
        #expect(arena.player("ana")?.race == nil)
    }

    @Test func racesOfMoreThanTwoUseThePlacementTable() {
        #expect(Arena.outcome(place: 1, among: [1, 2, 3, 4]) == .win)
        #expect(Arena.outcome(place: 2, among: [1, 2, 3, 4]) == .draw)
        #expect(Arena.outcome(place: 3, among: [1, 2, 3, 4]) == .draw)
        #expect(Arena.outcome(place: 4, among: [1, 2, 3, 4]) == .loss)
        #expect(Arena.outcome(place: 1, among: [1, 1, 3]) == .draw)
        #expect(Arena.outcome(place: 3, among: [1, 1, 3]) == .loss)
        #expect(Arena.outcome(place: 2, among: [1, 2, 2]) == .loss)
        var arena = Self.arena(["ana", "bo", "cy"], raceSize: 3)
        Self.race(&arena, 1, ["ana": 1, "bo": 2, "cy": 3])
        #expect(arena.standings.map(\.points) == [2, 1, 0])
    }

    @Test func tiesInPointsAreBrokenByPerformance() {
        var arena = Self.arena(["ana", "bo", "cy", "di"])
        // ana beats bo (1501), cy beats di (1503): equal points, cy's
        // opponent was rated higher, so cy's performance is higher.
        Self.race(&arena, 1, ["ana": 1, "bo": 2])
        Self.race(&arena, 2, ["cy": 1, "di": 2])
        #expect(arena.player("ana")?.performance == 1901)
        #expect(arena.player("cy")?.performance == 1903)
        #expect(arena.standings.map(\.nickname) == ["cy", "ana", "di", "bo"])
    }

    @Test func pairingPutsNeighboursInTheStandingsTogetherWithRatingAtTheStart() {
        var arena = Self.arena(["ana", "bo", "cy", "di"])
        // Ratings 1500..1503: di and cy, then bo and ana.
        #expect(arena.pairings(at: 0) { _ in true } == [["di", "cy"], ["bo", "ana"]])
        Self.race(&arena, 1, ["ana": 1, "di": 2])
        // ana leads; di, who has a performance, comes before the two who raced
        // nobody yet; but ana and di just raced each other: no rematch.
        #expect(arena.standings.map(\.nickname) == ["ana", "di", "cy", "bo"])
        #expect(arena.pairings(at: 1_000) { _ in true } == [["ana", "cy"], ["di", "bo"]])
    }

    /// A rematch only when the free players leave no other choice, so nobody free waits.
    @Test func twoWhoJustRacedAreNotPairedAgainWhileOthersAreFree() {
        var arena = Self.arena(["ana", "bo", "cy", "di"])
        Self.race(&arena, 1, ["ana": 1, "bo": 2])
        Self.race(&arena, 2, ["cy": 1, "di": 2])
        #expect(arena.standings.map(\.nickname) == ["cy", "ana", "di", "bo"])
        #expect(arena.pairings(at: 2_000) { _ in true } == [["cy", "ana"], ["di", "bo"]])
        // Only ana and bo free: they race again at once.
        #expect(arena.pairings(at: 2_000) { ["ana", "bo"].contains($0) } == [["ana", "bo"]])
        // In races of 3: fay, eve and di, who just raced together, are split as far as they can be.
        var threes = Self.arena(["ana", "bo", "cy", "di", "eve", "fay"], raceSize: 3)
        Self.race(&threes, 1, ["fay": 1, "eve": 2, "di": 3])
        #expect(threes.standings.map(\.nickname) == ["fay", "eve", "di", "cy", "bo", "ana"])
        #expect(threes.pairings(at: 2_000) { _ in true } == [["fay", "cy", "bo"], ["eve", "ana", "di"]])
    }

    @Test func pairingSkipsWhoLeftIsRacingOrIsAwayAndNoneBeforeTheStart() {
        var arena = Self.arena(["ana", "bo", "cy", "di", "eve"])
        arena.leave("eve")
        _ = arena.startRace(1, of: ["di"])
        #expect(arena.pairings(at: 0) { $0 != "bo" } == [["cy", "ana"]])
        var later = Arena(id: 2, settings: Arena.Settings(startsAt: 5_000, lengthMilliseconds: 60_000))
        later.join("ana", rating: 1500, at: 0)
        later.join("bo", rating: 1500, at: 0)
        #expect(later.pairings(at: 4_999) { _ in true }.isEmpty)
        #expect(later.pairings(at: 5_000) { _ in true }.count == 1)
    }

    @Test func theOddPlayerOutJoinsARaceSoNobodyFreeWaitsAlone() {
        #expect(Arena.cut(0, into: 2).isEmpty)
        #expect(Arena.cut(1, into: 2).isEmpty)
        #expect(Arena.cut(3, into: 2) == [3])
        #expect(Arena.cut(5, into: 2) == [2, 3])
        #expect(Arena.cut(5, into: 4) == [3, 2])
        #expect(Arena.cut(6, into: 4) == [4, 2])
        #expect(Arena.cut(7, into: 3) == [3, 4])
        #expect(Arena.cut(9, into: 9) == [4, 3, 2])
        for count in 2...40 {
            for size in 2...4 {
                let runs = Arena.cut(count, into: size)
                #expect(runs.reduce(0, +) == count)
                #expect(runs.allSatisfy { (2...Arena.maximumRaceSize).contains($0) })
            }
        }
        let arena = Self.arena(["ana", "bo", "cy"])
        #expect(arena.pairings(at: 0) { _ in true } == [["cy", "bo", "ana"]])
    }

    @Test func leavingKeepsThePointsAndJoiningAgainGoesOn() {
        var arena = Self.arena()
        Self.race(&arena, 1, ["ana": 1, "bo": 2])
        arena.leave("ana")
        #expect(arena.pairings(at: 2_000) { _ in true }.isEmpty)
        arena.join("ANA", rating: 1600, at: 3_000)
        #expect(arena.players.count == 2)
        #expect(arena.player("ana")?.points == 2)
        #expect(arena.pairings(at: 3_000) { _ in true }.count == 1)
    }
}
