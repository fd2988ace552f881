import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer
import TileRaceServerTestSupport

@testable import TileRaceClient

/// Two clients (models, `update` and real connections, no terminal) race
/// each other on one `RaceServer`, submit, and read the leaderboard.
@Suite struct EndToEndTests {
    /// Plays keys until `done` holds, at most `limit` keys; returns how many were valid moves.
    @Test func twoPlayersRaceSubmitAndSeeTheLeaderboard() throws {
        let host = try TestHost()
        let ana = HeadlessClient("ana", endpoint: host.endpoint, nickname: "ana")
        let bo = HeadlessClient("bo", endpoint: host.endpoint, nickname: "bo")
        try ana.waitUntil("connected") { $0.connection.isConnected && $0.network.nickname == "ana" }
        try bo.waitUntil("connected") { $0.connection.isConnected && $0.network.nickname == "bo" }

        // ana creates room "fri", 4x4 to 16.
        ana.press(.character("r"))
        try ana.waitUntil("in the lobby") { $0.lobby?.hasLoaded == true }
        ana.press(.character("n"))
        ana.type("fri")
        ana.press(.tab, .tab)
        for _ in 0..<7 { ana.press(.left) }
        #expect(ana.model.lobby?.form?.target == 16)
        ana.press(.enter)
        try ana.waitUntil("in room fri") { $0.screen == .room && $0.room?.name == "fri" }

        // bo finds it in the list and joins.
        bo.press(.character("r"))
        try bo.waitUntil("sees room fri") { $0.lobby?.rooms.contains { $0.name == "fri" } == true }
        let index = (bo.model.lobby?.rooms.firstIndex { $0.name == "fri" })!
        for _ in 0..<index { bo.press(.down) }
        bo.press(.enter)
        try bo.waitUntil("in room fri") { $0.screen == .room && $0.room?.players.count == 2 }
        try ana.waitUntil("sees bo come in") { $0.room?.players.map(\.nickname) == ["ana", "bo"] }

        // Both ready: the countdown, then the same game for both.
        ana.press(.character("r"))
        try bo.waitUntil("sees ana ready") { $0.room?.members.first { $0.nickname == "ana" }?.isReady == true }
        bo.press(.character("r"))
        try ana.waitUntil("racing") { $0.screen == .game && $0.session?.isRace == true }
        try bo.waitUntil("racing") { $0.screen == .game && $0.session?.isRace == true }
        let anaGame = try #require(ana.model.session?.game)
        let boGame = try #require(bo.model.session?.game)
        #expect(anaGame.seed == boGame.seed)
        #expect(anaGame.board == boGame.board)
        #expect(anaGame.config == (try GameConfig(size: 4, target: 16)))

        // Each sees the other's progress live.
        bo.play(limit: 40) { $0.session!.game.moveCount >= 3 }
        let boMoves = bo.model.session!.game.moveCount
        try ana.waitUntil("sees bo's moves") { $0.race?.players.first { $0.nickname == "bo" }?.moves == boMoves }
        #expect(ana.model.race?.players.first { $0.nickname == "bo" }?.board == bo.model.session?.game.board)

        // ana reaches 16: her race is over; bo hears of it.
        ana.play(limit: 600) { $0.session?.end != nil }
        let anaEnd = try #require(ana.model.session?.end)
        #expect(anaEnd.outcome == .won)
        try bo.waitUntil("sees ana finish") { $0.race?.players.first { $0.nickname == "ana" }?.status == .finished(.target) }
        try ana.waitUntil("has the official time") { $0.session?.end?.officialMilliseconds != nil }
        #expect(ana.model.session?.expected.isEmpty == true)

        // bo resigns: the standings arrive for both.
        bo.press(.character("q"), .character("y"))
        for client in [ana, bo] {
            try client.waitUntil("sees the standings") { $0.race?.isOver == true }
        }
        guard case .finished(let standings)? = ana.model.race?.phase else { return }
        #expect(standings.map(\.nickname) == ["ana", "bo"])
        #expect(standings.map(\.reason) == [.target, .resigned])
        #expect(standings[0].score == anaEnd.score)
        #expect(bo.model.race?.phase == ana.model.race?.phase)

        // Both submit under their nicknames; the tokens are kept.
        for client in [ana, bo] {
            guard case .nickname(let field)? = client.model.session?.end?.stage else {
                Issue.record("\(client.name): no nickname prompt: \(String(describing: client.model.session?.end?.stage))")
                return
            }
            #expect(field.text == client.name)
            try client.waitForDialogKeys()
            // A resigned game (bo's) is submitted only by choice: `e`, then Enter.
            if client.model.session?.end?.outcome == .resigned { client.press(.character("e")) }
            client.press(.enter)
            try client.waitUntil("submitted") { model in
                if case .closed(_, .success)? = model.session?.end?.stage { return true }
                return false
            }
            #expect(client.model.config.token(for: client.name)?.count == 32)
        }

        // Back to the room, ready for another race (the standings came with the answer).
        try bo.waitForDialogKeys()
        bo.press(.enter)
        try bo.waitUntil("back in the room") { $0.screen == .room && $0.room?.players.count == 2 }
        #expect(bo.model.room?.players.allSatisfy { !$0.isReady } == true)
        #expect(bo.model.room?.lastStandings.map(\.nickname) == ["ana", "bo"])

        // The leaderboard: ranked by score, higher first, as in the original app.
        ana.press(.character("q"))
        try ana.waitUntil("in the lobby") { $0.lobby != nil }
        ana.press(.character("q"), .character("l"))
        try ana.waitUntil("the leaderboard") { $0.leaderboard != nil && $0.leaderboard?.status == .loaded }
        let entries = ana.model.leaderboard?.entries ?? []
        let boScore = standings[1].score
        #expect(entries.map(\.rank) == [1, 2])
        #expect(entries.map(\.score) == [anaEnd.score, boScore].sorted(by: >))
        #expect(Set(entries.map(\.nickname)) == ["ana", "bo"])
        #expect(entries.first?.nickname == (anaEnd.score >= boScore ? "ana" : "bo"))
        // 2 sorts by nickname; again flips.
        ana.press(.character("2"))
        try ana.waitUntil("sorted by nickname") { $0.leaderboard?.status == .loaded && $0.leaderboard?.column == .nickname }
        #expect(ana.model.leaderboard?.entries.map(\.nickname) == ["ana", "bo"])
        ana.press(.character("2"))
        try ana.waitUntil("flipped") { $0.leaderboard?.status == .loaded && $0.leaderboard?.isAscending == false }
        #expect(ana.model.leaderboard?.entries.map(\.nickname) == ["bo", "ana"])
    }

