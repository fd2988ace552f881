import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// A dropped connection's seat is held for the grace period; `HELLO ...
/// resume=<secret>` on a new connection takes it back (manual clock).
@Suite struct CoreResumeTests {
    /// A connection that said HELLO as `nickname`; returns it and its resume secret.
    private func greet(_ harness: CoreHarness, _ nickname: String) throws -> (ConnectionID, String) {
        let id = harness.connect()
        _ = harness.take(id)
        let reply = try #require(harness.ask(id, "HELLO tilerace 1 \(nickname)").first)
        #expect(reply.hasPrefix("OK HELLO nick=\(nickname) session="))
        return (id, try #require(reply.field("session")))
    }

    /// ana and bo in room r, both ready (the countdown runs); bo's secret.
    private func readyRoom(_ harness: CoreHarness, options: String = "") throws -> (ana: ConnectionID, bo: ConnectionID, secret: String) {
        let (ana, _) = try greet(harness, "ana")
        let (bo, secret) = try greet(harness, "bo")
        _ = harness.ask(ana, "CREATE r \(options)")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.ask(ana, "READY")
        _ = harness.ask(bo, "READY")
        return (ana, bo, secret)
    }

    /// ana and bo racing in room r; bo's secret.
    private func racing(_ harness: CoreHarness, options: String = "") throws -> (ana: ConnectionID, bo: ConnectionID, secret: String) {
        let (ana, bo, secret) = try readyRoom(harness, options: options)
        harness.advance(3000)
        for id in [ana, bo] { #expect(harness.take(id).last?.hasPrefix("START room=r") == true) }
        return (ana, bo, secret)
    }

    /// A new connection resumes with `secret`; returns it and what it got.
    private func resume(_ harness: CoreHarness, _ nickname: String, _ secret: String) -> (ConnectionID, [String]) {
        let id = harness.connect()
        _ = harness.take(id)
        return (id, harness.ask(id, "HELLO tilerace 1 \(nickname) resume=\(secret)"))
    }

    @Test func aRacerWhoDropsComesBackToTheSameRaceAndPlaysOn() throws {
        let harness = CoreHarness()
        let (ana, bo, secret) = try racing(harness)
        var player = try Autoplayer(seed: "1")
        let firstMove = player.next()
        let first = try #require(firstMove)
        #expect(harness.ask(bo, "MOVE 1 \(first.letter)").first?.hasPrefix("OK MOVE seq=1 ") == true)
        _ = harness.take(ana)
        harness.disconnect(bo)
        #expect(harness.take(ana) == ["AWAY room=r nick=bo ms=30000"])
        // The nickname stays taken meanwhile.
        let other = harness.connect()
        _ = harness.take(other)
        #expect(harness.ask(other, "HELLO tilerace 1 BO").first?.hasPrefix("ERR nick-taken") == true)
        harness.advance(5000)
        let (back, lines) = resume(harness, "bo", secret)
        let hello = try #require(lines.first)
        #expect(hello.hasPrefix("OK HELLO nick=bo session="))
        #expect(hello.hasSuffix(" resumed=yes room=r state=racing size=4 target=2048 assists=no limit=0 private=no players=2 watchers=0"))
        #expect(hello.field("session") != secret)
        #expect(lines.dropFirst().first?.hasPrefix("START room=r race=1 ") == true)
        let resync = try #require(lines.first { $0.hasPrefix("RESYNC ") })
        #expect(resync.field("seq") == "1")
        #expect(resync.field("board") == BoardField.encode(player.game.board.rows.flatMap { $0 }))
        #expect(lines.contains { $0.hasPrefix("PROGRESS room=r nick=ana ") })
        #expect(harness.take(ana) == ["BACK room=r nick=bo"])
        // The race goes on where it was: the next entry is 2.
        let secondMove = player.next()
        let second = try #require(secondMove)
        #expect(harness.ask(back, "MOVE 2 \(second.letter)").first?.hasPrefix("OK MOVE seq=2 ") == true)
        // The old secret is spent.
        let (_, again) = resume(harness, "bo", secret)
        #expect(again.first?.hasPrefix("ERR bad-session ") == true)
    }

    /// Simulator seeds 533 and 1072: a rated `READY`'s answer, come after the drop, was sent on the new connection
    /// ahead of the reply to its own first request.
    @Test func aReplyTheDroppedConnectionAwaitedIsNotSentOnTheNewOne() throws {
        let harness = CoreHarness()
        let (_, bo, secret) = try readyRoom(harness)
        harness.holdsLeaderboard = true
        harness.send(bo, "TOP")
        harness.disconnect(bo)
        let (back, _) = resume(harness, "bo", secret)
        harness.send(back, "WHO")
        harness.answerHeldRequests()
        let lines = harness.take(back)
        #expect(!lines.contains { $0.hasPrefix("OK TOP") || $0.hasPrefix("ENTRY ") }, "\(lines)")
        #expect(lines.last?.hasPrefix("OK WHO room=r count=2") == true, "\(lines)")
    }

    @Test func aSeatNotTakenBackInTimeIsGivenUp() throws {
        let harness = CoreHarness()
        let (ana, bo, secret) = try racing(harness)
        harness.disconnect(bo)
        _ = harness.take(ana)
        harness.advance(29_999)
        #expect(harness.take(ana).allSatisfy { !$0.hasPrefix("LEFT") })
        harness.advance(1)
        let lines = harness.take(ana)
        #expect(lines.contains { $0.hasPrefix("FINISH room=r nick=bo reason=left ") })
        #expect(lines.contains("LEFT room=r nick=bo"))
        let (_, late) = resume(harness, "bo", secret)
        #expect(late.first?.hasPrefix("ERR bad-session ") == true)
        // The nickname is free again.
        let (_, _) = try greet(harness, "bo")
    }

    @Test func theRaceDoesNotEndWhileASeatIsHeld() throws {
        let harness = CoreHarness()
        let (ana, bo, secret) = try racing(harness)
        harness.disconnect(bo)
        let end = harness.ask(ana, "RESIGN")
        #expect(!end.contains { $0.hasPrefix("END ") })
        let (_, lines) = resume(harness, "bo", secret)
        #expect(lines.contains { $0.hasPrefix("FINISH room=r nick=ana reason=resigned ") })
        #expect(!lines.contains { $0.hasPrefix("END ") })
    }

    @Test func aRaceThatEndedMeanwhileSendsItsResultsOnReturn() throws {
        let harness = CoreHarness()
        let (ana, bo, secret) = try racing(harness, options: "limit=10")
        harness.disconnect(bo)
        _ = harness.ask(ana, "RESIGN")
        harness.advance(10_000)  // the time limit ends the race, seat or not
        #expect(harness.take(ana).contains { $0.hasPrefix("END room=r race=1 count=2") })
        let (_, lines) = resume(harness, "bo", secret)
        #expect(lines.first?.field("state") == "waiting")
        #expect(lines.filter { $0.hasPrefix("RESULT room=r race=1 ") }.count == 2)
        #expect(lines.last == "END room=r race=1 count=2")
    }

    @Test func goingAwayCancelsTheCountdownAndComingBackRestartsIt() throws {
        let harness = CoreHarness()
        let (ana, bo, secret) = try readyRoom(harness)
        _ = harness.take(ana)
        harness.disconnect(bo)
        #expect(harness.take(ana) == ["AWAY room=r nick=bo ms=30000", "CANCEL room=r reason=away"])
        // While bo is away, readying again starts nothing.
        _ = harness.ask(ana, "READY no")
        _ = harness.ask(ana, "READY")
        #expect(!harness.take(ana).contains { $0.hasPrefix("COUNTDOWN") })
        let (_, lines) = resume(harness, "bo", secret)
        #expect(lines.contains("COUNTDOWN room=r ms=3000"))
        #expect(harness.take(ana) == ["BACK room=r nick=bo", "COUNTDOWN room=r ms=3000"])
    }

    /// kg, who came in after bo's `AWAY`, learns of the held seat from `WHO`; once bo is back, it says no more.
    @Test func whoSaysHowLongAHeldSeatIsStillHeld() throws {
        let harness = CoreHarness()
        let (_, bo, secret) = try readyRoom(harness)
        harness.disconnect(bo)
        harness.advance(2600)
        let (kg, _) = try greet(harness, "kg")
        _ = harness.ask(kg, "JOIN r")
        #expect(
            harness.ask(kg, "WHO") == [
                "MEMBER nick=ana role=player ready=yes state=waiting", "MEMBER nick=bo role=player ready=yes state=waiting away=27400",
                "MEMBER nick=kg role=player ready=no state=waiting", "OK WHO room=r count=3",
            ])
        _ = resume(harness, "bo", secret)
        #expect(harness.ask(kg, "WHO").contains("MEMBER nick=bo role=player ready=yes state=waiting"))
    }

    @Test func aPracticeGameIsResumed() throws {
        let harness = CoreHarness()
        let (ana, secret) = try greet(harness, "ana")
        _ = harness.ask(ana, "PRACTICE seed=7")
        var player = try Autoplayer(seed: "7")
        let moveMove = player.next()
        let move = try #require(moveMove)
        _ = harness.ask(ana, "MOVE 1 \(move.letter)")
        harness.disconnect(ana)
        let (back, lines) = resume(harness, "ana", secret)
        #expect(lines.first?.hasSuffix(" resumed=yes") == true)
        #expect(
            lines.dropFirst().first?.hasPrefix("RESYNC seq=1 board=\(BoardField.encode(player.game.board.rows.flatMap { $0 }))") == true)
        let nextMove = player.next()
        let next = try #require(nextMove)
        #expect(harness.ask(back, "MOVE 2 \(next.letter)").first?.hasPrefix("OK MOVE seq=2 ") == true)
    }

