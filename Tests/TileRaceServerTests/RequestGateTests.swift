import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The request gate alone, with no core: whether a line runs, at what cost,
/// or what refuses it, and the work of a turn.
@Suite struct RequestGateTests {
    /// A gate at time 0 with standard limits but for `change`.
    private func gate(_ change: (inout ServerLimits) -> Void = { _ in }) -> RequestGate {
        var limits = ServerLimits.standard
        change(&limits)
        return RequestGate(limits: limits, now: 0)
    }

    /// Checks a line for a session in every state but those in `unmet`, with `listed` rooms.
    private func check(
        _ gate: inout RequestGate, _ line: String, now: Int = 0, unmet: Set<Requirement> = [], listed: Int = 0
    ) -> RequestGate.Verdict {
        gate.check(line, now: now, listedItems: { listed }, meets: { !unmet.contains($0) })
    }

    @Test func anAdmittedRequestRunsParsedWithItsCost() throws {
        var gate = gate()
        #expect(check(&gate, "move 1 LU") == .run(try ClientMessage.parse("MOVE 1 LU"), cost: 1))
        #expect(check(&gate, "TOP limit=100") == .run(.top(LeaderboardQuery(limit: 100)), cost: 11))
        #expect(check(&gate, "ROOMS", listed: 40) == .run(.rooms, cost: 3))
        #expect(gate.turnWork == 15)
    }

    @Test func emptyLinesAndPongsAreNotRequests() {
        var gate = gate { $0.requestBurst = 1 }
        #expect(check(&gate, "") == .ignore)
        #expect(check(&gate, "   ") == .ignore)
        #expect(check(&gate, "PONG a b c") == .ignore)
        // No token was taken: the one token still pays for a request.
        #expect(check(&gate, "PING") == .run(.ping(nil), cost: 1))
        #expect(gate.turnWork == 4)
    }

    @Test func onlyAListingAsksHowManyItemsItWouldList() {
        var gate = gate()
        var asked = 0
        let listed = {
            asked += 1
            return 100
        }
        for line in ["PING", "TOP", "WHO", "MOVE 1 L", "ROOMS all"] {
            _ = gate.check(line, now: 0, listedItems: listed, meets: { _ in true })
        }
        #expect(asked == 0)
        #expect(gate.check("ROOMS", now: 0, listedItems: listed, meets: { _ in true }) == .run(.rooms, cost: 7))
        #expect(asked == 1)
    }

    @Test func theFirstUnmetRequirementOfTheRowRefusesBeforeTheValues() {
        var gate = gate()
        #expect(
            check(&gate, "CREATE r", unmet: [.named, .outsideRooms])
                == .answer(ProtocolError(.noNickname, "set a nickname first: NICK <nick>")))
        #expect(
            check(&gate, "JOIN r", unmet: [.notPracticing])
                == .answer(ProtocolError(.busy, "you are playing a practice game; RESIGN it first")))
        // HELLO's version is wrong, but a second HELLO is refused for being second.
        #expect(
            check(&gate, "HELLO tilerace 2", unmet: [.notGreeted])
                == .answer(ProtocolError(.alreadyGreeted, "HELLO was already accepted")))
        #expect(
            check(&gate, "HELLO tilerace 2")
                == .answer(ProtocolError(.unsupportedVersion, "this server speaks tilerace 1, not tilerace 2")))
    }

    @Test func unknownVerbsAndBadValuesAreAnsweredForOneToken() {
        var gate = gate { $0.requestBurst = 3 }
        #expect(check(&gate, "FLY") == .answer(ProtocolError(.unknownVerb, "unknown request 'FLY'; send HELP for the list")))
        // A TOP refused for its values costs one token, however much it asked for.
        #expect(check(&gate, "TOP limit=500") == .answer(ProtocolError(.badOption, "limit=500 is out of range 1 to 100")))
        #expect(check(&gate, "WHO everyone").isAdmitted)
        #expect(gate.turnWork == 3)
        #expect(check(&gate, "PING").isAdmitted == false)
    }

    @Test func aFloodIsRefusedThenClosedAfterTooManyRefusalsInARow() {
        var gate = gate {
            $0.requestBurst = 2
            $0.requestsPerSecond = 10
            $0.maximumRefusalsInARow = 3
        }
        let flood = ProtocolError(
            .flood, "too many requests: at most 10 per second (a long reply counts for more); this one was not carried out")
        #expect(check(&gate, "PING") == .run(.ping(nil), cost: 1))
        #expect(check(&gate, "PING") == .run(.ping(nil), cost: 1))
        #expect(check(&gate, "PING") == .flood(flood))
        #expect(check(&gate, "FLY") == .flood(flood))
        // A request admitted in between starts the count again.
        #expect(check(&gate, "PING", now: 100) == .run(.ping(nil), cost: 1))
        #expect(check(&gate, "PING", now: 100) == .flood(flood))
        #expect(check(&gate, "PING", now: 100) == .flood(flood))
        #expect(check(&gate, "PING", now: 100) == .close(flood, bye: "too many requests", reason: "flooding"))
    }

    @Test func aHeavyRequestWaitsForItsTokensWhileLightOnesGoOn() {
        var gate = gate { $0.requestBurst = 12 }
        #expect(check(&gate, "TOP limit=100") == .run(.top(LeaderboardQuery(limit: 100)), cost: 11))
        #expect(check(&gate, "TOP limit=100").isAdmitted == false)
        #expect(check(&gate, "PING") == .run(.ping(nil), cost: 1))
    }

    @Test func aRecordIsChargedForItsLogLinesOnceKnown() {
        var gate = gate { $0.requestBurst = 10 }
        #expect(check(&gate, "RECORD ana") == .run(.record(RecordQuery(nickname: "ana")), cost: 1))
        gate.chargeReply(of: .record, itemLines: 20, now: 0)
        // In debt (of at most one burst: 10 tokens), paid back at 200 per second.
        #expect(check(&gate, "PING", now: 50).isAdmitted == false)
        #expect(check(&gate, "PING", now: 60) == .run(.ping(nil), cost: 1))
        // Other verbs cost nothing more once answered.
        gate.chargeReply(of: .top, itemLines: 100, now: 60)
        #expect(check(&gate, "PING", now: 60).isAdmitted)
    }

    @Test func unreadableLines() {
        var gate = gate { $0.requestBurst = 1 }
        let tooLong = ProtocolError(.lineTooLong, "too long")
        #expect(gate.check(unreadable: tooLong, now: 0) == .close(tooLong, bye: "line too long", reason: "line too long"))
        let control = ProtocolError(.badLine, "line contains control character 0x1")
        #expect(gate.check(unreadable: control, now: 0) == .answer(control))
        #expect(gate.check(unreadable: control, now: 0).isAdmitted == false)
    }

    @Test func aTurnEndsWhenItsWorkIsDone() {
        var gate = gate { $0.workPerTurn = 16 }
        gate.beginTurn()
        #expect(check(&gate, "TOP limit=100") == .run(.top(LeaderboardQuery(limit: 100)), cost: 11))
        for _ in 0..<4 { _ = check(&gate, "PING") }
        #expect(!gate.isTurnOver)
        _ = check(&gate, "")
        #expect(gate.isTurnOver)
        gate.beginTurn()
        #expect(!gate.isTurnOver)
        gate.countCarried(cost: 16)
        #expect(gate.isTurnOver)
    }
}
