import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The details protocol.md states exactly, pinned on the core: how requests
/// are split, what odd combinations do, how lists are ordered, how limits count.
@Suite struct CoreProtocolDetailsTests {
    @Test func repeatedLeadingAndTrailingSpacesAreAccepted() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "  CREATE   r   size=3  ").first?.hasPrefix("OK CREATE room=r state=waiting size=3 ") == true)
        #expect(harness.ask(ana, "PING  x ") == ["PONG x"])
    }

    @Test func aCodeForAPublicRoomIsIgnored() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "CREATE r")
        let bo = harness.player("bo")
        #expect(harness.ask(bo, "JOIN r code=x").first?.hasPrefix("OK JOIN room=r ") == true)
        let eve = harness.player("eve")
        #expect(harness.ask(eve, "WATCH R code=x").first?.hasPrefix("OK WATCH room=r ") == true)
    }

    @Test func roomsAreListedByNameWithoutRegardToCase() {
        let harness = CoreHarness()
        for name in ["beta", "Alpha", "Zed", "carol"] {
            _ = harness.ask(harness.player("p-\(name)"), "CREATE \(name)")
        }
        let lines = harness.ask(harness.player("eve"), "ROOMS")
        #expect(lines.compactMap { $0.field("room") } == ["Alpha", "beta", "carol", "daily", "Zed"])
    }

    @Test func roomsCostsOneMoreForEverySixteenRoomsRoundingDown() {
        let harness = CoreHarness()
        let cost = { RequestVerb.rooms.cost(of: .rooms, listedItems: harness.knownRoomCount) }
        // daily and 14 rooms: 15 / 16 is 0.
        for number in 1...14 { _ = harness.ask(harness.player("p\(number)"), "CREATE r\(number)") }
        #expect(cost() == 1)
        // A private room counts too: 16 / 16 is 1.
        _ = harness.ask(harness.player("p15"), "CREATE r15 code=k")
        #expect(cost() == 2)
    }

    @Test func aMoveSequenceNumberIsFromOneTo2147483647() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "MOVE -1 L") == ["ERR not-racing no game is running for you"])
        _ = harness.ask(ana, "PRACTICE seed=42")
        for seq in ["-1", "0", "2147483648"] {
            #expect(harness.ask(ana, "MOVE \(seq) L") == ["ERR bad-arguments seq=\(seq) is out of range 1 to 2147483647"])
        }
        #expect(harness.ask(ana, "MOVE 2147483647 L").first == "ERR bad-seq expected MOVE 1, got MOVE 2147483647; nothing was applied")
    }

    @Test func resumingNeedsTheNicknameAndKeepsTheSessionsBotMark() throws {
        let harness = CoreHarness()
        let ana = harness.connect()
        #expect(
            harness.ask(ana, "HELLO tilerace 1 resume=0123456789abcdef0123456789abcdef").last
                == "ERR bad-arguments resume= needs the nickname of the session")
        let secret = try #require(harness.ask(ana, "HELLO tilerace 1 ana").last?.field("session"))
        _ = harness.ask(ana, "PRACTICE seed=42")
        harness.disconnect(ana)
        // ana said she is a person; bot=yes on the resuming HELLO changes nothing.
        let back = harness.connect()
        _ = harness.take(back)
        #expect(harness.ask(back, "HELLO tilerace 1 ana bot=yes resume=\(secret)").first?.hasPrefix("OK HELLO nick=ana ") == true)
        _ = harness.ask(back, "RESIGN")
        #expect(harness.ask(back, "SUBMIT ana").first?.hasPrefix("OK SUBMIT nick=ana ") == true)
        // And a bot stays a bot.
        let robot = harness.connect()
        let robotSecret = try #require(harness.ask(robot, "HELLO tilerace 1 bot-1 bot=yes").last?.field("session"))
        _ = harness.ask(robot, "PRACTICE seed=42")
        harness.disconnect(robot)
        let robotBack = harness.connect()
        _ = harness.take(robotBack)
        _ = harness.ask(robotBack, "HELLO tilerace 1 bot-1 bot=no resume=\(robotSecret)")
        _ = harness.ask(robotBack, "RESIGN")
        #expect(harness.ask(robotBack, "SUBMIT bot-1").first?.hasPrefix("ERR not-eligible ") == true)
    }

    @Test func aBotsStrengthIsShownToTheOthersInItsRoom() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "CREATE r")
        let robot = harness.connect()
        _ = harness.take(robot)
        _ = harness.ask(robot, "HELLO tilerace 1 bot-1 bot=yes strength=4")
        _ = harness.ask(robot, "JOIN r")
        #expect(harness.take(ana) == ["JOINED room=r nick=bot-1 role=player bot=yes strength=4"])
        #expect(harness.ask(ana, "WHO").dropFirst().first == "MEMBER nick=bot-1 role=player ready=no state=waiting bot=yes strength=4")
        // An older bot, without strength=, is a plain bot.
        _ = harness.ask(harness.bot("bot-2"), "JOIN r")
        #expect(harness.take(ana) == ["JOINED room=r nick=bot-2 role=player bot=yes"])
    }

    @Test func aWrongJoinCodeCountsForSixtySecondsAfterItWasRefused() {
        let harness = CoreHarness()
        _ = harness.ask(harness.player("ana"), "CREATE p code=k")
        let eve = harness.player("eve")
        let refused = "ERR room-unavailable no room p is open to you (it does not exist, or it needs a join code)"
        #expect(harness.ask(eve, "JOIN p code=bad") == [refused])
        harness.advance(30_000)
        for _ in 0..<4 { #expect(harness.ask(eve, "JOIN p code=bad") == [refused]) }
        #expect(harness.ask(eve, "JOIN p code=k") == ["ERR flood too many wrong join codes from your address; try again in 30 s"])
        harness.advance(29_999)
        #expect(harness.ask(eve, "JOIN p code=k") == ["ERR flood too many wrong join codes from your address; try again in 1 s"])
        // A minute after the first refusal, it no longer counts: one more code is checked.
        harness.advance(1)
        #expect(harness.ask(eve, "JOIN p code=bad") == [refused])
        #expect(harness.ask(eve, "JOIN p code=k") == ["ERR flood too many wrong join codes from your address; try again in 30 s"])
        // While the address is over the limit, a code for a public room is refused unchecked too.
        _ = harness.ask(harness.player("bo"), "CREATE open")
        #expect(harness.ask(eve, "JOIN open code=x").first?.hasPrefix("ERR flood ") == true)
        #expect(harness.ask(eve, "JOIN open").first?.hasPrefix("OK JOIN room=open ") == true)
    }

    @Test func aPracticeGameResignedWhilePausedEndsAtThePause() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42")
        harness.advance(1000)
        #expect(harness.ask(ana, "PAUSE") == ["OK PAUSE time=1000"])
        harness.advance(5000)
        _ = harness.ask(ana, "RESIGN")
        _ = harness.ask(ana, "SUBMIT ana")
        #expect(harness.ask(ana, "TOP").first?.field("time") == "1000")
    }

    @Test func equalScoresUnderSortScoreAreInRankOrderOrItsReverse() {
        let harness = CoreHarness()
        for nickname in ["ana", "bo"] {
            let id = harness.player(nickname)
            _ = harness.ask(id, "PRACTICE seed=42")
            _ = harness.ask(id, "RESIGN")
            #expect(harness.ask(id, "SUBMIT \(nickname)").first?.hasPrefix("OK SUBMIT nick=\(nickname) board=all score=0 ") == true)
        }
        let eve = harness.player("eve")
        #expect(harness.ask(eve, "TOP sort=score").compactMap { $0.field("nick") } == ["ana", "bo"])
        #expect(harness.ask(eve, "TOP sort=score order=asc").compactMap { $0.field("nick") } == ["bo", "ana"])
        #expect(harness.ask(eve, "TOP order=desc").compactMap { $0.field("nick") } == ["bo", "ana"])
    }

    @Test func aDateWithTheAllTimeBoardIsCheckedThenIgnored() {
        let harness = CoreHarness()
        let eve = harness.player("eve")
        #expect(harness.ask(eve, "TOP board=all date=2020-01-01") == ["OK TOP board=all total=0 offset=0 count=0"])
        #expect(harness.ask(eve, "TOP board=all date=2020-13") == ["ERR bad-option date='2020-13' is not YYYY-MM-DD"])
        _ = harness.ask(eve, "PRACTICE seed=42")
        _ = harness.ask(eve, "MOVE 1 L")
        _ = harness.ask(eve, "RESIGN")
        _ = harness.ask(eve, "SUBMIT eve")
        #expect(
            harness.ask(eve, "RECORD eve board=all date=2020-01-01") == [
                "LOG L@0", "OK RECORD nick=eve seed=42 size=4 target=2048 entries=1 count=1",
            ])
        // The same holds for the all-time sprint board.
        #expect(harness.ask(eve, "TOP board=sprint date=2020-01-01") == ["OK TOP board=sprint total=0 offset=0 count=0"])
        #expect(harness.ask(eve, "TOP board=sprint date=2020-13") == ["ERR bad-option date='2020-13' is not YYYY-MM-DD"])
    }

    @Test func aRaceWaitsForAnAwayRacerOnlyWhileItHasNotFinished() throws {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let bo = harness.connect()
        _ = harness.ask(bo, "HELLO tilerace 1 bo")
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.ask(ana, "READY")
        _ = harness.ask(bo, "READY")
        harness.advance(3000)
        // bo resigns, then drops: his seat is held, but the race does not wait for him.
        _ = harness.ask(bo, "RESIGN")
        harness.disconnect(bo)
        #expect(harness.ask(ana, "RESIGN").last == "END room=r race=1 count=2")
    }
}
