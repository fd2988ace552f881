import Testing

@testable import TileRaceProtocol

@Suite struct ReplyMatcherTests {
    private func receive(_ matcher: inout ReplyMatcher, _ line: String) throws -> ReplyMatcher.Delivery? {
        try matcher.received(try ServerMessage.parse(line))
    }

    @Test func matchesRepliesInRequestOrderAndPassesEventsThrough() throws {
        var matcher = ReplyMatcher()
        matcher.sent(.ping("a"))
        matcher.sent(.pong("server"))
        matcher.sent(.ready(true))
        #expect(matcher.pendingCount == 2)
        #expect(try receive(&matcher, "JOINED room=r nick=bo role=player") == .event(.joined(room: "r", nickname: "bo", role: .player)))
        #expect(try receive(&matcher, "PONG a") == .reply(request: .ping("a"), reply: .pong("a"), items: []))
        #expect(
            try receive(&matcher, "ERR race-in-progress wait")
                == .reply(
                    request: .ready(true), reply: .error(ProtocolError(.raceInProgress, "wait")), items: []))
        #expect(matcher.pendingCount == 0)
    }

    @Test func collectsItemLinesOfAMultiLineReply() throws {
        var matcher = ReplyMatcher()
        matcher.sent(.who)
        #expect(try receive(&matcher, "MEMBER nick=ana role=player ready=no state=waiting") == nil)
        #expect(try receive(&matcher, "MEMBER nick=bo role=watcher ready=no state=waiting") == nil)
        let delivery = try receive(&matcher, "OK WHO room=r count=2")
        guard case .reply(let request, let reply, let items) = delivery else {
            Issue.record("no reply: \(String(describing: delivery))")
            return
        }
        #expect(request == .who && reply == .ok(.who(room: "r", count: 2)))
        #expect(
            items == [
                .member(MemberInfo(nickname: "ana", role: .player, isReady: false, state: .waiting)),
                .member(MemberInfo(nickname: "bo", role: .watcher, isReady: false, state: .waiting)),
            ])
    }

    @Test func refusesRepliesAndItemsNobodyAskedFor() throws {
        var matcher = ReplyMatcher()
        #expect(throws: ProtocolError.self) { try receive(&matcher, "OK QUIT") }
        matcher.sent(.quit)
        #expect(throws: ProtocolError.self) { try receive(&matcher, "INFO stray") }
    }

    @Test func keepsUpOverManyRequests() throws {
        var matcher = ReplyMatcher()
        for round in 1...1000 {
            matcher.sent(.move(seq: round, entries: [.move(.left)]))
            let line = "OK MOVE seq=\(round) score=0 moves=\(round) max=2 won=no over=no"
            guard case .reply(.move(let seq, _), _, _) = try receive(&matcher, line) else {
                Issue.record("round \(round) not matched")
                return
            }
            #expect(seq == round)
        }
        #expect(matcher.pendingCount == 0)
    }
}
