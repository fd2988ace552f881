import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Arenas in the state machine (protocol.md 5.9), on a manual clock: made by
/// the operator, joined, paired every 2 s, raced in rooms of their own,
/// scored, left, and frozen at the end.
struct CoreArenaTests {
    private static let secret = "s3cret-operator"

    /// A harness, the operator's connection, and an arena of `settings` created by it.
    private static func arena(_ settings: String = "length=600 target=8 limit=60") -> (CoreHarness, ConnectionID) {
        let harness = CoreHarness(operatorSecret: secret)
        let admin = harness.player("admin")
        _ = harness.ask(admin, "AUTH \(secret)")
        #expect(harness.ask(admin, "ARENA-CREATE \(settings)").first?.hasPrefix("OK ARENA-CREATE id=1 state=") == true)
        return (harness, admin)
    }

    /// Runs the next pairing and countdown; returns the seed of the race `id` starts.
    private static func paired(_ harness: CoreHarness, _ id: ConnectionID) -> String? {
        harness.advance(2000 + 3000)
        return harness.take(id).last { $0.hasPrefix("START ") }?.field("seed")
    }

    /// `winner` reaches the target (8); `loser` resigns. Returns what the loser then got.
    @discardableResult
    private static func race(_ harness: CoreHarness, seed: String, winner: ConnectionID, loser: ConnectionID) throws -> [String] {
        var player = try Autoplayer(seed: seed, target: 8)
        var seq = 1
        while let direction = player.next() {
            let reply = harness.ask(winner, "MOVE \(seq) \(direction.letter)")
            seq += 1
            if reply.contains(where: { $0.contains("finished=") }) { break }
        }
        return harness.ask(loser, "RESIGN")
    }

