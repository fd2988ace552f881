import Testing
import TileRaceEngine

@testable import TileRaceProtocol

@Suite struct ClientMessageTests {
    /// Every request, as the client prints it and the server must read it back.
    static let examples: [(ClientMessage, String)] = [
        (.hello(nickname: "ana"), "HELLO tilerace 1 ana"),
        (.hello(nickname: nil), "HELLO tilerace 1"),
        (.hello(nickname: "bot-1", isBot: true), "HELLO tilerace 1 bot-1 bot=yes"),
        (.hello(nickname: "bot-1", isBot: true, strength: 3), "HELLO tilerace 1 bot-1 bot=yes strength=3"),
        (.hello(nickname: "ana", via: "203.0.113.9"), "HELLO tilerace 1 ana via=203.0.113.9"),
        (.nickname("bo_2"), "NICK bo_2"),
        (.ping("t1"), "PING t1"),
        (.ping(nil), "PING"),
        (.pong("t1"), "PONG t1"),
        (.quit, "QUIT"),
        (.help, "HELP"),
        (.rooms, "ROOMS"),
        (
            .create(room: "friday", options: RoomOptions(size: 5, target: 1024, allowsAssists: true, timeLimit: 300, code: "s3cret")),
            "CREATE friday size=5 target=1024 assists=yes limit=300 code=s3cret"
        ),
        (.join(room: "friday", code: nil), "JOIN friday"),
        (.join(room: "friday", code: "s3cret"), "JOIN friday code=s3cret"),
        (.watch(room: "daily", code: nil), "WATCH daily"),
        (.who, "WHO"),
        (.ready(true), "READY yes"),
        (.ready(false), "READY no"),
        (.ready(true, token: "0123456789abcdef"), "READY yes token=0123456789abcdef"),
        (.create(room: "league", options: RoomOptions(isRated: true)), "CREATE league size=4 target=2048 assists=no limit=0 rated=yes"),
        (.top(LeaderboardQuery(board: .rating)), "TOP board=rating sort=rank offset=0 limit=20"),
        (.top(LeaderboardQuery(board: .rating, nickname: "ana")), "TOP board=rating sort=rank offset=0 limit=20 nick=ana"),
        (.leave, "LEAVE"),
        (.move(seq: 12, entries: [.move(.left), .undo, .remove(Cell(row: 0, column: 3)), .move(.down)]), "MOVE 12 LZX03D"),
        (.restart, "RESTART"),
        (.resign, "RESIGN"),
        (.submit(nickname: "ana", token: nil), "SUBMIT ana"),
        (.submit(nickname: "ana", token: "0123456789abcdef0123456789abcdef"), "SUBMIT ana token=0123456789abcdef0123456789abcdef"),
        (
            .top(LeaderboardQuery(board: .daily, date: "2026-11-22", sort: .score, order: .asc, offset: 20, limit: 10)),
            "TOP board=daily date=2026-11-22 sort=score order=asc offset=20 limit=10"
        ),
        (.practice(PracticeOptions(seed: "friday", size: 4, target: 2048)), "PRACTICE seed=friday size=4 target=2048"),
        (.practice(PracticeOptions(seed: "7", size: 4, target: 1024, isGhost: true)), "PRACTICE seed=7 size=4 target=1024 ghost=yes"),
        (.record(RecordQuery(nickname: "ana")), "RECORD ana board=all"),
        (.record(RecordQuery(nickname: "ana", board: .daily, date: "2026-11-22")), "RECORD ana board=daily date=2026-11-22"),
        (.top(LeaderboardQuery(board: .sprint)), "TOP board=sprint sort=rank offset=0 limit=20"),
        (
            .top(LeaderboardQuery(board: .sprintDaily, date: "2026-11-22", sort: .score, limit: 5)),
            "TOP board=sprint-daily date=2026-11-22 sort=score offset=0 limit=5"
        ),
        (.record(RecordQuery(nickname: "ana", board: .sprint)), "RECORD ana board=sprint"),
        (.record(RecordQuery(nickname: "ana", board: .sprintDaily, date: "2026-11-22")), "RECORD ana board=sprint-daily date=2026-11-22"),
        (.resync, "RESYNC"),
        (.auth(secret: "0123456789abcdef"), "AUTH 0123456789abcdef"),
        (.connections, "CONNECTIONS"),
        (.kick(nickname: "bo", reason: ""), "KICK bo"),
        (.kick(nickname: "bo", reason: "spam, again"), "KICK bo reason=spam,%20again"),
        (.ban(BanOrder(target: .nickname("bo"))), "BAN bo"),
        (
            .ban(BanOrder(target: .address("2001:db8::1"), seconds: 3600, reason: "50% bots")),
            "BAN 2001:db8::1 for=3600s reason=50%25%20bots"
        ),
        (.unban(.address("203.0.113.7")), "UNBAN 203.0.113.7"),
        (.bans, "BANS"),
        (.removeEntry(RemovalOrder(query: RecordQuery(nickname: "ana"))), "REMOVE-ENTRY ana board=all"),
        (
            .removeEntry(RemovalOrder(query: RecordQuery(nickname: "ana", board: .daily, date: "2026-11-22"), reason: "a=b")),
            "REMOVE-ENTRY ana board=daily date=2026-11-22 reason=a%3Db"
        ),
        (
            .announce("restarting in 5 minutes: save your games ☕"),
            "ANNOUNCE text=restarting%20in%205%20minutes:%20save%20your%20games%20%E2%98%95"
        ),
        (.mute(nickname: "bo"), "MUTE bo"),
        (.unmute(nickname: "bo"), "UNMUTE bo"),
        (.queue(token: "3f2a9c"), "QUEUE token=3f2a9c"),
        (.unqueue, "UNQUEUE"),
        (.report(nickname: "bo", reason: "says rude things, 100% = rude"), "REPORT bo reason=says rude things, 100% = rude"),
        (.reports, "REPORTS"),
        (.dismiss(id: 7), "DISMISS 7"),
        (.review(id: nil), "REVIEW"),
        (.review(id: 17), "REVIEW 17"),
        (.approve(id: 17), "APPROVE 17"),
        (.reject(id: 17, reason: "a computed path"), "REJECT 17 reason=a%20computed%20path"),
        (.reject(id: 18, reason: ""), "REJECT 18"),
        (.arenas, "ARENAS"),
        (.arena(id: 3), "ARENA 3"),
        (.arena(id: 3, token: "3f2a9c"), "ARENA 3 token=3f2a9c"),
        (.arena(id: 3, isWatching: true), "ARENA 3 watch=yes"),
        (.arenaLeave, "ARENA-LEAVE"),
        (.berserk, "BERSERK"),
        (.standings(arena: 3), "STANDINGS 3"),
        (.standings(arena: 3, offset: 20, limit: 10), "STANDINGS 3 offset=20 limit=10"),
        (
            .arenaCreate(ArenaSettings(startsIn: 600, length: 3600, size: 5, target: 1024, raceLimit: 0, isRated: true, raceSize: 3)),
            "ARENA-CREATE in=600 length=3600 size=5 target=1024 limit=0 rated=yes race-size=3"
        ),
    ]

