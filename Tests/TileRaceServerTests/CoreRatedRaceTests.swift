import Foundation
import Testing
import TileRaceProtocol
import TileRaceServerTestSupport
import TileRaceTestSupport

@testable import TileRaceServer

/// Rated rooms in the state machine (protocol.md section 5.7): who may race,
/// the claim proved at `READY`, and the ratings in the standings, checked
/// against Glicko-2 as the tests compute it (`PaperGlicko2`).
struct CoreRatedRaceTests {
    /// The harness's day (`ManualClock` starts on 2026-11-22).
    private static let today = "2026-11-22"

    /// A store where ana, bo and cy claimed their nicknames (tokens
    /// `tana`, `tbo`, `tcy`), ana rated 1600/80/0.06 three days ago and bo
    /// 1450/150/0.06 today; cy has no rating yet.
    private static func store() -> LeaderboardStore {
        var leaderboard = Leaderboard()
        let day = UTCTime.dayNumber(of: today)!
        for (index, nickname) in ["ana", "bo", "cy"].enumerated() {
            leaderboard.apply(.claim(NicknameClaim(sequence: index + 1, nickname: nickname, token: "t\(nickname)", date: today)))
        }
        leaderboard.apply(
            .rating(
                PlayerRating(
                    sequence: 4, nickname: "ana", rating: .init(rating: 1600, deviation: 80, volatility: 0.06), day: day - 3, races: 9)))
        leaderboard.apply(
            .rating(
                PlayerRating(sequence: 5, nickname: "bo", rating: .init(rating: 1450, deviation: 150, volatility: 0.06), day: day, races: 2)
            ))
        return LeaderboardStore.inMemory(leaderboard)
    }