    @Test func wrongSecretsAreRefusedAndCountedPerAddress() throws {
        var limits = ServerLimits.standard
        limits.joinCodeFailuresPerMinute = 2
        let harness = CoreHarness(limits: limits)
        for _ in 0..<2 {
            let (id, lines) = resume(harness, "ana", String(repeating: "ab", count: 16))
            #expect(lines.first?.hasPrefix("ERR bad-session ") == true)
            // The connection stays connected and may say HELLO without resume=.
            #expect(!harness.isClosed(id))
        }
        let (id, lines) = resume(harness, "ana", String(repeating: "ab", count: 16))
        #expect(lines.first?.hasPrefix("ERR flood too many refused sessions") == true)
        #expect(harness.ask(id, "HELLO tilerace 1 ana").first?.hasPrefix("OK HELLO nick=ana session=") == true)
    }

    @Test func aLiveSessionCannotBeTakenOverAndTheNicknameMustMatch() throws {
        let harness = CoreHarness()
        let (ana, secret) = try greet(harness, "ana")
        _ = harness.ask(ana, "PRACTICE")
        #expect(resume(harness, "ana", secret).1.first?.hasPrefix("ERR bad-session ") == true)
        harness.disconnect(ana)
        #expect(resume(harness, "bo", secret).1.first?.hasPrefix("ERR bad-session ") == true)
        #expect(resume(harness, "ANA", secret).1.first?.hasSuffix(" resumed=yes") == true)
    }

