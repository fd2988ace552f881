import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer

/// Rated races over real sockets on 127.0.0.1, on two servers sharing one
/// Redis: the ratings one server's race leaves are those the other's next
/// race starts from, and both list them (`TOP board=rating`).
@Suite struct RatedRaceIntegrationTests {
    /// Claims `nickname` (a practice game submitted); returns its token.
    private static func claim(_ client: TestClient, _ nickname: String) throws -> String {
        _ = try client.ask("PRACTICE")
        _ = try client.ask("RESIGN")
        return try #require(try client.ask("SUBMIT \(nickname)").field("token"))
    }

    /// A rated race to 8 in `room`: bo resigns, ana plays on to the target.
    /// Returns the `RESULT` lines ana gets.
    private static func race(in room: String, ana: TestClient, bo: TestClient, tokens: (String, String)) throws -> [String] {
        #expect(try ana.ask("CREATE \(room) rated=yes target=8").hasSuffix("rated=yes"))
        _ = try bo.ask("JOIN \(room)")
        #expect(try ana.ask("READY token=\(tokens.0)") == "OK READY ready=yes")
        #expect(try bo.ask("READY token=\(tokens.1)") == "OK READY ready=yes")
        let start = try ana.event("START")
        _ = try bo.event("START")
        #expect(try bo.ask("RESIGN").hasPrefix("OK RESIGN"))
        var player = try Autoplayer(seed: try #require(start.field("seed")), target: 8)
        var moves = 0
        while !player.game.hasWon, let direction = player.next() {
            moves += 1
            _ = try ana.ask("MOVE \(moves) \(direction.letter)")
        }
        let results = try ana.events(until: "END").filter { $0.hasPrefix("RESULT") }
        _ = try ana.ask("LEAVE")
        _ = try bo.ask("LEAVE")
        return results
    }

    @Test(.requiresRedis) func twoServersOfOneStoreRateFromTheSameRatings() throws {
        let redis = try RedisForTests.start()
        defer { redis.stop() }
        let a = try TestServer(redis: redis.address)
        defer { a.stop() }
        let b = try TestServer(redis: redis.address)
        defer { b.stop() }
        let ana = try a.client("ana")
        let bo = try a.client("bo")
        let tokens = (try Self.claim(ana, "ana"), try Self.claim(bo, "bo"))
        let first = try Self.race(in: "league", ana: ana, bo: bo, tokens: tokens)
        // Two newcomers: ana wins.
        let won = PaperGlicko2.rated(rating: 1500, deviation: 350, volatility: 0.06, games: [(1500, 350, 1)])
        let lost = PaperGlicko2.rated(rating: 1500, deviation: 350, volatility: 0.06, games: [(1500, 350, 0)])
        let winner = Int(won.rating.rounded())
        let loser = Int(lost.rating.rounded())
        #expect(first.count == 2)
        #expect(
            first.first?.contains("nick=ana ") == true
                && first.first?.hasSuffix("rating=\(winner) change=+\(winner - 1500) provisional=yes") == true)
        #expect(first.last?.hasSuffix("rating=\(loser) change=\(loser - 1500) provisional=yes") == true)
        // On server B, the next race starts from the ratings A's race left.
        let anaOnB = try b.client("ana")
        let boOnB = try b.client("bo")
        ana.close()
        bo.close()
        let second = try Self.race(in: "league2", ana: anaOnB, bo: boOnB, tokens: tokens)
        let again = PaperGlicko2.rated(
            rating: won.rating, deviation: won.deviation, volatility: won.volatility, games: [(lost.rating, lost.deviation, 1)])
        let rating = Int(again.rating.rounded())
        #expect(second.first?.contains("rating=\(rating) change=+\(rating - winner)") == true, "\(second)")
        // Two rated races are short of the placement's 10: ana's line says so, and the board lists nobody yet.
        let board = try anaOnB.request("TOP board=rating nick=ana")
        #expect(board.first?.hasPrefix("RATING rank=0 nick=ana rating=\(rating) ") == true, "\(board)")
        #expect(board.first?.hasSuffix(" races=2 provisional=yes unlisted=placement") == true, "\(board)")
        #expect(board.last == "OK TOP board=rating total=0 offset=0 count=1 unlisted=2")
    }