    @Test func resyncIsAskedWithTheRequestWhereOfferedElseWithAMoveThatCannotBeNext() {
        #expect(ClientMessage.askingForResync(offered: [.resync]) == .resync)
        #expect(ClientMessage.askingForResync(offered: []).line == "MOVE 2147483647 L")
    }

    @Test func printsEachRequestAsDocumented() {
        for (message, line) in Self.examples {
            #expect(message.line == line)
        }
    }

    @Test func parsesEachPrintedRequestBack() throws {
        for (message, line) in Self.examples {
            #expect(try ClientMessage.parse(line) == message)
        }
    }

    @Test func acceptsLowerCaseVerbsAndDefaults() throws {
        #expect(try ClientMessage.parse("join friday") == .join(room: "friday", code: nil))
        #expect(try ClientMessage.parse("READY") == .ready(true))
        #expect(try ClientMessage.parse("CREATE r1") == .create(room: "r1", options: RoomOptions()))
        #expect(try ClientMessage.parse("TOP") == .top(LeaderboardQuery()))
        #expect(try ClientMessage.parse("PRACTICE") == .practice(PracticeOptions()))
        #expect(try ClientMessage.parse("MOVE 1 L  ") == .move(seq: 1, entries: [.move(.left)]))
    }

    /// Times in a record are the server's (protocol.md 9.8): a MOVE with
    /// them is refused, not read as moves.
    @Test func refusesTimesInAMove() {
        let error = #expect(throws: ProtocolError.self) { try ClientMessage.parse("MOVE 1 L@0R@5") }
        #expect(error?.code == .badArguments)
        #expect(error?.message.contains("the server times each entry") == true)
    }

