import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceServer

/// The exact text of every `ERR` line the server sends, once each, provoked
/// through the core with a manual clock (no sockets). The parser's value
/// errors (bad names, options, seeds, logs) are pinned in
/// `ClientMessageTests` and `RequestVerbTests`; `internal` (a failing disk) in
/// `CoreConnectionTests`.
struct CoreErrorTextTests {
    /// One way to provoke an error: limits, a setup that returns the
    /// connection to ask from, the bytes it sends, the `ERR` line it gets.
    struct Provocation {
        var limits = ServerLimits.standard
        var setup: (CoreHarness) -> ConnectionID = { $0.player("ana") }
        let request: String
        let expected: String
    }

    /// Starts a race for ana alone in room `r` (`assists` as given).
    static func racing(assists: Bool = false) -> (CoreHarness) -> ConnectionID {
        { harness in
            let ana = harness.player("ana")
            _ = harness.ask(ana, "CREATE r assists=\(assists ? "yes" : "no")")
            _ = harness.ask(ana, "READY")
            harness.advance(harness.core.limits.countdownMilliseconds)
            _ = harness.take(ana)
            return ana
        }
    }

    /// The operator secret of every harness here.
    static let operatorSecret = "0123456789abcdef0123456789abcdef"

    /// A greeted connection that said `AUTH` (the operator's).
    static func operatorConnection(_ harness: CoreHarness) -> ConnectionID {
        let id = anonymous(harness)
        _ = harness.ask(id, "AUTH \(operatorSecret)")
        return id
    }

    /// A greeted connection without a nickname.
    static func anonymous(_ harness: CoreHarness) -> ConnectionID {
        let id = harness.connect()
        _ = harness.ask(id, "HELLO tilerace 1")
        return id
    }

    /// ana plays a practice game of seed 42.
    static func practising(_ harness: CoreHarness) -> ConnectionID {
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42")
        return ana
    }

    /// Standard limits with one change.
    static func limits(_ change: (inout ServerLimits) -> Void) -> ServerLimits {
        var limits = ServerLimits.standard
        change(&limits)
        return limits
    }