    @Test func aTakenNicknameIsAskedAgainAndRoomOptionCreatesTheRoom() throws {
        let host = try TestHost()
        let first = HeadlessClient("first", endpoint: host.endpoint, nickname: "ana")
        try first.waitUntil("connected") { $0.network.nickname == "ana" }
        // --nick ana --room sat: ana is taken, so the prompt comes; then room sat is created.
        let second = HeadlessClient("second", endpoint: host.endpoint, nickname: "ana", room: "sat")
        try second.waitUntil("asked for a nickname") { if case .nickname = $0.overlay { true } else { false } }
        #expect(second.model.network.nickname == nil)
        try second.waitForDialogKeys()
        second.press(.control("u"))
        second.type("ana")
        second.press(.enter)
        try second.waitUntil("told it is taken") { model in
            if case .nickname(let prompt) = model.overlay { return prompt.field.refusal?.contains("in use") == true }
            return false
        }
        second.press(.control("u"))
        second.type("ana2")
        second.press(.enter)
        try second.waitUntil("in room sat") { $0.screen == .room && $0.room?.name == "sat" }
        #expect(second.model.config.lastNickname == "ana2")

        // A private room named by --room: its code is asked for.
        first.press(.character("r"))
        try first.waitUntil("in the lobby") { $0.lobby != nil }
        first.press(.character("n"))
        first.type("vault")
        for _ in 0..<5 { first.press(.tab) }
        first.type("k3y")
        first.press(.enter)
        try first.waitUntil("in room vault") { $0.room?.name == "vault" }
        let third = HeadlessClient("third", endpoint: host.endpoint, nickname: "chen", room: "vault")
        try third.waitUntil("asked for the code") { $0.lobby?.joinPrompt?.name.text == "vault" }
        third.type("k3y")
        third.press(.enter)
        try third.waitUntil("in room vault") { $0.screen == .room && $0.room?.name == "vault" }
    }