    /// protocol.md 5.4 and HELP say `sort=rank|nick|score`; `nickname`, the
    /// word earlier clients sent, still reads as `nick`.
    @Test func topSortsByNickAsDocumented() throws {
        #expect(try ClientMessage.parse("TOP sort=nick") == .top(LeaderboardQuery(sort: .nickname)))
        #expect(try ClientMessage.parse("TOP sort=nickname") == .top(LeaderboardQuery(sort: .nickname)))
        #expect(ClientMessage.top(LeaderboardQuery(sort: .nickname)).line == "TOP board=all sort=nick offset=0 limit=20")
        #expect(LeaderboardQuery.SortKey.allCases.map(\.rawValue) == ["rank", "nick", "score"])
        #expect(RequestVerb.top.usage.contains("sort=rank|nick|score"))
    }

    @Test func onlyPongExpectsNoReply() {
        for (message, _) in Self.examples {
            if case .pong = message { #expect(!message.expectsReply) } else { #expect(message.expectsReply) }
        }
        #expect(ClientMessage.rooms.hasMultiLineReply && ClientMessage.who.hasMultiLineReply)
        #expect(ClientMessage.top(LeaderboardQuery()).hasMultiLineReply && ClientMessage.help.hasMultiLineReply)
        #expect(!ClientMessage.join(room: "a", code: nil).hasMultiLineReply)
    }

    /// Bad requests and the exact error each one gets (code and text).
    static let refusals: [(String, ErrorCode, String)] = [
        ("FLY away", .unknownVerb, "unknown request 'FLY'; send HELP for the list"),
        ("HELLO tilerace 2 ana", .unsupportedVersion, "this server speaks tilerace 1, not tilerace 2"),
        ("HELLO", .badArguments, "usage: HELLO tilerace 1 [nick] [bot=yes [strength=<1-5>]] [resume=<session>] [via=<address>]"),
        ("HELLO tilerace 1 bo strength=3", .badArguments, "strength= is a bot's: say bot=yes with it"),
        ("HELLO tilerace 1 bo bot=yes strength=6", .badArguments, "strength=6 is out of range 1 to 5"),
        ("HELLO tilerace 1 bo bot=yes strength=x", .badArguments, "strength=x is not a whole number"),
        ("HELLO tilerace 1 a\u{E9}", .badName, "nickname 'a?' must be 1 to 16 characters from A-Z a-z 0-9 _ -"),
        ("NICK abcdefghijklmnopq", .badName, "nickname 'abcdefghijklmnopq' must be 1 to 16 characters from A-Z a-z 0-9 _ -"),
        ("NICK", .badArguments, "usage: NICK <nick>"),
        ("ROOMS now", .badArguments, "usage: ROOMS takes no arguments"),
        ("CREATE friday size=9", .badOption, "board size 9 is not allowed; use 3 to 8"),
        ("CREATE friday target=100", .badOption, "target 100 is not allowed; use a power of two from 8 to 1048576"),
        ("CREATE friday limit=5", .badOption, "limit=5 must be 0 (none) or 10 to 3600 seconds"),
        ("CREATE friday assists=maybe", .badOption, "assists=maybe must be yes or no"),
        ("CREATE league rated=yes assists=yes", .badOption, "rated=yes needs assists=no: a rated race allows no undo or tile removal"),
        ("READY yes token=no-dashes", .badToken, "token must be letters and digits"),
        ("RECORD ana board=rating", .badOption, "board=rating keeps ratings, not games: name board=all, daily, sprint or sprint-daily"),
        ("CREATE friday colour=red", .badOption, "unknown option 'colour'; known: assists, code, limit, rated, size, target"),
        ("CREATE fri.day", .badName, "room name 'fri.day' must be 1 to 16 characters from A-Z a-z 0-9 _ -"),
        ("JOIN friday code=a!", .badName, "join code 'a!' must be 1 to 16 characters from A-Z a-z 0-9 _ -"),
        ("READY maybe", .badArguments, "READY=maybe must be yes or no"),
        ("MOVE 0 L", .badArguments, "seq=0 is out of range 1 to 2147483647"),
        ("MOVE x L", .badArguments, "seq=x is not a whole number"),
        ("MOVE 1 LQ", .badArguments, "game record, position 2: found 'Q'; expected one of L R U D Z or X<row><column>"),
        ("MOVE 1 X1", .badArguments, "game record, position 1: X needs two digits, row then column, but the record ends"),
        ("MOVE 1", .badArguments, "usage: MOVE <seq> <log>, e.g. MOVE 1 LLUR"),
        ("SUBMIT ana token=no!", .badToken, "token must be letters and digits"),
        ("TOP limit=101", .badOption, "limit=101 is out of range 1 to 100"),
        ("TOP board=weekly", .badOption, "board=weekly must be one of all, daily, sprint, sprint-daily, rating"),
        ("TOP board=sprintDaily", .badOption, "board=sprintDaily must be one of all, daily, sprint, sprint-daily, rating"),
        ("TOP sort=name", .badOption, "sort=name must be one of rank, nick, score"),
        ("TOP order=up", .badOption, "order=up must be one of asc, desc"),
        ("TOP date=2026-13-01", .badOption, "date='2026-13-01' is not YYYY-MM-DD"),
        ("TOP nick=ana", .badOption, "nick= picks one player's line of the rating board only: TOP board=rating nick=<nick>"),
        ("TOP board=daily nick=ana", .badOption, "nick= picks one player's line of the rating board only: TOP board=rating nick=<nick>"),
        ("TOP board=rating nick=ana!", .badName, "nickname 'ana!' must be 1 to 16 characters from A-Z a-z 0-9 _ -"),
        ("PRACTICE seed=a/b", .badOption, "seed='a/b' must be 1 to 64 characters from A-Z a-z 0-9 _ - . :"),
        ("PRACTICE ghost=maybe", .badOption, "ghost=maybe must be yes or no"),
        ("AUTH", .badArguments, "usage: AUTH <secret>"),
        ("BAN bo for=2w", .badOption, "for='2w' must be a whole number and s, m, h or d (90s, 30m, 12h, 7d)"),
        ("BAN bo for=0s", .badOption, "for='0s' must be a whole number and s, m, h or d (90s, 30m, 12h, 7d)"),
        ("BAN bo reason=%4", .badOption, "reason= has a % not followed by two hexadecimal digits (write a space %20, a % %25)"),
        ("BAN bo reason=%FF", .badOption, "reason= is not UTF-8 once its %XX are decoded"),
        ("BAN bo reason=a%0Ab", .badOption, "reason= holds a control character"),
        ("BAN 10.0.0.x", .badArguments, "'10.0.0.x' is neither a nickname nor an IPv4 or IPv6 address"),
        ("KICK b@d", .badName, "nickname 'b@d' must be 1 to 16 characters from A-Z a-z 0-9 _ -"),
        ("ANNOUNCE", .badArguments, "missing field text="),
        ("ANNOUNCE hello", .badArguments, "usage: ANNOUNCE text=<text>, e.g. ANNOUNCE text=restarting%20in%205%20minutes"),
        ("REMOVE-ENTRY ana board=weekly", .badOption, "board=weekly must be one of all, daily, sprint, sprint-daily, rating"),
        ("REPORT bo", .badArguments, "say why: REPORT bo reason=<what they did>"),
        ("REPORT bo reason=   ", .badArguments, "nothing to say: REPORT bo reason=<1 to 200 characters>"),
        ("REPORT b@d reason=x", .badName, "nickname 'b@d' must be 1 to 16 characters from A-Z a-z 0-9 _ -"),
        ("REPORT bo why=x", .badOption, "unknown option 'why'; known: reason"),
        ("DISMISS seven", .badArguments, "id=seven is not a whole number"),
        ("DISMISS 0", .badArguments, "id=0 is out of range 1 to 9223372036854775807"),
    ]

    @Test func refusesBadRequestsWithExactErrors() {
        for (line, code, message) in Self.refusals {
            #expect(throws: ProtocolError(code, message), "\(line)") { try ClientMessage.parse(line) }
        }
    }

    @Test func everyErrorTextIsPrintableASCII() {
        for (line, _, _) in Self.refusals {
            do {
                _ = try ClientMessage.parse(line)
            } catch {
                #expect(error.message.utf8.allSatisfy { (0x20...0x7E).contains($0) })
            }
        }
    }
}