    static var table: [Provocation] {
        [
            Provocation(request: "PING \u{1}", expected: "ERR bad-line line contains control character 0x1"),
            Provocation(request: "FROB", expected: "ERR unknown-verb unknown request 'FROB'; send HELP for the list"),
            Provocation(request: "PING a b", expected: "ERR bad-arguments usage: PING [token]"),
            Provocation(request: "ROOMS all", expected: "ERR bad-arguments usage: ROOMS takes no arguments"),
            Provocation(
                setup: practising, request: "MOVE 1", expected: "ERR bad-arguments usage: MOVE <seq> <log>, e.g. MOVE 1 LLUR"),
            Provocation(
                setup: { harness in
                    let id = harness.connect()
                    _ = harness.take(id)
                    return id
                }, request: "ROOMS", expected: "ERR hello-first send HELLO tilerace 1 [nick] first"),
            Provocation(request: "HELLO tilerace 1", expected: "ERR already-greeted HELLO was already accepted"),
            Provocation(
                setup: { harness in harness.connect() }, request: "HELLO tilerace 2 bo",
                expected: "ERR unsupported-version this server speaks tilerace 1, not tilerace 2"),
            Provocation(
                request: "NICK ana.b", expected: "ERR bad-name nickname 'ana.b' must be 1 to 16 characters from A-Z a-z 0-9 _ -"),
            Provocation(
                setup: { harness in
                    _ = harness.player("ana")
                    return harness.connect()
                }, request: "HELLO tilerace 1 ANA", expected: "ERR nick-taken the nickname ANA is in use by another player"),
            Provocation(setup: anonymous, request: "CREATE r", expected: "ERR no-nick set a nickname first: NICK <nick>"),
            Provocation(
                setup: { harness in
                    let ana = harness.player("ana")
                    _ = harness.ask(ana, "CREATE r")
                    return ana
                }, request: "PRACTICE", expected: "ERR busy you are in a room; LEAVE it first"),
            Provocation(
                setup: { harness in
                    let ana = harness.player("ana")
                    _ = harness.ask(ana, "PRACTICE")
                    return ana
                }, request: "JOIN daily", expected: "ERR busy you are playing a practice game; RESIGN it first"),
            Provocation(
                request: "CREATE r target=100", expected: "ERR bad-option target 100 is not allowed; use a power of two from 8 to 1048576"),
            Provocation(request: "PING x=1", expected: "ERR bad-option unknown option 'x'"),
            Provocation(request: "TOP limit=0", expected: "ERR bad-option limit=0 is out of range 1 to 100"),
            Provocation(request: "CREATE Daily", expected: "ERR room-exists a room named Daily exists; JOIN it or pick another name"),
            Provocation(
                request: "JOIN nowhere",
                expected: "ERR room-unavailable no room nowhere is open to you (it does not exist, or it needs a join code)"),
            Provocation(
                setup: { harness in
                    let ana = harness.player("ana")
                    harness.remoteRooms([Self.remoteRoom("far", on: "10.0.0.2:2048")])
                    return ana
                }, request: "JOIN far",
                expected: "ERR moved 10.0.0.2:2048 room far is hosted by the server at 10.0.0.2:2048: connect there and ask again"),
            Provocation(
                limits: limits { $0.maximumPlayersPerRoom = 1 },
                setup: { harness in
                    _ = harness.ask(harness.player("ana"), "CREATE r")
                    return harness.player("bo")
                }, request: "JOIN r", expected: "ERR room-full room r has its maximum of 1 players"),
            Provocation(
                limits: limits { $0.maximumWatchersPerRoom = 1 },
                setup: { harness in
                    _ = harness.ask(harness.player("ana"), "WATCH daily")
                    return harness.player("bo")
                }, request: "WATCH daily", expected: "ERR room-full room daily has its maximum of 1 watchers"),
            Provocation(
                limits: limits { $0.maximumRooms = 1 },
                setup: { harness in
                    _ = harness.ask(harness.player("ana"), "CREATE a")
                    return harness.player("bo")
                }, request: "CREATE b", expected: "ERR too-many-rooms the server has its maximum of 1 rooms; join one"),
            Provocation(request: "WHO", expected: "ERR not-in-room you are not in a room"),
            Provocation(
                setup: { harness in
                    let ana = harness.player("ana")
                    _ = harness.ask(ana, "WATCH daily")
                    return ana
                }, request: "READY", expected: "ERR not-in-room you are not a player in a room"),
            Provocation(
                setup: racing(), request: "READY no", expected: "ERR race-in-progress the room is racing; wait for the race to end"),
            Provocation(request: "MOVE 1 L", expected: "ERR not-racing no game is running for you"),
            Provocation(
                setup: practising, request: "MOVE 5 L", expected: "ERR bad-seq expected MOVE 1, got MOVE 5; nothing was applied"),
            Provocation(
                setup: practising, request: "MOVE 1 X00",
                expected: "ERR desync entry 1 (X00) does not apply: cell row 0 column 0 is empty"),
            Provocation(
                limits: limits { $0.maximumEntriesPerGame = 2 },
                setup: practising, request: "MOVE 1 LDR",
                expected: "ERR bad-arguments a game holds at most 2 entries; RESIGN or RESTART; nothing was applied"),
            Provocation(
                setup: racing(), request: "MOVE 1 Z",
                expected: "ERR assists-off undo (Z) and remove-tile (X) are off in room r; nothing was applied"),
            Provocation(
                request: "SUBMIT ana", expected: "ERR nothing-to-submit you have no finished game to submit (or it was submitted already)"),
            Provocation(
                setup: { harness in
                    let ana = harness.player("ana")
                    _ = harness.ask(ana, "PRACTICE size=3")
                    _ = harness.ask(ana, "RESIGN")
                    return ana
                }, request: "SUBMIT ana", expected: "ERR not-eligible only 4x4 games go on the leaderboard; this one was 3x3"),
            Provocation(request: "SUBMIT ana token=no!", expected: "ERR bad-token token must be letters and digits"),
            Provocation(
                setup: { harness in harness.connect() }, request: "HELLO tilerace 1 ana resume=0123456789abcdef0123456789abcdef",
                expected:
                    "ERR bad-session no session to resume with that secret (wrong, expired or taken back already); say HELLO without resume="
            ),
            Provocation(
                setup: claimAnaThenFinishAsBo, request: "SUBMIT ana",
                expected: "ERR bad-token the nickname ana is claimed; give its token="),
            Provocation(
                setup: claimAnaThenFinishAsBo, request: "SUBMIT ana token=abc",
                expected: "ERR bad-token the nickname ana is claimed; that is not its token"),
            Provocation(request: "RECORD nobody", expected: "ERR no-record nobody has no game record on the all-time board"),
            Provocation(
                limits: limits { $0.requestBurst = 1 },
                request: "PING",
                expected: "ERR flood too many requests: at most 200 per second (a long reply counts for more); this one was not carried out"
            ),
            Provocation(
                limits: limits { $0.joinCodeFailuresPerMinute = 1 },
                setup: { harness in
                    let ana = harness.player("ana")
                    _ = harness.ask(ana, "JOIN nowhere code=x")
                    harness.advance(1000)
                    return ana
                }, request: "JOIN nowhere code=x", expected: "ERR flood too many wrong join codes from your address; try again in 59 s"),
            Provocation(
                request: "BANS", expected: "ERR not-operator this request is for the server's operator: AUTH <secret> first"),
            Provocation(request: "AUTH not-the-secret", expected: "ERR bad-secret that is not the operator secret"),
            Provocation(
                setup: operatorConnection, request: "KICK nobody", expected: "ERR no-such-player nobody connected is called nobody"),
            Provocation(setup: operatorConnection, request: "UNBAN nobody", expected: "ERR not-banned nobody is not banned"),
            Provocation(
                setup: { harness in
                    _ = harness.ask(operatorConnection(harness), "BAN bo reason=cheating")
                    return harness.connect()
                }, request: "HELLO tilerace 1 Bo", expected: "ERR banned the nickname bo is banned for good: cheating"),
            Provocation(
                setup: { harness in
                    let ana = harness.player("ana")
                    _ = harness.registry.withState { $0.setMuted("ana", true) }
                    return ana
                }, request: "SAY text=hi", expected: "ERR muted an operator muted ana on this server: nothing you say is sent"),
            Provocation(setup: operatorConnection, request: "UNASSIST nobody", expected: "ERR not-assisted nobody is not marked assisted"),
            Provocation(
                setup: { harness in
                    let game = GameResult(
                        score: 8, largestTile: 8, moves: 3, milliseconds: 900, size: 4, target: 2048, assists: 0, seed: "7")
                    _ = harness.leaderboard.answer(
                        .submit(
                            LeaderboardSubmission(
                                result: game, log: nil, date: "2026-11-22", dailyDate: nil, nickname: "ana", token: nil, newToken: "tana",
                                isInUseByAnother: false)))
                    _ = harness.leaderboard.answer(.assist(nickname: "ana", reason: ""))
                    return harness.player("ana")
                }, request: "QUEUE token=tana",
                expected: "ERR assisted the operator marked ana as playing with an engine's help: it plays no rated race and is on no board"
            ),
        ]
    }