    @Test func practiceIsPlayedOnTheServerAndSubmitted() throws {
        let host = try TestHost()
        // Target 64: the server deals a random seed, and with 8 a first move
        // could merge two 4s into the target before the assists below.
        let ana = HeadlessClient("ana", endpoint: host.endpoint, nickname: "ana") { $0.target = 64 }
        try ana.waitUntil("connected") { $0.connection.isConnected }
        ana.press(.character("p"))
        // The server deals the board (keys wait for it, as a player sees "dealing…").
        try ana.waitUntil("dealt") { $0.session?.hasServerSeed == true && $0.session?.isDealing == false }
        ana.play(limit: 10) { $0.session!.game.moveCount >= 2 }
        #expect(ana.model.session!.game.moveCount >= 2)
        // Assists go to the server too: remove a tile, undo.
        ana.press(.character("x"), .enter, .character("u"))
        #expect(ana.model.session?.game.assistCount == 2)
        try ana.waitUntil("mirrored and acknowledged") { $0.session?.serverCopy == .active && $0.session?.expected.isEmpty == true }
        ana.play(limit: 2000) { $0.session?.end != nil }
        #expect(ana.model.session?.end?.stage == .reachedTarget)
        // Finishing ends the server's copy (it would go on past the target), then sends it.
        try ana.waitForDialogKeys()
        ana.press(.character("f"))
        #expect(ana.model.session?.serverCopy == .finished)
        ana.press(.enter)
        try ana.waitUntil("submitted") { model in
            if case .closed(let message?, .success)? = model.session?.end?.stage { return message.hasPrefix("ana is 1st") }
            return false
        }
        let score = ana.model.session!.game.score
        ana.press(.character("q"), .character("l"))
        try ana.waitUntil("the leaderboard") { $0.leaderboard?.status == .loaded }
        #expect(ana.model.leaderboard?.entries.map(\.nickname) == ["ana"])
        #expect(ana.model.leaderboard?.entries.first?.score == score)
        #expect(ana.model.leaderboard?.entries.first?.assists == 2)
    }

    @Test func losingTheServerMidRaceIsClearAndTheBoardStays() throws {
        // No seat held for a dropped connection: bo counts as left at once.
        let host = try TestHost { $0.limits.resumeGraceMilliseconds = 0 }
        let ana = HeadlessClient("ana", endpoint: host.endpoint, nickname: "ana", room: "fri")
        try ana.waitUntil("in room fri") { $0.room?.players.count == 1 }
        let bo = HeadlessClient("bo", endpoint: host.endpoint, nickname: "bo", room: "fri")
        try ana.waitUntil("with bo") { $0.room?.players.count == 2 }
        // bo's `r` counts only once his own screen is the room (his OK JOIN can come after ana hears JOINED).
        try bo.waitUntil("in room fri") { $0.screen == .room && $0.room?.players.count == 2 }
        ana.press(.character("r"))
        bo.press(.character("r"))
        try ana.waitUntil("racing") { $0.session?.isRace == true }
        ana.play(limit: 10) { $0.session!.game.moveCount >= 2 }
        let board = ana.model.session!.game.board
        // bo's line drops: he counts as left. Then the server goes away.
        bo.disconnect()
        try ana.waitUntil("sees bo leave") { $0.race?.players.first { $0.nickname == "bo" }?.status == .finished(.left) }
        host.server.stop()
        try ana.waitUntil("told the connection is lost") { if case .connectionProblem = $0.overlay { true } else { false } }
        guard case .connectionProblem(let problem)? = ana.model.overlay else { return }
        #expect(problem.message == "Lost the connection to 127.0.0.1:\(host.port): the server said \"server shutting down\"")
        #expect(problem.wasRacing)
        // Keep playing offline: the board stays, as a local game.
        try ana.waitForDialogKeys()
        ana.press(.character("o"))
        #expect(ana.model.screen == .game)
        #expect(ana.model.session?.mode == .practice)
        #expect(ana.model.session?.game.board == board)
        #expect(ana.model.race == nil)
        ana.play(limit: 10) { $0.session!.game.moveCount >= 4 }
        #expect(ana.model.session!.game.moveCount >= 4)
    }

