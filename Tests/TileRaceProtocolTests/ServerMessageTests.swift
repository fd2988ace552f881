import Testing
import TileRaceEngine

@testable import TileRaceProtocol

@Suite struct ServerMessageTests {
    static let room = RoomDescription(
        name: "friday", state: .waiting, size: 4, target: 16, allowsAssists: false, timeLimit: 0,
        isPrivate: false, playerCount: 1, watcherCount: 0)
    static let roomLine = "room=friday state=waiting size=4 target=16 assists=no limit=0 private=no players=1 watchers=0"

    /// Lines taken from protocol.md, with the value each must parse to.
    static let examples: [(ServerMessage, String)] = [
        (
            .event(.hello(Greeting(version: 1, server: "tilerace-0.1.0", lineLimit: 1024, idleSeconds: 120))),
            "HELLO tilerace 1 server=tilerace-0.1.0 line=1024 idle=120"
        ),
        (
            .event(.hello(Greeting(version: 1, server: "tilerace-0.1.0", lineLimit: 1024, idleSeconds: 120, features: [.resync]))),
            "HELLO tilerace 1 server=tilerace-0.1.0 line=1024 idle=120 features=resync"
        ),
        (.ok(.resync), "OK RESYNC"),
        (.ok(.hello(nickname: "ana")), "OK HELLO nick=ana"),
        (.ok(.hello(nickname: nil)), "OK HELLO"),
        (.ok(.create(room)), "OK CREATE " + roomLine),
        (.room(room), "ROOM " + roomLine),
        (.ok(.rooms(count: 1)), "OK ROOMS count=1"),
        (.event(.joined(room: "friday", nickname: "bo", role: .player)), "JOINED room=friday nick=bo role=player"),
        (
            .event(.joined(room: "friday", nickname: "bot-1", role: .player, isBot: true)),
            "JOINED room=friday nick=bot-1 role=player bot=yes"
        ),
        (
            .event(.joined(room: "friday", nickname: "bot-1", role: .player, isBot: true, strength: 3)),
            "JOINED room=friday nick=bot-1 role=player bot=yes strength=3"
        ),
        (
            .member(MemberInfo(nickname: "ana", role: .player, isReady: false, state: .waiting)),
            "MEMBER nick=ana role=player ready=no state=waiting"
        ),
        (
            .member(MemberInfo(nickname: "bot-1", role: .player, isReady: true, state: .racing, isBot: true)),
            "MEMBER nick=bot-1 role=player ready=yes state=racing bot=yes"
        ),
        (
            .member(MemberInfo(nickname: "bot-2", role: .watcher, isReady: false, state: .waiting, isBot: true, strength: 5)),
            "MEMBER nick=bot-2 role=watcher ready=no state=waiting bot=yes strength=5"
        ),
        (
            .member(MemberInfo(nickname: "bo", role: .player, isReady: true, state: .waiting, awayMilliseconds: 27_400)),
            "MEMBER nick=bo role=player ready=yes state=waiting away=27400"
        ),
        (
            .room(
                RoomDescription(
                    name: "friday", state: .waiting, size: 4, target: 16, allowsAssists: false, timeLimit: 0,
                    isPrivate: false, playerCount: 3, watcherCount: 0, botCount: 2)),
            "ROOM room=friday state=waiting size=4 target=16 assists=no limit=0 private=no players=3 watchers=0 bots=2"
        ),
        (.ok(.who(room: "friday", count: 2)), "OK WHO room=friday count=2"),
        (.ok(.ready(true)), "OK READY ready=yes"),
        (.event(.ready(room: "friday", nickname: "ana", isReady: true)), "READY room=friday nick=ana ready=yes"),
        (.event(.countdown(room: "friday", milliseconds: 3000)), "COUNTDOWN room=friday ms=3000"),
        (.event(.cancel(room: "friday", reason: .unready)), "CANCEL room=friday reason=unready"),
        (
            .event(
                .start(
                    RaceStart(
                        room: "friday", race: 1, seed: "42", size: 4, target: 16, allowsAssists: false, timeLimit: 0,
                        players: ["ana", "bo"]))),
            "START room=friday race=1 seed=42 size=4 target=16 assists=no limit=0 players=ana,bo"
        ),
        (
            .event(
                .start(
                    RaceStart(
                        room: "friday", race: 1, seed: "42", size: 4, target: 16, allowsAssists: false, timeLimit: 0,
                        players: ["ana", "bot-1", "bo"], bots: ["bot-1"], elapsedMilliseconds: 4319))),
            "START room=friday race=1 seed=42 size=4 target=16 assists=no limit=0 players=ana,bot-1,bo bots=bot-1 elapsed=4319"
        ),
        (
            .ok(.move(MoveAck(seq: 1, score: 0, moves: 1, largestTile: 2, hasWon: false, isOver: false))),
            "OK MOVE seq=1 score=0 moves=1 max=2 won=no over=no"
        ),
        (
            .ok(.move(MoveAck(seq: 9, score: 40, moves: 9, largestTile: 16, hasWon: true, isOver: false, finished: .target))),
            "OK MOVE seq=9 score=40 moves=9 max=16 won=yes over=no finished=target"
        ),
        (
            .event(
                .progress(
                    RacerProgress(
                        room: "friday", nickname: "bo", score: 4, largestTile: 4, moves: 2,
                        board: [4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]))),
            "PROGRESS room=friday nick=bo score=4 max=4 moves=2 board=4,2,0,0,0,0,0,0,0,0,0,0,0,0,0,2"
        ),
        (
            .event(
                .finish(
                    RacerFinish(room: "friday", nickname: "ana", reason: .target, score: 40, largestTile: 16, moves: 9, milliseconds: 5312))
            ),
            "FINISH room=friday nick=ana reason=target score=40 max=16 moves=9 time=5312"
        ),
        (
            .event(
                .result(
                    RacerFinish(
                        room: "friday", race: 1, place: 2, nickname: "bo", reason: .resigned, score: 28, largestTile: 8, moves: 12,
                        milliseconds: 7020))),
            "RESULT room=friday race=1 place=2 nick=bo reason=resigned score=28 max=8 moves=12 time=7020"
        ),
        (
            .event(
                .result(
                    RacerFinish(
                        room: "friday", race: 1, place: 3, nickname: "bot-1", reason: .left, score: 12, largestTile: 8, moves: 7,
                        milliseconds: 900, isBot: true))),
            "RESULT room=friday race=1 place=3 nick=bot-1 reason=left score=12 max=8 moves=7 time=900 bot=yes"
        ),
        (.event(.end(room: "friday", race: 1, count: 2)), "END room=friday race=1 count=2"),
        (
            .ok(
                .submit(
                    SubmitReceipt(
                        nickname: "ana", board: .all, score: 40, rank: 1, best: 40, improved: true,
                        token: "3f9a0c1e5b7d2a4f6e8c0b1d3a5f7e9c"))),
            "OK SUBMIT nick=ana board=all score=40 rank=1 best=40 improved=yes token=3f9a0c1e5b7d2a4f6e8c0b1d3a5f7e9c"
        ),
        (
            .ok(.submit(SubmitReceipt(nickname: "ana", board: .daily, score: 8, rank: nil, best: 40, improved: false, token: nil))),
            "OK SUBMIT nick=ana board=daily score=8 rank=- best=40 improved=no"
        ),
        (
            .entry(
                LeaderboardEntry(
                    rank: 1, nickname: "ana",
                    result: GameResult(
                        score: 40, largestTile: 16, moves: 9, milliseconds: 5312, size: 4, target: 16, assists: 0, seed: "42"),
                    date: "2026-11-22")),
            "ENTRY rank=1 nick=ana score=40 max=16 moves=9 time=5312 size=4 target=16 assists=0 seed=42 date=2026-11-22"
        ),
        (.ok(.top(TopSummary(board: .all, date: nil, total: 1, offset: 0, count: 1))), "OK TOP board=all total=1 offset=0 count=1"),
        (
            .ok(
                .submit(
                    SubmitReceipt(
                        nickname: "ana", board: .all, score: 20_112, rank: 3, best: 24_000, improved: false, token: nil,
                        sprintTime: 95_431, sprintRank: 1, sprintBest: 95_431, sprintImproved: true))),
            "OK SUBMIT nick=ana board=all score=20112 rank=3 best=24000 improved=no sprint=95431 sprint-rank=1 sprint-best=95431 sprint-improved=yes"
        ),
        (
            .ok(
                .submit(
                    SubmitReceipt(
                        nickname: "ana", board: .daily, score: 20_112, rank: nil, best: 24_000, improved: false, token: nil,
                        sprintTime: 120_000, sprintRank: nil, sprintBest: 95_431, sprintImproved: false))),
            "OK SUBMIT nick=ana board=daily score=20112 rank=- best=24000 improved=no sprint=120000 sprint-rank=- sprint-best=95431 sprint-improved=no"
        ),
        (
            .entry(
                LeaderboardEntry(
                    rank: 1, nickname: "ana",
                    result: GameResult(
                        score: 20_112, largestTile: 2048, moves: 951, milliseconds: 96_002, size: 4, target: 2048, assists: 0, seed: "7"),
                    date: "2026-11-22", sprintTime: 95_431)),
            "ENTRY rank=1 nick=ana score=20112 max=2048 moves=951 time=96002 size=4 target=2048 assists=0 seed=7 date=2026-11-22 sprint=95431"
        ),
        (
            .ok(.top(TopSummary(board: .sprintDaily, date: "2026-11-22", total: 1, offset: 0, count: 1))),
            "OK TOP board=sprint-daily date=2026-11-22 total=1 offset=0 count=1"
        ),
        (.ok(.top(TopSummary(board: .sprint, date: nil, total: 0, offset: 0, count: 0))), "OK TOP board=sprint total=0 offset=0 count=0"),
        (.log("L@0D@153X03@87R@1204"), "LOG L@0D@153X03@87R@1204"),
        (
            .ok(
                .submit(
                    SubmitReceipt(
                        nickname: "ana", board: .all, score: 20_112, rank: nil, best: 20_112, improved: false, token: nil,
                        sprintTime: 30, sprintRank: nil, sprintBest: 30, sprintImproved: false, held: "rate"))),
            "OK SUBMIT nick=ana board=all score=20112 rank=- best=20112 improved=no sprint=30 sprint-rank=- sprint-best=30 sprint-improved=no held=rate"
        ),
        (
            .held(
                HeldInfo(
                    id: 17, nickname: "ana", rule: "rate", date: "2026-11-22", dailyDate: nil, sprintTime: 30,
                    result: GameResult(
                        score: 20_112, largestTile: 2048, moves: 943, milliseconds: 31, size: 4, target: 2048, assists: 0, seed: "7"))),
            "HELD id=17 nick=ana rule=rate date=2026-11-22 sprint=30 score=20112 max=2048 moves=943 time=31 size=4 target=2048 assists=0 seed=7"
        ),
        (.ok(.review(count: 1)), "OK REVIEW count=1"),
        (.ok(.approve(id: 17)), "OK APPROVE id=17"),
        (.ok(.reject(id: 17)), "OK REJECT id=17"),
        (
            .event(
                .result(
                    RacerFinish(
                        room: "league", race: 4, place: 1, nickname: "ana", reason: .target, score: 20_000, largestTile: 2048, moves: 900,
                        milliseconds: 300_000, rating: 1523, ratingChange: 12))),
            "RESULT room=league race=4 place=1 nick=ana reason=target score=20000 max=2048 moves=900 time=300000 rating=1523 change=+12"
        ),
        (
            .event(
                .result(
                    RacerFinish(
                        room: "league", race: 4, place: 2, nickname: "bo", reason: .left, score: 80, largestTile: 16, moves: 20,
                        milliseconds: 9000, rating: 1337, ratingChange: -163, isProvisional: true))),
            "RESULT room=league race=4 place=2 nick=bo reason=left score=80 max=16 moves=20 time=9000 rating=1337 change=-163 provisional=yes"
        ),
        (
            .rating(RatingEntry(rank: 1, nickname: "ana", rating: 1523, deviation: 96, races: 14, isProvisional: false)),
            "RATING rank=1 nick=ana rating=1523 rd=96 races=14"
        ),
        (
            .rating(RatingEntry(rank: 1, nickname: "bo", rating: 1337, deviation: 290, races: 1, isProvisional: true)),
            "RATING rank=1 nick=bo rating=1337 rd=290 races=1 provisional=yes"
        ),
        (.ok(.top(TopSummary(board: .rating, date: nil, total: 2, offset: 0, count: 2))), "OK TOP board=rating total=2 offset=0 count=2"),
        (
            .rating(
                RatingEntry(rank: 0, nickname: "bo", rating: 1662, deviation: 180, races: 7, isProvisional: true, unlisted: .placement)),
            "RATING rank=0 nick=bo rating=1662 rd=180 races=7 provisional=yes unlisted=placement"
        ),
        (
            .ok(.top(TopSummary(board: .rating, date: nil, total: 2, offset: 0, count: 1, unlisted: 3))),
            "OK TOP board=rating total=2 offset=0 count=1 unlisted=3"
        ),
        (
            .room(
                RoomDescription(
                    name: "league", state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 0, isPrivate: false,
                    playerCount: 2, watcherCount: 0, isRated: true)),
            "ROOM room=league state=waiting size=4 target=2048 assists=no limit=0 private=no players=2 watchers=0 rated=yes"
        ),
        (.log("LLURZDX03L"), "LOG LLURZDX03L"),
        (
            .ok(.record(RecordSummary(nickname: "ana", seed: "42", size: 4, target: 2048, entries: 8, count: 1))),
            "OK RECORD nick=ana seed=42 size=4 target=2048 entries=8 count=1"
        ),
        (
            .event(
                .resync(
                    GameSync(
                        seq: 3, board: [2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], score: 4, moves: 2, largestTile: 4, hasWon: false,
                        isOver: false, undos: 0, removals: 1, randomState: 0x00ff))),
            "RESYNC seq=3 board=2,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2 score=4 moves=2 max=4 won=no over=no undos=0 removals=1 rng=00000000000000ff"
        ),
        (
            .error(ProtocolError(.roomUnavailable, "no such room, or wrong join code")),
            "ERR room-unavailable no such room, or wrong join code"
        ),
        (.pong("t1"), "PONG t1"),
        (.event(.ping("k")), "PING k"),
        (.info("HELLO tilerace 1 [nick]"), "INFO HELLO tilerace 1 [nick]"),
        (.ok(.quit), "OK QUIT"),
        (.event(.bye("goodbye")), "BYE goodbye"),
        (.ok(.practice(PracticeOptions(seed: "7", size: 4, target: 2048))), "OK PRACTICE seed=7 size=4 target=2048"),
        (
            .ok(.practice(PracticeOptions(seed: "7", size: 4, target: 2048, isGhost: true))),
            "OK PRACTICE seed=7 size=4 target=2048 ghost=yes"
        ),
        (.ok(.restart(seed: "42", restarts: 1)), "OK RESTART seed=42 restarts=1"),
        (.ok(.resign(score: 28)), "OK RESIGN score=28"),
        (.ok(.leave(room: "friday")), "OK LEAVE room=friday"),
        (.ok(.auth), "OK AUTH operator=yes"),
        (
            .connection(ConnectionInfo(id: 7, nickname: "ana", room: "fri", address: "203.0.113.7", idleMilliseconds: 4200)),
            "CONNECTION id=7 nick=ana room=fri address=203.0.113.7 idle=4200"
        ),
        (
            .connection(
                ConnectionInfo(id: 1, nickname: nil, room: nil, address: "::1", idleMilliseconds: 0, isBot: true, isOperator: true)),
            "CONNECTION id=1 nick=- room=- address=::1 idle=0 bot=yes operator=yes"
        ),
        (.ok(.connections(count: 2)), "OK CONNECTIONS count=2"),
        (.ok(.kick(nickname: "bo")), "OK KICK nick=bo"),
        (
            .ban(BanInfo(target: .nickname("bo"), untilMilliseconds: 1_795_345_200_000, reason: "cheating")),
            "BAN target=bo kind=nick until=2026-11-22T11:00:00.000Z reason=cheating"
        ),
        (
            .ok(.ban(BanInfo(target: .address("203.0.113.7"), untilMilliseconds: nil, reason: ""))),
            "OK BAN target=203.0.113.7 kind=address until=never"
        ),
        (.ok(.unban(target: .nickname("bo"))), "OK UNBAN target=bo"),
        (.ok(.bans(count: 0)), "OK BANS count=0"),
        (.ok(.removeEntry(nickname: "ana", board: .daily, date: "2026-11-22")), "OK REMOVE-ENTRY nick=ana board=daily date=2026-11-22"),
        (.ok(.announce(count: 12)), "OK ANNOUNCE count=12"),
        (.ok(.mute(nickname: "bo")), "OK MUTE nick=bo"),
        (.ok(.unmute(nickname: "bo")), "OK UNMUTE nick=bo"),
        (.event(.notice("back in 5 minutes")), "NOTICE text=back%20in%205%20minutes"),
        (.ok(.queue(waiting: 3)), "OK QUEUE waiting=3"),
        (.ok(.unqueue), "OK UNQUEUE"),
        (.ok(.report(nickname: "bo")), "OK REPORT nick=bo"),
        (.ok(.reports(count: 1)), "OK REPORTS count=1"),
        (.ok(.dismiss(id: 7)), "OK DISMISS id=7"),
        (
            .report(
                PlayerReport(
                    id: 7, reporter: "ana", nickname: "bo", milliseconds: 1_796_623_311_336, reason: "rude, 100%",
                    races: [SharedRace(id: 2, room: "fri", seed: "80668514"), SharedRace(id: 4, room: "daily", seed: "2026-12-07")])),
            "REPORT id=7 from=ana nick=bo at=2026-12-07T06:01:51.336Z races=2:fri:80668514,4:daily:2026-12-07 reason=rude,%20100%25"
        ),
        (
            .report(PlayerReport(id: 8, reporter: "ana", nickname: "cyd", milliseconds: 1_796_623_311_000, reason: "x")),
            "REPORT id=8 from=ana nick=cyd at=2026-12-07T06:01:51.000Z races=- reason=x"
        ),
        (
            .reportLine(id: 7, ChatLine(room: "fri", nickname: "bo", text: "lol you are slow")),
            "REPORT-LINE id=7 room=fri nick=bo text=lol you are slow"
        ),
        (.reportLine(id: 7, ChatLine(room: nil, nickname: "bo", text: " a=b ")), "REPORT-LINE id=7 nick=bo text= a=b "),
        (.event(.queued(waiting: 2, seconds: 10, offersBots: false)), "QUEUED waiting=2 seconds=10"),
        (.event(.queued(waiting: 1, seconds: 20, offersBots: true)), "QUEUED waiting=1 seconds=20 offer=bots"),
        (.event(.matched(room)), "MATCHED " + roomLine),
        (.ok(.queue(waiting: 2, rating: ShownRating(rating: 1523, isProvisional: false))), "OK QUEUE waiting=2 rating=1523"),
        (
            .ok(.queue(waiting: 1, rating: ShownRating(rating: 1337, isProvisional: true))),
            "OK QUEUE waiting=1 rating=1337 provisional=yes"
        ),
        (
            .event(.ready(room: "league", nickname: "ana", isReady: true, rating: ShownRating(rating: 1523, isProvisional: false))),
            "READY room=league nick=ana ready=yes rating=1523"
        ),
        (
            .event(.ready(room: "league", nickname: "bo", isReady: false, rating: ShownRating(rating: 1337, isProvisional: true))),
            "READY room=league nick=bo ready=no rating=1337 provisional=yes"
        ),
        (
            .member(
                MemberInfo(
                    nickname: "ana", role: .player, isReady: true, state: .waiting, rating: ShownRating(rating: 1523, isProvisional: false))
            ),
            "MEMBER nick=ana role=player ready=yes state=waiting rating=1523"
        ),
        (
            .member(
                MemberInfo(
                    nickname: "bo", role: .player, isReady: false, state: .finished, rating: ShownRating(rating: 1337, isProvisional: true))
            ),
            "MEMBER nick=bo role=player ready=no state=finished rating=1337 provisional=yes"
        ),
        (
            .arena(ArenaInfo(id: 2, state: .running, settings: ArenaSettings(), startsIn: 0, endsIn: 1714, players: 9)),
            "ARENA id=2 state=running length=1800 size=4 target=2048 limit=180 rated=no race-size=2 starts-in=0 ends-in=1714 players=9"
        ),
        (
            .ok(.arena(ArenaInfo(id: 2, state: .upcoming, settings: ArenaSettings(isRated: true), startsIn: 60, endsIn: 1860, players: 0))),
            "OK ARENA id=2 state=upcoming length=1800 size=4 target=2048 limit=180 rated=yes race-size=2 starts-in=60 ends-in=1860 players=0"
        ),
        (.ok(.arenas(count: 2)), "OK ARENAS count=2"),
        (.ok(.arenaLeave(id: 2)), "OK ARENA-LEAVE id=2"),
        (.ok(.arenaLeave(id: nil)), "OK ARENA-LEAVE"),
        (.ok(.berserk), "OK BERSERK"),
        (.ok(.standings(arena: 2, count: 9)), "OK STANDINGS arena=2 count=9"),
        (
            .standing(
                ArenaStanding(arena: 2, rank: 1, nickname: "ana", points: 13, streak: 3, races: 5, performance: 1912, sheet: "20245")),
            "STANDING arena=2 rank=1 nick=ana points=13 streak=3 fire=yes races=5 performance=1912 sheet=20245"
        ),
        (
            .event(
                .scored(
                    ArenaStanding(
                        arena: 2, rank: 9, nickname: "bo", points: 0, streak: 0, races: 0, performance: nil, sheet: "", hasLeft: true))),
            "SCORED arena=2 rank=9 nick=bo points=0 streak=0 fire=no races=0 performance=- left=yes"
        ),
        (.event(.berserk(arena: 2, room: "quick-4", nickname: "ana", limit: 90)), "BERSERK arena=2 room=quick-4 nick=ana limit=90"),
        (.event(.arenaEnd(arena: 2, players: 9, podium: ["ana", "bo", "cy"])), "ARENA-END arena=2 players=9 podium=ana,bo,cy"),
        (.event(.arenaEnd(arena: 2, players: 0, podium: [])), "ARENA-END arena=2 players=0"),
    ]

