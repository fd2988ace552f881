import Testing

@testable import TileRaceServer

/// `HELLO ... bot=yes` over real sockets: the server marks bots in `JOINED`,
/// `MEMBER` and `ROOM`, leaves people's lines as they were, and never takes
/// a bot's game on the leaderboard.
@Suite struct BotSessionTests {
    /// A client that greeted the server as a bot named `nickname`.
    static func bot(_ nickname: String, on server: TestServer) throws -> TestClient {
        let client = try server.rawClient()
        #expect(try client.readLine().hasPrefix("HELLO tilerace 1"))
        #expect(try client.ask("HELLO tilerace 1 \(nickname) bot=yes").hasPrefix("OK HELLO nick=\(nickname) session="))
        return client
    }

    @Test func botsAreMarkedInJoinedMemberAndRoomLines() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try server.client("ana")
        #expect(try ana.ask("CREATE friday").hasSuffix("players=1 watchers=0"))
        let bot = try Self.bot("bot-1", on: server)
        #expect(try bot.ask("JOIN friday").hasSuffix("players=2 watchers=0 bots=1"))
        #expect(try ana.event("JOINED") == "JOINED room=friday nick=bot-1 role=player bot=yes")
        #expect(
            try ana.request("WHO") == [
                "MEMBER nick=ana role=player ready=no state=waiting",
                "MEMBER nick=bot-1 role=player ready=no state=waiting bot=yes",
                "OK WHO room=friday count=2",
            ])
        #expect(try ana.request("ROOMS").first { $0.hasPrefix("ROOM room=friday") }?.hasSuffix("players=2 watchers=0 bots=1") == true)

        // A person's lines stay as they were.
        let bo = try server.client("bo")
        #expect(try bo.ask("JOIN friday").hasSuffix("players=3 watchers=0 bots=1"))
        #expect(try ana.event("JOINED", where: { $0.contains("bo ") }) == "JOINED room=friday nick=bo role=player")
        #expect(try bot.event("JOINED") == "JOINED room=friday nick=bo role=player")

        // A bot that leaves no longer counts.
        #expect(try bot.ask("LEAVE") == "OK LEAVE room=friday")
        #expect(try ana.request("ROOMS").first { $0.hasPrefix("ROOM room=friday") }?.hasSuffix("players=2 watchers=0") == true)
    }

    @Test func aWatchingBotIsMarkedToo() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try server.client("ana")
        _ = try ana.ask("CREATE friday")
        let bot = try Self.bot("eye", on: server)
        #expect(try bot.ask("WATCH friday").hasSuffix("players=1 watchers=1"))
        #expect(try ana.event("JOINED") == "JOINED room=friday nick=eye role=watcher bot=yes")
        #expect(try ana.request("WHO").dropFirst().first == "MEMBER nick=eye role=watcher ready=no state=waiting bot=yes")
    }

    @Test func aBotsGameIsNeverSubmitted() throws {
        let server = try TestServer()
        defer { server.stop() }
        let bot = try Self.bot("bot-1", on: server)
        #expect(try bot.ask("PRACTICE seed=42 size=4").hasPrefix("OK PRACTICE"))
        #expect(try bot.ask("RESIGN") == "OK RESIGN score=0")
        #expect(
            try bot.ask("SUBMIT bot-1")
                == "ERR not-eligible bots' games never go on the leaderboard (this connection said HELLO ... bot=yes)")
        #expect(try bot.ask("TOP") == "OK TOP board=all total=0 offset=0 count=0")
        // A person's game still goes on.
        let ana = try server.client("ana")
        _ = try ana.ask("PRACTICE seed=42")
        _ = try ana.ask("RESIGN")
        #expect(try ana.ask("SUBMIT ana").hasPrefix("OK SUBMIT nick=ana"))
    }

    @Test func aBotRacesLikeAnyPlayer() throws {
        let server = try TestServer()
        defer { server.stop() }
        let bot = try Self.bot("bot-1", on: server)
        _ = try bot.ask("CREATE solo target=8")
        #expect(try bot.ask("READY") == "OK READY ready=yes")
        let start = try bot.event("START")
        #expect(start.hasSuffix("players=bot-1 bots=bot-1"))
        #expect(try bot.ask("RESIGN") == "OK RESIGN score=0")
        #expect(try bot.event("END").hasPrefix("END room=solo"))
        #expect(try bot.ask("SUBMIT bot-1").errorCode == "not-eligible")
    }
}