    /// ana claims her nickname; bo finishes a practice game and is asked from.
    /// A public room another server hosts, as the directory lists it.
    static func remoteRoom(_ name: String, on server: String) -> RoomDescription {
        RoomDescription(
            name: name, state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 0, isPrivate: false, playerCount: 1,
            watcherCount: 0, server: server)
    }

    static func claimAnaThenFinishAsBo(_ harness: CoreHarness) -> ConnectionID {
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE")
        _ = harness.ask(ana, "RESIGN")
        _ = harness.ask(ana, "SUBMIT ana")
        let bo = harness.player("bo")
        _ = harness.ask(bo, "PRACTICE")
        _ = harness.ask(bo, "RESIGN")
        return bo
    }

    @Test func eachErrorHasItsExactText() {
        for provocation in Self.table {
            let harness = CoreHarness(limits: provocation.limits, operatorSecret: Self.operatorSecret)
            let id = provocation.setup(harness)
            _ = harness.take(id)
            let lines = harness.ask(id, provocation.request)
            #expect(lines.first == provocation.expected, "\(provocation.request)")
        }
    }

    @Test func theTableCoversEveryCodeTheCoreSends() {
        let covered = Set(Self.table.compactMap { $0.expected.errorCode })
        // `unavailable` comes from the Redis store only: `RedisStallTests`.
        let elsewhere: Set = ["line-too-long", "server-full", "too-many-connections", "internal", "unavailable"]
        let missing = ErrorCode.allCases.map(\.rawValue).filter { !covered.contains($0) && !elsewhere.contains($0) }
        #expect(missing == [])
    }

    @Test func anOverlongLineIsRefusedThenTheConnectionCloses() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(
            harness.ask(ana, String(repeating: "A", count: 1025)) == [
                "ERR line-too-long line longer than 1024 bytes", "BYE line too long",
            ])
        #expect(harness.isClosed(ana))
    }

    @Test func aBadSeqAndADesyncAreFollowedByResync() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42")
        let game = Game(config: .standard, seed: Seed(42))
        let resync = "RESYNC " + GameSync(seq: 0, game: game).fields.words.joined(separator: " ")
        #expect(harness.ask(ana, "MOVE 5 L").last == resync)
        #expect(game.board[0, 0] == 0, "the desync row of the table removes this empty cell")
        #expect(harness.ask(ana, "MOVE 1 X00").last == resync)
    }

    @Test func aWatchersReadyGetsNotInRoomAndAPlayersDoesNot() {
        let harness = CoreHarness()
        let watcher = harness.player("ana")
        _ = harness.ask(watcher, "WATCH daily")
        #expect(harness.ask(watcher, "READY").first?.errorCode == "not-in-room")
        let player = harness.player("bo")
        _ = harness.ask(player, "JOIN daily")
        #expect(harness.ask(player, "READY no").first == "OK READY ready=no")
    }

    @Test func theRefusedJoinCodeThatReachesTheLimitIsAnsweredThenSaysBye() {
        var limits = ServerLimits.standard
        limits.maximumJoinCodeFailures = 3
        let harness = CoreHarness(limits: limits)
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "JOIN nowhere code=x").count == 1)
        #expect(harness.ask(ana, "JOIN nowhere code=x").count == 1)
        #expect(
            harness.ask(ana, "JOIN nowhere code=x") == [
                "ERR room-unavailable no room nowhere is open to you (it does not exist, or it needs a join code)",
                "BYE too many wrong join codes",
            ])
        #expect(harness.isClosed(ana))
    }
}