    @Test func printsEachLineAsDocumented() {
        for (message, line) in Self.examples {
            #expect(message.line == line)
        }
    }

    @Test func parsesEachLineBack() throws {
        for (message, line) in Self.examples {
            #expect(try ServerMessage.parse(line) == message, "\(line)")
        }
    }

    @Test func aRatingThatIsNotANumberIsRefused() {
        #expect(throws: ProtocolError.self) { try ServerMessage.parse("READY room=league nick=ana ready=yes rating=high") }
        #expect(throws: ProtocolError.self) { try ServerMessage.parse("MEMBER nick=ana role=player ready=no state=waiting rating=") }
        #expect(throws: ProtocolError.self) { try ServerMessage.parse("OK QUEUE waiting=1 rating=1500 provisional=maybe") }
    }

    @Test func kindComesFromTheVerbAlone() throws {
        #expect(try ServerMessage.parse("OK QUIT").kind == .reply)
        #expect(try ServerMessage.parse("ERR flood slow down").kind == .reply)
        #expect(try ServerMessage.parse("PONG").kind == .reply)
        #expect(try ServerMessage.parse("ROOM " + Self.roomLine).kind == .item)
        #expect(try ServerMessage.parse("BYE idle").kind == .event)
        #expect(try ServerMessage.parse("CONNECTION id=1 nick=- room=- address=::1 idle=0").kind == .item)
        #expect(try ServerMessage.parse("BAN target=bo kind=nick until=never").kind == .item)
        #expect(try ServerMessage.parse("NOTICE text=hi").kind == .event)
    }