    /// kg comes in while ana and bo race (`J`, the room's name, Enter): once their race is over, all three race the next one.
    @Test func aPlayerWhoJoinsDuringARaceRacesTheNextOne() throws {
        let host = try TestHost()
        let ana = HeadlessClient("ana", endpoint: host.endpoint, nickname: "ana", room: "rep")
        try ana.waitUntil("in room rep") { $0.room?.players.count == 1 }
        let bo = HeadlessClient("bo", endpoint: host.endpoint, nickname: "bo", room: "rep")
        try bo.waitUntil("in room rep") { $0.screen == .room && $0.room?.players.count == 2 }
        ana.press(.character("r"))
        bo.press(.character("r"))
        for client in [ana, bo] { try client.waitUntil("racing") { $0.session?.isRace == true } }
        let kg = HeadlessClient("kg", endpoint: host.endpoint, nickname: "kg")
        try kg.waitUntil("connected") { $0.network.nickname == "kg" }
        kg.press(.character("r"))
        try kg.waitUntil("in the lobby") { $0.lobby?.hasLoaded == true }
        kg.press(.character("J"))
        kg.type("rep")
        kg.press(.enter)
        try kg.waitUntil("in room rep, the race under way") { $0.screen == .room && $0.room?.isRaceUnderWay == true }
        try kg.waitUntil("sees both racing") { $0.room?.players.filter { $0.state == .racing }.count == 2 }
        try Self.resignAndGoBack([ana, bo])
        try kg.waitUntil("sees the race end") { $0.room?.isRaceUnderWay == false }
        try Self.readyAndRace([ana, bo, kg])
    }

    /// Resigns each client's race and, once it is over, goes back to the room.
    static func resignAndGoBack(_ clients: [HeadlessClient]) throws {
        for client in clients { client.press(.character("q"), .character("y")) }
        for client in clients {
            try client.waitUntil("the race over") { $0.race?.isOver == true }
            try client.waitForDialogKeys()
            // Esc closes the dialog (and hides one already closed); r then goes back to the room.
            client.press(.escape, .character("r"))
            try client.waitUntil("back in the room") { $0.screen == .room && $0.race == nil }
        }
    }

    /// Everyone presses r: one race starts with them all.
    static func readyAndRace(_ clients: [HeadlessClient]) throws {
        for client in clients { client.press(.character("r")) }
        for client in clients {
            try client.waitUntil("racing with all \(clients.count)") {
                $0.session?.isRace == true && $0.race?.players.count == clients.count
            }
        }
    }

    @Test func reconnectingGoesBackIntoTheRoom() throws {
        var host: TestHost? = try TestHost()
        let port = host!.port
        let ana = HeadlessClient("ana", endpoint: host!.endpoint, nickname: "ana", room: "fri")
        try ana.waitUntil("in room fri") { $0.screen == .room && $0.room?.name == "fri" }
        host = nil
        try ana.waitUntil("told the connection is lost") { if case .connectionProblem = $0.overlay { true } else { false } }
        #expect(ana.model.screen == .menu)
        // A server comes back on the same port (without the room): Enter reconnects and makes it again.
        host = try TestHost(port: port)
        try ana.waitForDialogKeys()
        ana.press(.enter)
        try ana.waitUntil("back in room fri") { $0.screen == .room && $0.room?.name == "fri" && $0.connection.isConnected }
        #expect(ana.model.room?.players.map(\.nickname) == ["ana"])
        _ = host
    }
}
