import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// A person alone with bots starts the race at once: the bots are ready, so
/// the person's `READY` is the last, and nobody needs the countdown.
@Suite struct CoreBotRaceTests {
    @Test func onePersonWithBotsStartsAtOnce() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "CREATE r")
        let robots = [harness.bot("bot-1"), harness.bot("bot-2")]
        for robot in robots {
            _ = harness.ask(robot, "JOIN r")
            _ = harness.ask(robot, "READY")
        }
        for id in [ana] + robots { _ = harness.take(id) }
        let start = "START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bot-1,bot-2 bots=bot-1,bot-2"
        #expect(harness.ask(ana, "READY") == ["OK READY ready=yes", "READY room=r nick=ana ready=yes", start])
        #expect(harness.take(robots[0]) == ["READY room=r nick=ana ready=yes", start])
        // Ready first, then the bots: the last bot's READY starts it.
        _ = harness.ask(ana, "RESIGN")
        for robot in robots { _ = harness.ask(robot, "RESIGN") }
        _ = harness.ask(ana, "READY")
        _ = harness.ask(robots[0], "READY")
        _ = harness.take(ana)
        #expect(harness.ask(robots[1], "READY").last?.hasPrefix("START room=r race=2 ") == true)
        #expect(harness.take(ana).last?.hasPrefix("START room=r race=2 ") == true)
    }

    @Test func aPersonComingBackToBotsStartsAtOnce() throws {
        let harness = CoreHarness()
        let ana = harness.connect()
        let secret = try #require(harness.ask(ana, "HELLO tilerace 1 ana").last?.field("session"))
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(ana, "READY")
        let robot = harness.bot("bot-1")
        _ = harness.ask(robot, "JOIN r")
        harness.disconnect(ana)
        _ = harness.take(robot)
        // Away: nothing starts.
        #expect(harness.ask(robot, "READY") == ["OK READY ready=yes", "READY room=r nick=bot-1 ready=yes"])
        let back = harness.connect()
        _ = harness.take(back)
        #expect(harness.ask(back, "HELLO tilerace 1 ana resume=\(secret)").last?.hasPrefix("START room=r race=1 ") == true)
    }

    @Test(arguments: [
        (people: 1, bots: 0),
        (people: 2, bots: 1),
        (people: 0, bots: 2),
    ])
    func otherRoomsCountDown(people: Int, bots: Int) {
        let harness = CoreHarness()
        let players = (0..<people).map { harness.player("p\($0)") } + (0..<bots).map { harness.bot("bot-\($0)") }
        _ = harness.ask(players[0], "CREATE r")
        for player in players.dropFirst() { _ = harness.ask(player, "JOIN r") }
        let eve = harness.player("eve")
        _ = harness.ask(eve, "WATCH r")
        for player in players { _ = harness.ask(player, "READY") }
        harness.advance(2999)
        #expect(harness.take(eve).last == "COUNTDOWN room=r ms=3000")
        harness.advance(1)
        #expect(harness.take(eve).last?.hasPrefix("START room=r race=1 ") == true)
    }
}
