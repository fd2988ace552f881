import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// What a spectator learns of a race under way: how long it has run, and
/// which racers are bots, in the lines that catch it up and in the standings.
@Suite struct CoreSpectatorTests {
    /// ana, bot-1 and bo in room r, all ready: the countdown has begun; outputs cleared.
    private func readyWithABot(_ harness: CoreHarness) -> (ana: ConnectionID, robot: ConnectionID, bo: ConnectionID) {
        let ana = harness.player("ana")
        let robot = harness.bot("bot-1")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(robot, "JOIN r")
        _ = harness.ask(bo, "JOIN r")
        for id in [ana, robot, bo] { _ = harness.ask(id, "READY") }
        for id in [ana, robot, bo] { _ = harness.take(id) }
        return (ana, robot, bo)
    }

    /// ana, bot-1 and bo racing in room r since the clock's `startedAt`; outputs cleared.
    private func racingWithABot(_ harness: CoreHarness) -> (ana: ConnectionID, robot: ConnectionID, bo: ConnectionID) {
        let racers = readyWithABot(harness)
        harness.advance(3000)
        for id in [racers.ana, racers.robot, racers.bo] { _ = harness.take(id) }
        return racers
    }

    @Test func aWatcherWhoComesLateIsToldHowLongTheRaceHasRun() {
        let harness = CoreHarness()
        let (ana, _, _) = racingWithABot(harness)
        harness.advance(15_000)
        let eve = harness.player("eve")
        let lines = harness.ask(eve, "WATCH r")
        #expect(
            lines.dropFirst().first
                == "START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bot-1,bo bots=bot-1 elapsed=15000")
        // The START that begins a race says nothing of it: it has just begun.
        #expect(!harness.take(ana).contains { $0.contains("elapsed=") })
    }

    @Test func theStartThatBeginsARaceNamesItsBotsAndNoElapsedTime() {
        let harness = CoreHarness()
        let (ana, _, _) = readyWithABot(harness)
        harness.advance(3000)
        #expect(harness.take(ana) == ["START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bot-1,bo bots=bot-1"])
    }

    @Test func aResumedRacerIsToldHowLongTheRaceHasRunToo() throws {
        let harness = CoreHarness()
        let ana = harness.connect()
        let secret = try #require(harness.ask(ana, "HELLO tilerace 1 ana").last?.field("session"))
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.ask(ana, "READY")
        _ = harness.ask(bo, "READY")
        harness.advance(3000)
        harness.disconnect(ana)
        harness.advance(4200)
        let back = harness.connect()
        _ = harness.take(back)
        let lines = harness.ask(back, "HELLO tilerace 1 ana resume=\(secret)")
        #expect(lines.contains("START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bo elapsed=4200"))
    }

    @Test func watchersAreToldWhichRacersAreBotsInFinishesAndStandingsEvenAfterTheyLeft() {
        let harness = CoreHarness()
        let (ana, robot, bo) = racingWithABot(harness)
        let eve = harness.player("eve")
        let caughtUp = harness.ask(eve, "WATCH r")
        #expect(caughtUp.contains { $0.hasPrefix("START ") && $0.hasSuffix(" bots=bot-1 elapsed=0") })
        // The bot resigns, then leaves the room: its FINISH and its RESULT still say it is a bot.
        _ = harness.ask(robot, "RESIGN")
        #expect(harness.take(eve) == ["FINISH room=r nick=bot-1 reason=resigned score=0 max=2 moves=0 time=0 bot=yes"])
        _ = harness.ask(robot, "LEAVE")
        #expect(harness.take(eve) == ["LEFT room=r nick=bot-1"])
        _ = harness.ask(bo, "RESIGN")
        _ = harness.ask(ana, "RESIGN")
        let standings = harness.take(eve)
        #expect(
            standings.suffix(4) == [
                "RESULT room=r race=1 place=1 nick=bot-1 reason=resigned score=0 max=2 moves=0 time=0 bot=yes",
                "RESULT room=r race=1 place=2 nick=bo reason=resigned score=0 max=2 moves=0 time=0",
                "RESULT room=r race=1 place=3 nick=ana reason=resigned score=0 max=2 moves=0 time=0",
                "END room=r race=1 count=3",
            ])
    }

    @Test func aWatchersMemberLineIsNeverReadyNorRacing() {
        let harness = CoreHarness()
        let (ana, _, _) = racingWithABot(harness)
        let eve = harness.player("eve")
        _ = harness.ask(eve, "WATCH r")
        let eye = harness.bot("eye")
        _ = harness.ask(eye, "WATCH r")
        _ = harness.take(ana)
        #expect(
            harness.ask(ana, "WHO") == [
                "MEMBER nick=ana role=player ready=no state=racing",
                "MEMBER nick=bot-1 role=player ready=no state=racing bot=yes",
                "MEMBER nick=bo role=player ready=no state=racing",
                "MEMBER nick=eve role=watcher ready=no state=waiting",
                "MEMBER nick=eye role=watcher ready=no state=waiting bot=yes",
                "OK WHO room=r count=5",
            ])
    }
}
