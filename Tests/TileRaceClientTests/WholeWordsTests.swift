import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Every screen with text at 80x24 and at the minimum 60x18, as plain text
/// in Snapshots/layout-*: at 80x24 every message is whole, and at 60x18
/// the layouts drop whole columns or take shorter wordings, never half a
/// word (`assertWholeWords`).
@Suite struct WholeWordsTests {
    static let sizes = [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18)]

    /// The five racers of room friday: bo reached 2048 after 8.3 s, chen is
    /// away, dmitri has no moves left, and two bots race (ana-bot1 is ours).
    static func fiveRacers() -> Model {
        var model = Fixtures.race()
        let board = try! Board(rows: [[2, 0, 8, 4], [4, 32, 64, 16], [16, 128, 512, 32], [8, 64, 2, 4]])
        model.room?.members += [
            RoomMember(nickname: "ana-bot1", isReady: false, isYou: false, state: .racing, isBot: true),
            RoomMember(nickname: "rob", isReady: false, isYou: false, state: .racing, isBot: true),
        ]
        model.race?.players[0] = RacePlayer(
            nickname: "bo", score: 20116, largestTile: 2048, moves: 938, status: .finished(.target), board: board, finishedAfter: 8_300)
        model.race?.players += [
            RacePlayer(nickname: "ana-bot1", score: 3344, largestTile: 256, moves: 301, status: .playing, board: board, isBot: true),
            RacePlayer(nickname: "rob", score: 1020, largestTile: 128, moves: 120, status: .playing, board: board, isBot: true),
        ]
        model.race?.away.markAway("chen", until: Fixtures.now + 27_000)
        return model
    }

    /// The five racers' race over, with its chart.
    static func fiveRacersFinished() -> Model {
        var model = fiveRacers()
        var timeline = RaceTimeline()
        let lines: [(String, [(Int, Int)], FinishReason)] = [
            ("bo", [(0, 0), (4, 300), (8, 20116)], .target),
            ("ana", [(0, 0), (3, 4), (40, 9120)], .resigned),
            ("chen", [(0, 0), (20, 400), (50, 2980)], .over),
            ("ana-bot1", [(0, 0), (30, 1200), (60, 3344)], .over),
            ("rob", [(0, 0), (25, 500), (45, 1020)], .time),
        ]
        for (nickname, points, finish) in lines {
            for (index, (seconds, score)) in points.enumerated() {
                timeline.record(
                    nickname: nickname, isYou: nickname == "ana", milliseconds: seconds * 1000, score: score,
                    finish: index == points.count - 1 ? finish : nil)
            }
        }
        model.race?.timeline = timeline
        model.race?.phase = .finished(standings: [
            Fixtures.standing(1, "bo", score: 20116, largestTile: 2048, moves: 938, reason: .target, milliseconds: 8_300),
            Fixtures.standing(2, "ana", score: 9120, largestTile: 512, moves: 610, reason: .resigned, milliseconds: 40_000),
            Fixtures.standing(3, "ana-bot1", score: 3344, largestTile: 256, moves: 301, reason: .over, milliseconds: 60_000),
            Fixtures.standing(4, "chen", score: 2980, largestTile: 256, moves: 199, reason: .over, milliseconds: 50_000),
            Fixtures.standing(5, "rob", score: 1020, largestTile: 128, moves: 120, reason: .time, milliseconds: 300_000),
        ])
        let session = model.session!
        model.session?.end = Update.endOfGame(.resigned, session: session, now: Fixtures.now, stage: .closed(message: nil, kind: .info))
        return model
    }

    /// The race as a spectator sees it: no board of ours, and the bots known
    /// from the room's members only (`WHO` came after `START`).
    static func spectating(finished: Bool) -> Model {
        var model = finished ? fiveRacersFinished() : fiveRacers()
        model.session = nil
        model.screen = .spectate
        model.room?.isWatching = true
        for index in model.race!.players.indices {
            model.race?.players[index].isYou = false
            model.race?.players[index].isBot = false
        }
        return model
    }

    /// The daily challenge's room.
    static func dailyRoom() -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .room
        model.room = WaitingRoom(
            name: "daily", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, timeLimit: 0), isPrivate: false,
            members: [
                RoomMember(nickname: "ana", isReady: false, isYou: true),
                RoomMember(nickname: "ana-bot1", isReady: true, isYou: false, isBot: true, strength: 3),
            ])
        model.canAddBots = true
        model.ownBots = [OwnBot(id: 1, nickname: "ana-bot1", strength: 3)]
        return model
    }

    /// A room after a race whose bot has left since.
    static func roomAfterABotLeft() -> Model {
        var model = BotViewSnapshotTests.roomWithBots()
        var race = fiveRacersFinished().race!
        guard case .finished(let standings) = race.phase else { return model }
        race.phase = .racing(startedAt: Fixtures.now)
        model.race = race
        for standing in standings { Fixtures.event(&model, .result(standing.finish)) }
        Fixtures.event(&model, .end(room: "friday", race: 1, count: 5))
        Fixtures.event(&model, .left(room: "friday", nickname: "rob"))
        return model
    }

    /// The lobby: rooms here, a room on another server, bots and watchers.
    static func lobby() -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .lobby(LobbyState())
        model.lobby?.hasLoaded = true
        var friday = Fixtures.room("friday", players: 3, watchers: 1)
        friday.botCount = 2
        var elsewhere = Fixtures.room("tuesday-club", state: .racing, size: 5, target: 4096, limit: 600, players: 4)
        elsewhere.server = "192.168.1.21:2048"
        model.lobby?.rooms = [friday, Fixtures.room("evil-room", state: .countdown, size: 3, target: 256, limit: 90), elsewhere]
        return model
    }

    /// A menu whose server answered nothing a TileRace server would.
    static func menuNotATileRaceServer() -> Model {
        var model = Fixtures.model()
        model.network.endpoint = ServerEndpoint(host: "10.0.0.5", port: 2048)
        _ = update(
            &model, .server(.connectFailed("it connected but sent no greeting within 5 s: is it a TileRace server?")))
        model.overlay = nil
        return model
    }

    static func screens() -> [(String, Model)] {
        var screens: [(String, Model)] = []
        var menu = Fixtures.connected(Fixtures.model())
        screens.append(("menu", menu))
        menu.overlay = .help
        screens.append(("menu-help", menu))
        var options = ClientOptions()
        options.isOffline = true
        screens.append(("menu-offline", Fixtures.model(options: options)))
        screens.append(("menu-not-a-server", menuNotATileRaceServer()))

        screens.append(("lobby", lobby()))
        var form = lobby()
        _ = update(&form, .key(.character("n")))
        screens.append(("lobby-create", form))
        var join = lobby()
        _ = update(&join, .key(.character("J")))
        screens.append(("lobby-join", join))

        screens.append(("room-bots", BotViewSnapshotTests.roomWithBots()))
        var strength = BotViewSnapshotTests.roomWithBots()
        strength.overlay = .botStrength
        screens.append(("room-bot-strength", strength))
        screens.append(("room-daily", dailyRoom()))
        screens.append(("room-after-a-bot-left", roomAfterABotLeft()))
        var underWay = fiveRacers()
        underWay.session = nil
        underWay.screen = .room
        underWay.room?.isRaceUnderWay = true
        for index in underWay.race!.players.indices { underWay.race?.players[index].isYou = false }
        screens.append(("room-race-under-way", underWay))

        screens.append(("race-five", fiveRacers()))
        var daily = fiveRacers()
        daily.session?.mode = .race(room: "daily")
        daily.session?.game = Game(config: .standard, seed: try! Seed(parsing: Fixtures.today))
        daily.race?.room = "daily"
        daily.room?.name = "daily"
        screens.append(("race-daily", daily))
        var raceHelp = fiveRacers()
        raceHelp.overlay = .help
        screens.append(("race-help", raceHelp))
        var resign = fiveRacers()
        resign.overlay = .confirm(.resignRace)
        screens.append(("race-resign", resign))
        screens.append(("race-standings", fiveRacersFinished()))
        screens.append(("spectate", spectating(finished: false)))
        screens.append(("spectate-standings", spectating(finished: true)))

        var leaderboard = Fixtures.connected(Fixtures.model())
        leaderboard.screen = .leaderboard(LeaderboardState())
        leaderboard.leaderboard?.entries = Fixtures.entries
        leaderboard.leaderboard?.total = 20
        leaderboard.leaderboard?.status = .loaded
        screens.append(("leaderboard", leaderboard))
        var offlineBoard = Fixtures.model()
        offlineBoard.screen = .leaderboard(LeaderboardState())
        screens.append(("leaderboard-offline", offlineBoard))

        var statistics = Fixtures.model()
        statistics.screen = .statistics
        statistics.statistics = StatisticsTests.sample()
        screens.append(("statistics", statistics))
        statistics.overlay = .confirm(.resetStatistics(games: 10))
        screens.append(("statistics-reset", statistics))

        screens.append(("practice", Fixtures.practice()))
        screens.append(("practice-chart", PracticeChartTests.played()))
        var nickname = Fixtures.connected(Fixtures.model(), nickname: nil)
        nickname.network.takenNickname = "bo"
        nickname.config.lastNickname = "bo"
        _ = update(&nickname, .key(.character("r")))
        screens.append(("nickname", nickname))
        var lost = Fixtures.race()
        _ = update(&lost, .server(.disconnected(reason: "the server closed the connection", bye: "server shutting down")))
        screens.append(("connection-lost", lost))
        return screens
    }

    @Test func everyScreenIsWholeAt80x24And60x18() {
        for (name, model) in Self.screens() {
            for size in Self.sizes {
                var sized = model
                sized.size = size
                let text = view(sized, size: size, theme: .classic).plainText
                assertWholeWords(text, "\(name) \(size)")
                assertSnapshot(text, named: "layout-\(name)-\(size)")
            }
        }
    }

    /// Issue 44, item 6: what was cut, hidden, said twice or out of line at 80x24 and 60x18.
    @Test func nothingIsCutHiddenSaidTwiceOrOutOfLine() throws {
        // Beside an 8x8 board the panel is narrow: its status wraps, whole (a ghost race's clock waits for the first move).
        var waiting = Fixtures.practice(moves: [], boardSize: 8)
        waiting.session?.clock = GameClock()
        let eight = view(waiting, size: Self.sizes[0], theme: .classic).plainText
        assertWholeWords(eight, "8x8 board")
        #expect(eight.contains("the clock starts with your first"))
        for size in Self.sizes {
            // Every leaderboard tab, and the way back.
            var board = Fixtures.connected(Fixtures.model(size: size))
            board.network.serverFeatures.insert(.ratings)
            board.screen = .leaderboard(LeaderboardState())
            board.leaderboard?.entries = Fixtures.entries
            board.leaderboard?.status = .loaded
            let rows = view(board, size: size, theme: .classic).plainText.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(rows[1].hasSuffix(" rating") || rows[1].contains(" rating "), "\(size): \(rows[1])")
            #expect(rows[size.height - 1].hasSuffix("q back"), "\(size): \(rows[size.height - 1])")

            // The dialog says why; the menu under it does not say it again.
            var menu = Fixtures.model(size: size)
            menu.network.endpoint = ServerEndpoint(host: "10.0.0.5", port: 2048)
            _ = update(&menu, .server(.connectFailed("connection refused")))
            let menuText = view(menu, size: size, theme: .classic).plainText
            #expect(menuText.components(separatedBy: "connection refused").count == 2, "\(size)\n\(menuText)")

            // The race's feed runs oldest first, as the chat under it.
            var race = Fixtures.race(size: size)
            race.race?.announce("bo reached 256", at: Fixtures.now)
            race.race?.announce("bo reached 512", at: Fixtures.now)
            let raceText = view(race, size: size, theme: .classic).plainText
            let newer = try #require(raceText.range(of: "bo reached 512"), "\(size)\n\(raceText)")
            let older = raceText.range(of: "bo reached 256")
            #expect(older.map { $0.lowerBound < newer.lowerBound } ?? (size.height < 24), "\(size)\n\(raceText)")

            // A room just entered says once what to do, and the status line under it does not say it again.
            for state in [RoomState.waiting, .racing] {
                var entered = Fixtures.connected(Fixtures.model(size: size), nickname: "kg")
                entered.show("joining rep…")
                Fixtures.reply(&entered, to: .join(room: "rep", code: nil), .join(Fixtures.room("rep", state: state, players: 2)))
                let text = view(entered, size: size, theme: .classic).plainText
                let hint = state == .waiting ? "press r" : "a race is under way"
                #expect(text.components(separatedBy: hint).count == 2 && !text.contains("joining"), "\(size) \(state)\n\(text)")
            }

            // A rated room's ratings in one column.
            var rated = Fixtures.connected(Fixtures.model(size: size))
            rated.screen = .room
            rated.room = WaitingRoom(
                name: "league", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, isRated: true), isPrivate: false,
                members: [
                    RoomMember(nickname: "bo", isReady: true, isYou: false, rating: ShownRating(rating: 1337, isProvisional: true)),
                    RoomMember(nickname: "ana", isReady: false, isYou: true, rating: ShownRating(rating: 1523, isProvisional: false)),
                    RoomMember(nickname: "dmitri", isReady: true, isYou: false, rating: ShownRating(rating: 1498, isProvisional: false)),
                ])
            let columns = view(rated, size: size, theme: .classic).plainText.split(separator: "\n").compactMap { row in
                row.firstRange(of: /1[0-9]{3}/).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
            }
            #expect(columns.count >= 2 && Set(columns).count == 1, "\(size): \(columns)")
        }
    }

    @Test func theHelperFindsCutWordsAndLetsProgressBe() {
        #expect(WholeWords.cuts(in: "  results go to the daily boa…\nloading…").count == 1)
        #expect(WholeWords.cuts(in: "1 bo  lead ✓ 00:08…").count == 1)
        #expect(WholeWords.cuts(in: "loading…\nthinking…\n fetching the record…").isEmpty)
        #expect(WholeWords.cuts(in: "a name…", allowing: ["name…"]).isEmpty)
    }

    @Test func dialogsWrapAtSpacesWithAHangingIndent() {
        let line = Dialog.Line(
            text: "r                 restart the seed (clock keeps running)", style: .plain, alignment: .leading, indent: 18)
        #expect(
            Dialog.wrapped([line], width: 40).map(\.text) == [
                "r                 restart the seed", "                  (clock keeps running)",
            ])
        #expect(Dialog.wrapped([line], width: 60).map(\.text) == [line.text])
    }

    @Test func titlesLoseWholePartsBeforeAnyIsCut() {
        #expect(
            Chrome.shorterTitles("TILE RACE · daily challenge 2026-11-22 · 4x4 to 2048") == [
                "TILE RACE · daily challenge 2026-11-22 · 4x4 to 2048", "daily challenge 2026-11-22 · 4x4 to 2048",
                "daily challenge 2026-11-22",
            ])
        let titles = ["TILE RACE · room friday · 4x4 to 2048", "room friday · 4x4 to 2048", "room friday"]
        let rights = ["connected to 192.168.1.20:2048", "192.168.1.20:2048"]
        #expect(Chrome.headerParts(titles, right: rights, width: 80) == (titles[0], rights[0]))
        #expect(Chrome.headerParts(titles, right: rights, width: 60) == (titles[1], rights[0]))
        #expect(Chrome.headerParts(titles, right: rights, width: 40) == (titles[2], rights[1]))
    }
}