    @Test func ignoresUnknownFieldsForLaterVersions() throws {
        #expect(try ServerMessage.parse("OK READY ready=no colour=blue") == .ok(.ready(false)))
    }

    @Test func greetingFeaturesThisVersionDoesNotKnowAreSkipped() throws {
        let greeting = try ServerMessage.parse("HELLO tilerace 1 server=x features=teleport,resync,")
        #expect(greeting == .event(.hello(Greeting(version: 1, server: "x", features: [.resync]))))
        #expect(try ServerMessage.parse("HELLO tilerace 1 features=") == .event(.hello(Greeting(version: 1))))
    }

    @Test func cancelReasonsReadAndWriteTheirWordsAndKeepUnknownOnes() throws {
        for reason in CancelReason.known {
            #expect(try ServerMessage.parse("CANCEL room=a reason=\(reason.word)") == .event(.cancel(room: "a", reason: reason)))
        }
        #expect(CancelReason.known.map(\.word) == ["unready", "left", "joined", "away"])
        let later = try ServerMessage.parse("CANCEL room=a reason=storm")
        #expect(later == .event(.cancel(room: "a", reason: .other("storm"))))
        #expect(later.line == "CANCEL room=a reason=storm")
    }

    @Test func unknownErrorCodesAreKeptInTheText() throws {
        #expect(try ServerMessage.parse("ERR new-code something") == .error(ProtocolError(.internal, "new-code something")))
    }

