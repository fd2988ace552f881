import Testing

@testable import TileRaceProtocol

/// `bot=yes`: what a bot says in `HELLO`, and how `MEMBER`, `JOINED` and
/// `ROOM` show it (only when it is a bot, so older lines stay unchanged).
@Suite struct BotFieldTests {
    @Test func helloReadsTheBotField() throws {
        #expect(try ClientMessage.parse("HELLO tilerace 1 bo bot=yes") == .hello(nickname: "bo", isBot: true))
        #expect(try ClientMessage.parse("HELLO tilerace 1 bo bot=no") == .hello(nickname: "bo", isBot: false))
        #expect(try ClientMessage.parse("HELLO tilerace 1 bot=yes") == .hello(nickname: nil, isBot: true))
        #expect(try ClientMessage.parse("HELLO tilerace 1 bo") == .hello(nickname: "bo", isBot: false))
    }

    @Test func helloRefusesABadBotValue() {
        #expect(throws: ProtocolError(.badOption, "bot=maybe must be yes or no")) {
            try ClientMessage.parse("HELLO tilerace 1 bo bot=maybe")
        }
        #expect(throws: ProtocolError(.badOption, "unknown option 'robot'; known: bot, resume, strength, via")) {
            try ClientMessage.parse("HELLO tilerace 1 bo robot=yes")
        }
    }

    @Test func peopleAreWrittenWithoutTheField() {
        #expect(ClientMessage.hello(nickname: "ana").line == "HELLO tilerace 1 ana")
        #expect(ServerMessage.event(.joined(room: "r", nickname: "ana", role: .player)).line == "JOINED room=r nick=ana role=player")
        #expect(
            ServerMessage.member(MemberInfo(nickname: "ana", role: .player, isReady: true, state: .waiting)).line
                == "MEMBER nick=ana role=player ready=yes state=waiting")
    }

    @Test func readersTakeAMissingFieldAsAPerson() throws {
        #expect(try ServerMessage.parse("JOINED room=r nick=bo role=watcher") == .event(.joined(room: "r", nickname: "bo", role: .watcher)))
        guard case .room(let room) = try ServerMessage.parse("ROOM " + ServerMessageTests.roomLine) else {
            Issue.record("not a ROOM")
            return
        }
        #expect(room.botCount == 0)
    }
}