    @Test func aRatedRoomTakesPeopleWhoProveTheirClaim() {
        let harness = CoreHarness(store: Self.store())
        let ana = harness.player("ana")
        let bot = harness.bot("bot-1")
        let eve = harness.player("eve")
        #expect(
            harness.ask(bot, "CREATE league rated=yes") == [
                "ERR not-eligible rated rooms are for people: this connection said HELLO ... bot=yes (race bots in an unrated room)"
            ])
        #expect(harness.ask(ana, "CREATE league rated=yes").first?.hasSuffix("rated=yes") == true)
        #expect(harness.ask(bot, "JOIN league") == [ServerMessage.error(ServerCore.botsUnrated).line])
        #expect(
            harness.ask(ana, "READY") == [
                "ERR not-eligible a rated room needs your nickname's claim: READY token=<the token SUBMIT gave ana>"
            ])
        #expect(harness.ask(ana, "READY token=wrong") == ["ERR bad-token the nickname ana is claimed; that is not its token"])
        _ = harness.ask(eve, "JOIN league")
        _ = harness.take(ana)
        #expect(
            harness.ask(eve, "READY token=x1") == [
                "ERR not-eligible rated races are for claimed nicknames: eve is not claimed yet; SUBMIT a game to claim it, "
                    + "then READY token=<its token>"
            ])
        // The READY event carries the rating the store gave with the proof (ana's deviation 82: established).
        #expect(harness.ask(ana, "READY token=tana") == ["OK READY ready=yes", "READY room=league nick=ana ready=yes rating=1600"])
        // Proved once: later READYs need no token.
        #expect(harness.ask(ana, "READY no") == ["OK READY ready=no", "READY room=league nick=ana ready=no rating=1600"])
        #expect(harness.ask(ana, "READY").first == "OK READY ready=yes")
    }

    @Test func aLonePlayerInARatedRoomWaitsForAnother() {
        let harness = CoreHarness(store: Self.store())
        let ana = harness.player("ana")
        _ = harness.ask(ana, "CREATE league rated=yes")
        #expect(harness.ask(ana, "READY token=tana") == ["OK READY ready=yes", "READY room=league nick=ana ready=yes rating=1600"])
        harness.advance(10_000)
        #expect(harness.take(ana).isEmpty)
        let bo = harness.player("bo")
        _ = harness.ask(bo, "JOIN league")
        #expect(harness.ask(bo, "READY token=tbo").last == "COUNTDOWN room=league ms=3000")
    }

    /// bo resigns (losing to both), ana and cy reach the time limit with the
    /// same score (a draw): each pair is a game, rated as one period.
    @Test func theStandingsCarryTheRatingsGlickoTwoGives() throws {
        let harness = CoreHarness(store: Self.store())
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        let cy = harness.player("cy")
        _ = harness.ask(ana, "CREATE league rated=yes limit=10")
        for id in [bo, cy] { _ = harness.ask(id, "JOIN league") }
        for (id, token) in [(ana, "tana"), (bo, "tbo"), (cy, "tcy")] { _ = harness.ask(id, "READY token=\(token)") }
        harness.advance(3000)
        _ = harness.ask(bo, "RESIGN")
        harness.advance(10_000)
        let results = harness.take(ana).filter { $0.hasPrefix("RESULT") }
        #expect(results.count == 3)
        // Before: ana's deviation grown by three days away; cy a newcomer.
        let anaDeviation = ((80 / 173.7178) * (80 / 173.7178) + 3 * 0.06 * 0.06).squareRoot() * 173.7178
        let before: [String: (Double, Double, Double)] = [
            "ana": (1600, anaDeviation, 0.06), "bo": (1450, 150, 0.06), "cy": (1500, 350, 0.06),
        ]
        let scores: [String: [String: Double]] = [
            "ana": ["cy": 0.5, "bo": 1], "cy": ["ana": 0.5, "bo": 1], "bo": ["ana": 0, "cy": 0],
        ]
        for nickname in ["ana", "bo", "cy"] {
            let mine = before[nickname]!
            let games = scores[nickname]!.keys.sorted().map { opponent in
                (before[opponent]!.0, before[opponent]!.1, scores[nickname]![opponent]!)
            }
            let after = PaperGlicko2.rated(rating: mine.0, deviation: mine.1, volatility: mine.2, games: games)
            let line = try #require(results.first { $0.contains(" nick=\(nickname) ") })
            let rating = Int(after.rating.rounded())
            let change = rating - Int(mine.0.rounded())
            #expect(
                line.hasSuffix(
                    "rating=\(rating) change=\(change >= 0 ? "+" : "")\(change)" + (after.deviation > 110 ? " provisional=yes" : "")),
                "\(line)")
            let stored = try #require(harness.leaderboard.leaderboard.ratings[nickname])
            #expect(abs(stored.rating.rating - after.rating) < 0.001 && abs(stored.rating.deviation - after.deviation) < 0.001)
            #expect(stored.day == UTCTime.dayNumber(of: Self.today))
        }
        #expect(harness.leaderboard.leaderboard.ratings["ana"]?.races == 10)
        #expect(harness.leaderboard.leaderboard.ratings["cy"]?.races == 1)
    }

    /// A rated room's `WHO` gives the rating of each player whose claim is
    /// proved (bo's provisional), none for one not proved yet (cy).
    @Test func membersOfARatedRoomCarryTheirRatingsOnceProved() {
        let harness = CoreHarness(store: Self.store())
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        let cy = harness.player("cy")
        _ = harness.ask(ana, "CREATE league rated=yes")
        for id in [bo, cy] { _ = harness.ask(id, "JOIN league") }
        _ = harness.ask(ana, "READY token=tana")
        _ = harness.take(bo)
        #expect(
            harness.ask(bo, "READY token=tbo") == ["OK READY ready=yes", "READY room=league nick=bo ready=yes rating=1450 provisional=yes"])
        #expect(harness.take(cy).last == "READY room=league nick=bo ready=yes rating=1450 provisional=yes")
        #expect(
            harness.ask(cy, "WHO") == [
                "MEMBER nick=ana role=player ready=yes state=waiting rating=1600",
                "MEMBER nick=bo role=player ready=yes state=waiting rating=1450 provisional=yes",
                "MEMBER nick=cy role=player ready=no state=waiting", "OK WHO room=league count=3",
            ])
    }

    /// `nicknames` in rated room league, each ready with its claim's token (`t` and the nickname): the race runs.
    private func ratedRace(_ harness: CoreHarness, _ nicknames: [String]) -> [ConnectionID] {
        let ids = nicknames.map { harness.player($0) }
        _ = harness.ask(ids[0], "CREATE league rated=yes limit=10")
        for id in ids.dropFirst() { _ = harness.ask(id, "JOIN league") }
        for (id, nickname) in zip(ids, nicknames) { _ = harness.ask(id, "READY token=t\(nickname)") }
        harness.advance(3000)
        return ids
    }

    /// After a rated race the room shows each racer's new rating: the next
    /// `WHO` and `READY` carry what the store answered.
    @Test func theRoomKeepsTheNewRatingsAfterARatedRace() throws {
        let harness = CoreHarness(store: Self.store())
        let racers = ratedRace(harness, ["ana", "bo"])
        let (ana, bo) = (racers[0], racers[1])
        _ = harness.ask(bo, "RESIGN")
        harness.advance(10_000)
        let results = harness.take(ana).filter { $0.hasPrefix("RESULT") }
        let anaLine = try #require(results.first { $0.contains(" nick=ana ") })
        let boLine = try #require(results.first { $0.contains(" nick=bo ") })
        func rating(_ line: String) -> String {
            line.split(separator: " ").filter { $0.hasPrefix("rating=") || $0.hasPrefix("provisional=") }.joined(separator: " ")
        }
        #expect(rating(anaLine) != "rating=1600")
        #expect(
            harness.ask(ana, "WHO") == [
                "MEMBER nick=ana role=player ready=no state=waiting \(rating(anaLine))",
                "MEMBER nick=bo role=player ready=no state=waiting \(rating(boLine))", "OK WHO room=league count=2",
            ])
        _ = harness.take(bo)
        #expect(harness.ask(bo, "READY") == ["OK READY ready=yes", "READY room=league nick=bo ready=yes \(rating(boLine))"])
    }

    /// Racers who resigned all draw (section 5.7): they share a place, and
    /// so do players on with equal scores; an unrated race places them in turn.
    @Test func racersTheRatingCountsAsDrawnShareAPlace() {
        let harness = CoreHarness(store: Self.store())
        let racers = ratedRace(harness, ["ana", "bo", "cy"])
        let (ana, bo, cy) = (racers[0], racers[1], racers[2])
        for id in [ana, bo, cy] { harness.send(id, "RESIGN") }
        let results = harness.take(cy).filter { $0.hasPrefix("RESULT") }
        #expect(results.count == 3 && results.allSatisfy { $0.contains(" place=1 ") && $0.contains(" rating=") }, "\(results)")
        // Unrated, the same race places them one after another.
        for id in [ana, bo, cy] { _ = harness.ask(id, "LEAVE") }
        _ = harness.ask(ana, "CREATE friendly limit=10")
        for id in [bo, cy] { _ = harness.ask(id, "JOIN friendly") }
        for id in [ana, bo, cy] { _ = harness.ask(id, "READY") }
        harness.advance(3000)
        for id in [ana, bo, cy] { harness.send(id, "RESIGN") }
        let places = harness.take(cy).filter { $0.hasPrefix("RESULT") }.map { $0.split(separator: " ")[3] }
        #expect(places == ["place=1", "place=2", "place=3"])
    }

    /// Nobody played it to its end and nobody is there to hear it: not rated.
    @Test func aRatedRaceEveryRacerLeftChangesNoRating() {
        let harness = CoreHarness(store: Self.store())
        let racers = ratedRace(harness, ["ana", "bo"])
        let (ana, bo) = (racers[0], racers[1])
        let cy = harness.player("cy")
        _ = harness.ask(cy, "WATCH league")
        _ = harness.ask(ana, "LEAVE")
        _ = harness.ask(bo, "LEAVE")
        let results = harness.take(cy).filter { $0.hasPrefix("RESULT") }
        #expect(results.count == 2 && results.allSatisfy { !$0.contains("rating=") && $0.contains(" place=1 ") }, "\(results)")
        #expect(harness.leaderboard.leaderboard.ratings == Self.store().leaderboard.ratings)
    }

    /// A racer who played as no person plays (docs/fair-play.md: 300 moves at one instant) leaves the race unrated.
    @Test func aRatedRaceWithAGamePlayedAsNoPersonPlaysChangesNoRating() throws {
        let harness = CoreHarness(store: Self.store())
        let racers = ratedRace(harness, ["ana", "bo"])
        let (ana, bo) = (racers[0], racers[1])
        let start = try #require(harness.take(ana).first { $0.hasPrefix("START ") })
        let seed = try #require(start.field("seed"))
        let moves = Array(try #require(SprintMoves.toReach2048(seedText: seed)).prefix(300))
        for (index, batch) in SprintMoves.batches(moves).enumerated() {
            #expect(harness.ask(ana, "MOVE \(index * 50 + 1) \(batch)").last?.hasPrefix("OK MOVE") == true)
        }
        _ = harness.ask(ana, "RESIGN")
        let results = (harness.ask(bo, "RESIGN") + harness.take(bo)).filter { $0.hasPrefix("RESULT") }
        #expect(results.count == 2 && results.allSatisfy { !$0.contains("rating=") }, "\(results)")
        #expect(harness.leaderboard.leaderboard.ratings == Self.store().leaderboard.ratings)
    }

    @Test func anUnratedRoomChangesNoRating() {
        let harness = CoreHarness(store: Self.store())
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        // ana's claim is proved (by QUEUE): an unrated room still shows no rating.
        #expect(harness.ask(ana, "QUEUE token=tana").first?.hasPrefix("OK QUEUE") == true)
        _ = harness.ask(ana, "UNQUEUE")
        _ = harness.ask(ana, "CREATE r limit=10")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.take(ana)
        #expect(harness.ask(ana, "READY") == ["OK READY ready=yes", "READY room=r nick=ana ready=yes"])
        _ = harness.ask(bo, "READY")
        harness.advance(13_000)
        let results = harness.take(ana).filter { $0.hasPrefix("RESULT") }
        #expect(results.count == 2 && results.allSatisfy { !$0.contains("rating=") })
        #expect(harness.ask(ana, "WHO").allSatisfy { !$0.contains("rating=") })
        #expect(harness.leaderboard.leaderboard.ratings == Self.store().leaderboard.ratings)
    }

    /// Only established ratings are listed (protocol.md 5.7); a player's own line says why it is not.
    @Test func theRatingBoardListsEstablishedRatingsOnly() {
        let harness = CoreHarness(store: Self.store())
        let ana = harness.player("ana")
        // ana: 9 rated races, one short of the placement; bo: 2.
        #expect(harness.ask(ana, "TOP board=rating") == ["OK TOP board=rating total=0 offset=0 count=0 unlisted=2"])
        // sqrt(80^2 + 3 (0.06 * 173.7178)^2) = 82.
        #expect(
            harness.ask(ana, "TOP board=rating nick=ana") == [
                "RATING rank=0 nick=ana rating=1600 rd=82 races=9 unlisted=placement",
                "OK TOP board=rating total=0 offset=0 count=1 unlisted=2",
            ])
    }

    @Test func theRatingBoardGivesOnePlayersLine() {
        let harness = CoreHarness(store: Self.store())
        let ana = harness.player("ana")
        #expect(
            harness.ask(ana, "TOP board=rating nick=BO") == [
                "RATING rank=0 nick=bo rating=1450 rd=150 races=2 provisional=yes unlisted=placement",
                "OK TOP board=rating total=0 offset=0 count=1 unlisted=2",
            ])
        #expect(harness.ask(ana, "TOP board=rating nick=cy") == ["OK TOP board=rating total=0 offset=0 count=0 unlisted=2"])
        #expect(
            harness.ask(ana, "TOP board=daily nick=ana") == [
                "ERR bad-option nick= picks one player's line of the rating board only: TOP board=rating nick=<nick>"
            ])
    }
}