    @Test func refusesMalformedServerLines() {
        for line in [
            "FOO bar", "OK FLY", "START room=a race=1", "PROGRESS room=a nick=b score=1 max=2 moves=1 board=1,2,3",
            "RESYNC seq=1 board=2,0,0,0,0,0,0,0,0 score=0 moves=0 max=2 won=no over=no undos=0 removals=0 rng=xyz",
            "JOINED room=a nick=\u{1B}[2J role=player", "LOG", "LOG LR\u{1B}", "LOG L R",
        ] {
            #expect(throws: ProtocolError.self, "\(line)") { try ServerMessage.parse(line) }
        }
    }

    @Test func syncRebuildsTheServersGame() throws {
        var game = Game(config: try GameConfig(size: 4, target: 2048), seed: try Seed(parsing: "friday"))
        for direction in [Direction.left, .up, .right, .down, .left] { _ = try? game.move(direction) }
        let line = ServerMessage.event(.resync(GameSync(seq: 5, game: game))).line
        guard case .event(.resync(let sync)) = try ServerMessage.parse(line) else {
            Issue.record("not a RESYNC: \(line)")
            return
        }
        let copy = try sync.makeGame(config: game.config, seed: game.seed)
        #expect(copy.state == game.state)
        var original = game
        var adopted = copy
        for direction in Direction.allCases {
            #expect((try? original.move(direction)) == (try? adopted.move(direction)))
            #expect(original.state == adopted.state)
        }
    }

    @Test func filtersControlCharactersFromText() {
        #expect(TextFilter.displayable("a\u{1B}[31mb\u{7}c\u{202E}d") == "a[31mbcd")
        #expect(TextFilter.printableASCII("é\n\u{1B}") == "???")
        #expect(ServerMessage.error(ProtocolError(.badLine, "x\u{1B}y")).line == "ERR bad-line x?y")
    }
}