    @Test func watchersQuittersAndIdleLobbyConnectionsAreNotHeld() throws {
        let harness = CoreHarness()
        let (ana, _) = try greet(harness, "ana")
        _ = harness.ask(ana, "CREATE r")
        let (eve, eveSecret) = try greet(harness, "eve")
        _ = harness.ask(eve, "WATCH r")
        _ = harness.take(ana)
        harness.disconnect(eve)
        #expect(harness.take(ana) == ["LEFT room=r nick=eve"])
        #expect(resume(harness, "eve", eveSecret).1.first?.hasPrefix("ERR bad-session ") == true)
        let (bo, boSecret) = try greet(harness, "bo")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.take(ana)
        _ = harness.ask(bo, "QUIT")
        #expect(harness.take(ana) == ["LEFT room=r nick=bo"])
        #expect(resume(harness, "bo", boSecret).1.first?.hasPrefix("ERR bad-session ") == true)
    }

    @Test func withNoGraceADropIsFinal() throws {
        var limits = ServerLimits.standard
        limits.resumeGraceMilliseconds = 0
        let harness = CoreHarness(limits: limits)
        let (ana, bo, secret) = try racing(harness)
        harness.disconnect(bo)
        #expect(harness.take(ana).contains("LEFT room=r nick=bo"))
        #expect(resume(harness, "bo", secret).1.first?.hasPrefix("ERR bad-session ") == true)
    }
}