    enum Store: CaseIterable, Equatable {
        case file, redis
    }

    /// `ASSIST` over real sockets, on either store: ana wins a rated race against bo, the
    /// operator marks ana assisted, and bo's rating is back where it was (his one game's part
    /// of the change, all of it, given back); ana can no longer queue and is on no board,
    /// also after a restart.
    @Test(arguments: RedisForTests.stores(redis: Store.redis))
    func anAssistedWinnersOpponentGetsHisPointsBack(_ store: Store) throws {
        let redis = store == .redis ? try RedisForTests.start() : nil
        defer { redis?.stop() }
        let directory = TemporaryDirectory()
        let secret = "0123456789abcdef0123456789abcdef"
        var server = try TestServer(dataDirectory: store == .file ? directory.path : nil, redis: redis?.address, operatorSecret: secret)
        defer { server.stop() }
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        let tokens = (try Self.claim(ana, "ana"), try Self.claim(bo, "bo"))
        let results = try Self.race(in: "league", ana: ana, bo: bo, tokens: tokens)
        #expect(results.last?.contains("nick=bo ") == true && results.last?.contains(" change=-") == true, "\(results)")
        let admin = try server.client()
        #expect(try admin.ask("AUTH \(secret)") == "OK AUTH operator=yes")
        let answer = try admin.ask("ASSIST ana reason=engine")
        let lost = PaperGlicko2.rated(rating: 1500, deviation: 350, volatility: 0.06, games: [(1500, 350, 0)])
        #expect(answer == "OK ASSIST nick=ana refunded=1 points=\(Int((1500 - lost.rating).rounded()))")
        for restarted in [false, true] {
            let (ana, bo) = restarted ? (try server.client("ana"), try server.client("bo")) : (ana, bo)
            let line = try bo.request("TOP board=rating nick=bo")
            #expect(line.first?.hasPrefix("RATING rank=0 nick=bo rating=1500 ") == true, "\(line)")
            #expect(
                try ana.ask("QUEUE token=\(tokens.0)")
                    == "ERR assisted the operator marked ana as playing with an engine's help: it plays no rated race and is on no board")
            #expect(try bo.request("TOP board=rating nick=ana") == ["OK TOP board=rating total=0 offset=0 count=0 unlisted=1"])
            let all = try bo.request("TOP")
            #expect(all.contains { $0.contains("nick=bo ") } && !all.contains { $0.contains("nick=ana ") }, "\(all)")
            guard store == .file, !restarted else { break }
            ana.close()
            bo.close()
            server.stop()
            server = try TestServer(dataDirectory: directory.path, operatorSecret: secret)
        }
    }

    /// A bot (`HELLO ... bot=yes`) reaches no public board on either store: its game is refused at `SUBMIT`
    /// (the score, daily and sprint boards), and it can enter no rated race (the rating board).
    @Test(arguments: RedisForTests.stores(redis: Store.redis))
    func aBotReachesNoBoard(_ store: Store) throws {
        let redis = store == .redis ? try RedisForTests.start() : nil
        defer { redis?.stop() }
        let directory = TemporaryDirectory()
        let server = try TestServer(dataDirectory: store == .file ? directory.path : nil, redis: redis?.address)
        defer { server.stop() }
        let bot = try BotSessionTests.bot("bot-1", on: server)
        #expect(try bot.ask("PRACTICE seed=42 size=4").hasPrefix("OK PRACTICE"))
        #expect(try bot.ask("RESIGN").hasPrefix("OK RESIGN"))
        #expect(try bot.ask("SUBMIT bot-1").hasPrefix("ERR not-eligible bots' games never go on the leaderboard"))
        #expect(try bot.ask("CREATE league rated=yes").hasPrefix("ERR not-eligible rated rooms are for people"))
        #expect(try bot.ask("QUEUE token=0123").hasPrefix("ERR not-eligible quick races are rated, for people"))
        for board in ["all", "daily", "sprint", "sprint-daily", "rating"] {
            let page = try bot.request("TOP board=\(board)")
            #expect(page.count == 1 && page.last?.contains(" total=0 ") == true, "\(page)")
        }
        #expect(try bot.request("TOP board=rating nick=bot-1") == ["OK TOP board=rating total=0 offset=0 count=0 unlisted=0"])
    }
}