    @Test func creatingListingAndJoiningAnArena() {
        let (harness, admin) = Self.arena("in=60 length=600 size=5 target=1024 limit=120 race-size=3")
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "ARENA-CREATE").first?.hasPrefix("ERR not-operator") == true)
        #expect(harness.ask(admin, "ARENA-CREATE race-size=5") == ["ERR bad-option race-size=5 must be 2 to 4"])
        let listed = "id=1 state=upcoming length=600 size=5 target=1024 limit=120 rated=no race-size=3 starts-in=60 ends-in=660 players=0"
        #expect(harness.ask(ana, "ARENAS") == ["ARENA \(listed)", "OK ARENAS count=1"])
        #expect(harness.ask(ana, "ARENA 2") == ["ERR bad-arguments there is no arena 2; ARENAS lists them"])
        #expect(harness.ask(ana, "ARENA 1") == ["OK ARENA \(listed.replacingOccurrences(of: "players=0", with: "players=1"))"])
        #expect(harness.ask(ana, "BERSERK") == ["OK BERSERK"])
        #expect(harness.ask(ana, "ARENA-LEAVE") == ["OK ARENA-LEAVE id=1"])
        #expect(harness.ask(ana, "ARENA-LEAVE") == ["OK ARENA-LEAVE"])
        #expect(harness.ask(ana, "BERSERK").first?.hasPrefix("ERR not-eligible you are in no arena") == true)
    }

    @Test func racesScoreWithAStreakOnFireAndADrawPutsItOut() throws {
        let (harness, _) = Self.arena()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        harness.advance(2000)
        let matched = harness.take(ana)
        #expect(matched.first?.hasPrefix("MATCHED room=quick-1 state=waiting size=4 target=8 assists=no limit=60 ") == true)
        #expect(matched.last == "COUNTDOWN room=quick-1 ms=3000")
        for round in 1...3 {
            harness.advance(3000)
            let seed = try #require(harness.take(ana).last { $0.hasPrefix("START ") }?.field("seed"))
            let lines = try Self.race(harness, seed: seed, winner: ana, loser: bo)
            let scored = lines.filter { $0.hasPrefix("SCORED ") }
            let points = [2, 4, 8][round - 1]
            #expect(
                scored.first == "SCORED arena=1 rank=1 nick=ana points=\(points) streak=\(round) fire=\(round >= 2 ? "yes" : "no") "
                    + "races=\(round) performance=1900 sheet=\(["2", "22", "224"][round - 1])")
            #expect(lines.suffix(1) == ["LEFT room=quick-\(round) nick=bo"], "back in the arena once the race is over")
            _ = harness.take(ana)
            harness.advance(2000)
            #expect(harness.take(ana).first?.hasPrefix("MATCHED room=quick-\(round + 1) ") == true)
        }
        // A draw on fire scores 2 and puts the fire out.
        harness.advance(3000)
        _ = harness.ask(ana, "RESIGN")
        _ = harness.ask(bo, "RESIGN")
        #expect(
            harness.take(ana).first { $0.hasPrefix("SCORED arena=1 rank=1 nick=ana ") }
                == "SCORED arena=1 rank=1 nick=ana points=10 streak=0 fire=no races=4 performance=1800 sheet=2242")
        #expect(
            harness.ask(bo, "STANDINGS 1") == [
                "STANDING arena=1 rank=1 nick=ana points=10 streak=0 fire=no races=4 performance=1800 sheet=2242",
                "STANDING arena=1 rank=2 nick=bo points=1 streak=0 fire=no races=4 performance=1200 sheet=0001",
                "OK STANDINGS arena=1 count=2",
            ])
    }

    @Test func berserkHalvesTheClockAndAddsAPointToAWin() throws {
        let (harness, _) = Self.arena("length=600 target=8 limit=20")
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        #expect(harness.ask(bo, "BERSERK") == ["OK BERSERK"])
        harness.advance(2000)
        #expect(harness.take(ana).contains("BERSERK arena=1 room=quick-1 nick=bo limit=10"))
        harness.advance(3000)
        _ = harness.take(ana)
        _ = harness.take(bo)
        // While racing: for the next race.
        #expect(harness.ask(bo, "BERSERK") == ["OK BERSERK"])
        harness.advance(10_000)
        let finished = harness.take(ana)
        #expect(finished.count == 1 && finished.first?.hasPrefix("FINISH room=quick-1 nick=bo reason=time score=0 ") == true)
        #expect(finished.first?.hasSuffix(" moves=0 time=10000") == true)
        // bo's clock ran out; ana resigns: bo (time) places above ana (resigned) and wins, berserk.
        _ = harness.ask(ana, "RESIGN")
        #expect(harness.take(bo).contains { $0.hasPrefix("SCORED arena=1 rank=1 nick=bo points=3 streak=1 ") })
        harness.advance(2000)
        #expect(harness.take(ana).contains { $0.hasPrefix("BERSERK arena=1 room=") && $0.hasSuffix(" nick=bo limit=10") })
    }

    @Test func whoLeavesIsNeverPairedAndTheOddPlayerOutRacesInAThree() {
        let (harness, _) = Self.arena()
        let ids = ["ana", "bo", "cy", "di"].map { harness.player($0) }
        for id in ids { _ = harness.ask(id, "ARENA 1") }
        #expect(harness.ask(ids[3], "ARENA-LEAVE") == ["OK ARENA-LEAVE id=1"])
        harness.advance(2000)
        #expect(harness.take(ids[0]).first?.contains(" players=3 ") == true)
        #expect(harness.take(ids[3]).isEmpty)
    }

    /// An arena race's room is listed like any: who joins it stays there after the race (found by the simulator).
    @Test func aGuestInAnArenaRoomStaysWhenTheRacersGoBack() throws {
        let (harness, _) = Self.arena()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        let cy = harness.player("cy")
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        let seed = try #require(Self.paired(harness, ana))
        #expect(harness.ask(cy, "JOIN quick-1").first?.hasPrefix("OK JOIN room=quick-1 state=racing") == true)
        let lines = try Self.race(harness, seed: seed, winner: ana, loser: bo)
        #expect(lines.suffix(1) == ["LEFT room=quick-1 nick=bo"])
        #expect(!harness.take(cy).contains("LEFT room=quick-1 nick=cy"))
        #expect(harness.ask(cy, "WHO").last == "OK WHO room=quick-1 count=1", "still in the room, alone")
        _ = harness.take(ana)
        harness.advance(2000)
        #expect(harness.take(ana).first?.hasPrefix("MATCHED room=quick-2 ") == true, "the racers are paired again")
    }

    /// Found by the simulator: the one left alone raced by itself, and who left stayed unpaired, until that race ended.
    @Test func whoLeavesTheRoomBeforeTheStartIsFreeAndTheOneLeftGoesBack() {
        let (harness, _) = Self.arena()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        harness.advance(2000)
        _ = harness.take(ana)
        _ = harness.take(bo)
        #expect(harness.ask(bo, "LEAVE").first == "OK LEAVE room=quick-1")
        #expect(harness.take(ana) == ["LEFT room=quick-1 nick=bo", "CANCEL room=quick-1 reason=left", "LEFT room=quick-1 nick=ana"])
        #expect(harness.ask(ana, "BERSERK") == ["OK BERSERK"], "free: berserk is for its next race")
        harness.advance(2000)
        #expect(harness.take(ana).first?.hasPrefix("MATCHED room=quick-2 ") == true)
        #expect(harness.take(bo).contains { $0.hasPrefix("MATCHED room=quick-2 ") })
    }

    @Test func aRaceRunningAtTheEndScoresNothingAndTheArenaEndsWithItsPodium() throws {
        let (harness, _) = Self.arena("length=30 target=8 limit=60")
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        let seed = try #require(Self.paired(harness, ana))
        try Self.race(harness, seed: seed, winner: ana, loser: bo)
        _ = Self.paired(harness, ana)
        _ = harness.take(bo)
        harness.advance(25_000)
        #expect(harness.take(bo) == ["ARENA-END arena=1 players=2 podium=ana,bo"])
        _ = harness.ask(ana, "RESIGN")
        _ = harness.ask(bo, "RESIGN")
        #expect(!harness.take(bo).contains { $0.hasPrefix("SCORED ") }, "frozen")
        #expect(
            harness.ask(bo, "STANDINGS 1").first
                == "STANDING arena=1 rank=1 nick=ana points=2 streak=1 fire=no races=1 performance=1900 sheet=2")
        #expect(harness.ask(bo, "ARENAS").first?.contains("state=over") == true)
        #expect(harness.ask(bo, "ARENA 1") == ["ERR not-eligible arena 1 is over"])
    }

    @Test func aScheduleKeepsTheNextArenaListed() {
        var limits = ServerLimits.standard
        limits.arenaEverySeconds = 3600
        // The manual clock starts at 10:00 UTC: the next arena is at 11:00.
        let harness = CoreHarness(limits: limits)
        let ana = harness.player("ana")
        harness.advance(0)
        #expect(
            harness.ask(ana, "ARENAS") == [
                "ARENA id=1 state=upcoming length=1800 size=4 target=2048 limit=180 rated=no race-size=2 starts-in=3600 ends-in=5400 "
                    + "players=0",
                "OK ARENAS count=1",
            ])
        harness.advance(3_600_000)
        let listed = harness.ask(harness.player("bo"), "ARENAS")
        #expect(
            listed.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
                "ARENA id=1 state=running", "ARENA id=2 state=upcoming", "OK ARENAS count=2",
            ])
    }

    @Test func aRestartKeepsWhatWasScoredAndTheArenaGoesOn() throws {
        let (harness, _) = Self.arena()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        try Self.race(harness, seed: try #require(Self.paired(harness, ana)), winner: ana, loser: bo)
        // A second race is under way when the server stops: it is lost and scores nothing.
        _ = Self.paired(harness, ana)
        let kept = try #require(harness.keptArenas)
        let restarted = CoreHarness()
        #expect(restarted.core.restoreArenas(kept) == "arenas restored: 1, open: 1 (2 players)")
        let (ana2, bo2) = (restarted.player("ana"), restarted.player("bo"))
        #expect(restarted.ask(bo2, "STANDINGS 1").first?.hasPrefix("STANDING arena=1 rank=1 nick=ana points=2 streak=1 ") == true)
        _ = restarted.ask(ana2, "ARENA 1")
        _ = restarted.ask(bo2, "ARENA 1")
        let lines = try Self.race(restarted, seed: try #require(Self.paired(restarted, ana2)), winner: ana2, loser: bo2)
        #expect(lines.contains { $0.hasPrefix("SCORED arena=1 rank=1 nick=ana points=4 streak=2 fire=yes races=2 ") })
        #expect(
            CoreHarness().core.restoreArenas(Array("{".utf8))
                == "error: the kept arenas are not a snapshot of arenas; starting without them")
    }

    /// Sharing a Redis store (a directory): ids come from it, other servers'
    /// arenas are listed with their address and answer `moved`. (A
    /// directory without Redis, the simulator's, numbers them itself.)
    @Test func arenasAcrossServersTakeIdsFromTheStoreAndAnswerMovedForAnotherServers() {
        let simulated = CoreHarness(operatorSecret: Self.secret)
        simulated.core.startDirectory(every: 2000)
        let simulatedAdmin = simulated.player("admin")
        _ = simulated.ask(simulatedAdmin, "AUTH \(Self.secret)")
        #expect(simulated.ask(simulatedAdmin, "ARENA-CREATE").first?.hasPrefix("OK ARENA-CREATE id=1 ") == true)
        #expect(simulated.core.arenasToPublish().ids == 0)
        let harness = CoreHarness(operatorSecret: Self.secret, storeKind: .redis)
        harness.core.startDirectory(every: 2000)
        let admin = harness.player("admin")
        _ = harness.ask(admin, "AUTH \(Self.secret)")
        #expect(harness.ask(admin, "ARENA-CREATE").first?.hasPrefix("ERR unavailable ") == true)
        #expect(harness.core.arenasToPublish().ids == ServerCore.arenaIDsAtHand)
        let far = ArenaInfo(
            id: 1, state: .running, settings: ArenaSettings(), startsIn: 0, endsIn: 100, players: 3, server: "10.0.0.2:2048")
        harness.remoteArenas([far], ids: 2...9)
        #expect(harness.ask(admin, "ARENA-CREATE").first?.hasPrefix("OK ARENA-CREATE id=2 ") == true)
        #expect(harness.core.arenasToPublish().arenas.map(\.id) == [2])
        #expect(harness.core.arenasToPublish().ids == 0)
        let ana = harness.player("ana")
        let listed = harness.ask(ana, "ARENAS")
        #expect(listed.count == 3)
        #expect(listed.first?.hasPrefix("ARENA id=1 state=running ") == true)
        #expect(listed.first?.hasSuffix(" players=3 server=10.0.0.2:2048") == true)
        #expect(listed.dropFirst().first?.hasPrefix("ARENA id=2 ") == true)
        #expect(
            harness.ask(ana, "ARENA 1") == [
                "ERR moved 10.0.0.2:2048 arena 1 is hosted by the server at 10.0.0.2:2048: connect there and ask again"
            ])
        #expect(harness.ask(ana, "STANDINGS 1").first?.hasPrefix("ERR moved 10.0.0.2:2048 ") == true)
        #expect(harness.ask(ana, "ARENA 2").first?.hasPrefix("OK ARENA id=2 ") == true)
        // Half the ids used: more are drawn.
        for _ in 1...3 { _ = harness.ask(admin, "ARENA-CREATE") }
        #expect(harness.core.arenasToPublish().ids == ServerCore.arenaIDsAtHand - 4)
    }

    @Test func everyShardReadsTheArenasAndMovingAwayLeavesTheArena() {
        let harness = ShardsHarness(shards: 2, operatorSecret: Self.secret)
        let admin = harness.player("admin", on: 1)
        harness.send(admin, "AUTH \(Self.secret)", "ARENA-CREATE length=600")
        #expect(harness.take(admin).last?.hasPrefix("OK ARENA-CREATE id=1 ") == true)
        let bo = harness.player("bo", on: 1)
        harness.send(bo, "ARENA 1")
        #expect(
            harness.take(bo) == [
                "OK ARENA id=1 state=running length=600 size=4 target=2048 limit=180 rated=no race-size=2 starts-in=0 ends-in=600 players=1"
            ])
        #expect(harness.shardOf[bo] == 0)
        // A new room goes to shard 1 (shard 0 hosts daily): bo moves there and out of the arena.
        harness.send(bo, "CREATE lounge")
        #expect(harness.take(bo).first?.hasPrefix("OK CREATE room=lounge ") == true)
        #expect(harness.shardOf[bo] == 1)
        harness.send(bo, "STANDINGS 1", "WHO")
        let lines = harness.take(bo)
        #expect(lines.first == "STANDING arena=1 rank=1 nick=bo points=0 streak=0 fire=no races=0 performance=- left=yes")
        #expect(lines.contains("OK WHO room=lounge count=1"))
    }

    @Test func aDroppedPlayerIsNotPairedUntilItComesBack() {
        let (harness, _) = Self.arena()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        harness.disconnect(bo)
        harness.advance(2000)
        #expect(harness.take(ana).isEmpty)
    }

    /// A race in which a racer played as no person does (docs/fair-play.md: here 260 moves at one instant) scores nothing.
    @Test func anUnfairRaceScoresNothing() throws {
        let (harness, _) = Self.arena("length=600 size=8 target=2048 limit=600")
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        let seed = try #require(Self.paired(harness, ana))
        var player = try Autoplayer(seed: seed, size: 8)
        for seq in 1...260 {
            let next = player.next()
            let direction = try #require(next, "an 8x8 board has room for 260 moves")
            #expect(harness.ask(ana, "MOVE \(seq) \(direction.letter)").first?.hasPrefix("OK MOVE") == true)
        }
        _ = harness.ask(bo, "RESIGN")
        let lines = harness.ask(ana, "RESIGN")
        #expect(!lines.contains { $0.hasPrefix("SCORED ") }, "\(lines)")
        #expect(lines.contains("LEFT room=quick-1 nick=ana"), "free again all the same: \(lines)")
        let standings = harness.ask(ana, "STANDINGS 1")
        #expect(standings.first?.hasSuffix(" points=0 streak=0 fire=no races=0 performance=-") == true, "\(standings)")
    }

    /// `ARENA 1 watch=yes`: the arena's `SCORED` and `ARENA-END` without a seat in it.
    @Test func aWatcherGetsTheScoresIsNeverPairedAndLeavesAtWill() throws {
        let (harness, _) = Self.arena("length=30 target=8 limit=60")
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        let cy = harness.player("cy")
        let dee = harness.player("dee")
        #expect(harness.ask(cy, "ARENA 2 watch=yes") == ["ERR bad-arguments there is no arena 2; ARENAS lists them"])
        #expect(harness.ask(cy, "ARENA 1 watch=maybe").first?.hasPrefix("ERR bad-arguments") == true)
        #expect(harness.ask(cy, "ARENA 1 watch=yes").first?.hasPrefix("OK ARENA id=1 state=running ") == true)
        #expect(harness.ask(dee, "ARENA 1 watch=yes").first?.hasSuffix(" players=0") == true, "a watcher is no player")
        #expect(harness.ask(cy, "BERSERK").first?.hasPrefix("ERR not-eligible") == true)
        _ = harness.ask(ana, "ARENA 1")
        _ = harness.ask(bo, "ARENA 1")
        #expect(harness.ask(ana, "ARENA 1 watch=yes") == ["ERR busy you are in arena 1: ARENA-LEAVE first"])
        let seed = try #require(Self.paired(harness, ana))
        #expect(!harness.take(cy).contains { $0.hasPrefix("MATCHED ") }, "never paired")
        try Self.race(harness, seed: seed, winner: ana, loser: bo)
        #expect(
            harness.take(cy) == [
                "SCORED arena=1 rank=1 nick=ana points=2 streak=1 fire=no races=1 performance=1900 sheet=2",
                "SCORED arena=1 rank=2 nick=bo points=0 streak=0 fire=no races=1 performance=1100 sheet=0",
            ])
        #expect(harness.take(dee).count { $0.hasPrefix("SCORED ") } == 2)
        #expect(harness.ask(dee, "ARENA-LEAVE") == ["OK ARENA-LEAVE id=1"])
        #expect(harness.ask(dee, "ARENA-LEAVE") == ["OK ARENA-LEAVE"])
        harness.advance(30_000)
        #expect(harness.take(cy).contains("ARENA-END arena=1 players=2 podium=ana,bo"))
        #expect(!harness.take(dee).contains { $0.hasPrefix("SCORED ") || $0.hasPrefix("ARENA-END ") }, "it stopped watching")
        #expect(harness.ask(cy, "ARENA 1 watch=yes") == ["ERR not-eligible arena 1 is over"])
    }
}
