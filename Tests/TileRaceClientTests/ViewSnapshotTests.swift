import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Every screen drawn as plain text at 80x24, 200x50 and too small, in a
/// colour theme and in mono, compared with the files in Snapshots/.
@Suite struct ViewSnapshotTests {
    static let small = TerminalSize(width: 80, height: 24)
    static let large = TerminalSize(width: 200, height: 50)
    static let tiny = TerminalSize(width: 40, height: 10)

    private func snapshot(
        _ model: Model, _ name: String, theme: Theme = .classic, size: TerminalSize? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var model = model
        if let size { model.size = size }
        let frame = view(model, size: model.size, theme: theme)
        #expect(frame.width == model.size.width && frame.height == model.size.height)
        assertSnapshot(frame.plainText, named: name, sourceLocation: sourceLocation)
    }

    // MARK: Splash and menu

    @Test func menu() {
        let model = Fixtures.model()
        snapshot(model, "menu-80x24-classic")
        snapshot(model, "menu-80x24-mono", theme: .mono)
        snapshot(model, "menu-200x50-classic", size: Self.large)
        snapshot(model, "menu-40x10-too-small", size: Self.tiny)
    }

    @Test func splashHalfWay() {
        var model = Fixtures.model(interactive: true)
        model.now += MenuState.introDurationMilliseconds / 2
        snapshot(model, "splash-80x24-halfway-mono", theme: .mono)
    }

    @Test func menuWithAConfigProblem() {
        var model = Fixtures.model()
        model.show("/home/a/.config/tilerace/config.json is not a valid config (malformed JSON); using defaults", .warning, sticky: true)
        model.menu.selection = .colours
        snapshot(model, "menu-80x24-config-problem")
    }

    // MARK: Board

    @Test func practiceBoard() {
        let model = Fixtures.practice()
        snapshot(model, "practice-80x24-classic")
        snapshot(model, "practice-80x24-mono", theme: .mono)
        snapshot(Fixtures.practice(size: Self.large), "practice-200x50-classic")
        snapshot(Fixtures.practice(size: Self.large), "practice-200x50-mono", theme: .mono)
        snapshot(model, "practice-40x10-too-small", size: Self.tiny)
    }

    @Test func otherBoardSizes() {
        snapshot(Fixtures.practice(boardSize: 8), "practice-8x8-80x24-mono", theme: .mono)
        snapshot(Fixtures.practice(boardSize: 3), "practice-3x3-80x24-mono", theme: .mono)
        snapshot(Fixtures.practice(size: Self.large, boardSize: 6), "practice-6x6-200x50-dark", theme: .dark)
    }

    @Test func pausedRemovalHelpAndConfirm() {
        var paused = Fixtures.practice()
        _ = update(&paused, .key(.character("p")))
        snapshot(paused, "practice-paused-80x24-mono", theme: .mono)
        var removal = Fixtures.practice()
        _ = update(&removal, .key(.character("x")))
        snapshot(removal, "practice-remove-80x24-mono", theme: .mono)
        var help = Fixtures.practice()
        _ = update(&help, .key(.character("?")))
        snapshot(help, "practice-help-80x24-classic")
        var confirm = Fixtures.practice()
        _ = update(&confirm, .key(.character("q")))
        snapshot(confirm, "practice-confirm-leave-80x24-classic")
    }

    @Test func slideAnimationMidway() {
        var model = Fixtures.practice(moves: [.left, .up], animations: true)
        _ = update(&model, .key(.right))
        model.now += TileAnimation.durationMilliseconds * 35 / 100
        snapshot(model, "practice-animation-80x24-mono", theme: .mono)
    }

    // MARK: End of game

    @Test func endOfGame() {
        var won = Fixtures.practice(moves: [])
        won.session?.game = Fixtures.game([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])
        _ = update(&won, .key(.left))
        snapshot(won, "end-reached-target-80x24-classic")

        var config = ClientConfig()
        config.lastNickname = "ana"
        var over = Fixtures.connected(Fixtures.model(config: config))
        _ = update(&over, .key(.character("p")))
        Fixtures.deal(&over)
        _ = update(&over, .key(.left))
        over.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &over)
        snapshot(over, "end-nickname-80x24-classic")
        snapshot(over, "end-nickname-200x50-mono", theme: .mono, size: Self.large)
        _ = update(&over, .key(.character("e")))
        snapshot(over, "end-nickname-editing-80x24-classic")
        _ = update(&over, .key(.character("!")))
        snapshot(over, "end-nickname-refused-80x24-classic")
        _ = update(&over, .key(.enter))
        if case .submitting = over.session?.end?.stage {} else { Issue.record("expected submitting") }
        snapshot(over, "end-submitting-80x24-classic")
        var submitted = over
        let receipt = SubmitReceipt(nickname: "ana", board: .all, score: 1234, rank: 3, best: 1234, improved: true, token: "t0k")
        Fixtures.reply(&submitted, to: .submit(nickname: "ana", token: nil), .submit(receipt))
        snapshot(submitted, "end-submitted-80x24-classic")
        Fixtures.refuse(&over, .submit(nickname: "ana", token: nil), .badToken)
        snapshot(over, "end-nickname-taken-80x24-classic")

        var offline = Fixtures.model(config: config)
        _ = update(&offline, .key(.character("p")))
        offline.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &offline)
        snapshot(offline, "end-offline-not-submitted-80x24-classic")
    }

    // MARK: Race

    @Test func race() {
        snapshot(Fixtures.race(), "race-80x24-classic")
        snapshot(Fixtures.race(), "race-80x24-mono", theme: .mono)
        snapshot(Fixtures.race(size: Self.large), "race-200x50-classic")
        snapshot(Fixtures.race(size: Self.large), "race-200x50-mono", theme: .mono)
        snapshot(Fixtures.race(), "race-40x10-too-small", size: Self.tiny)
        snapshot(Fixtures.race(size: TerminalSize(width: 60, height: 18)), "race-60x18-classic")
        snapshot(Fixtures.race(size: TerminalSize(width: 120, height: 40)), "race-120x40-classic")
        var longer = Fixtures.race(size: TerminalSize(width: 60, height: 18))
        longer.session?.game = Fixtures.game([[2, 4, 8, 16], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])
        snapshot(longer, "race-60x18-many-moves-mono", theme: .mono)
    }

    /// The server operator's notice, on the race screen and on the menu.
    @Test func operatorNotice() {
        var race = Fixtures.race()
        Fixtures.event(&race, .notice("restarting in 5 minutes: finish your races"))
        snapshot(race, "notice-race-80x24-classic")
        var menu = Fixtures.model()
        Fixtures.event(&menu, .notice("restarting in 5 minutes"))
        snapshot(menu, "notice-menu-60x18-classic", size: TerminalSize(width: 60, height: 18))
    }

    @Test func raceStartAndStandings() {
        var start = Fixtures.race()
        start.race?.phase = .racing(startedAt: Fixtures.now - 300)
        snapshot(start, "race-go-80x24-mono", theme: .mono)

        var finished = Fixtures.race(size: Self.large)
        let session = finished.session!
        finished.session?.end = Update.endOfGame(
            .timeUp, session: session, now: Fixtures.now,
            stage: .closed(message: "ana is 12th on the leaderboard with 9 120", kind: .success))
        finished.race?.phase = .finished(standings: [
            Fixtures.standing(1, "bo", score: 20116, largestTile: 2048, moves: 938, reason: .target, milliseconds: 432400),
            Fixtures.standing(2, "ana", score: 9120, largestTile: 512, moves: 610, reason: .time, milliseconds: 300000),
            Fixtures.standing(3, "chen", score: 4410, largestTile: 256, moves: 420, reason: .resigned, milliseconds: 210500),
            Fixtures.standing(4, "dmitri", score: 1804, largestTile: 128, moves: 150, reason: .over, milliseconds: 80000),
        ])
        snapshot(finished, "race-standings-200x50-classic")
        // After a rated race: each rating with its change, `?` while provisional.
        let ratings: [(Int, Int, Bool)] = [(1523, 12, false), (1488, -8, false), (1662, 162, true), (1337, -163, true)]
        guard case .finished(var standings)? = finished.race?.phase else { return }
        for (index, rating) in ratings.enumerated() {
            standings[index].finish.rating = rating.0
            standings[index].finish.ratingChange = rating.1
            standings[index].finish.isProvisional = rating.2
        }
        finished.race?.phase = .finished(standings: standings)
        snapshot(finished, "race-rated-standings-120x40-classic", size: TerminalSize(width: 120, height: 40))
    }

    @Test func raceWatchingTheOthersAfterFinishing() {
        var model = Fixtures.race()
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("y")))
        _ = update(&model, .key(.escape))
        _ = update(&model, .key(.enter))
        Fixtures.event(
            &model,
            .finish(
                RacerFinish(
                    room: "friday", nickname: "ana", reason: .resigned, score: 12, largestTile: 4,
                    moves: 5, milliseconds: 102_900)))
        snapshot(model, "race-resigned-watching-80x24-classic")
    }

    @Test func raceWhileOfflineAndWithAnotherRacerAway() {
        for size in [Self.small, TerminalSize(width: 60, height: 18)] {
            // Our connection dropped: the banner stays through the moves played meanwhile.
            var resuming = UpdateAwayTests.resuming(size: size)
            _ = update(&resuming, .tick(Fixtures.now + 250))
            _ = update(&resuming, .key(.left))
            _ = update(&resuming, .key(.down))
            snapshot(resuming, "race-resuming-\(size.width)x\(size.height)-classic")
            // bo's connection dropped 3 s ago: his seat is held 27 s more.
            var away = UpdateAwayTests.boAway(size: size)
            _ = update(&away, .tick(Fixtures.now + 3_000))
            snapshot(away, "race-racer-away-\(size.width)x\(size.height)-classic")
        }
    }

    @Test func spectating() {
        var model = Fixtures.race(size: Self.large)
        model.session = nil
        model.race?.players[1].isYou = false
        let board = model.race?.players[0].board
        model.race?.players[1].board = board
        model.room?.isWatching = true
        model.screen = .spectate
        snapshot(model, "spectate-200x50-classic")
        snapshot(model, "spectate-80x24-mono", theme: .mono, size: Self.small)
    }

    // MARK: Lobby and room

    @Test func lobby() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .lobby(LobbyState())
        model.lobby?.hasLoaded = true
        model.lobby?.rooms = [
            Fixtures.room("friday", players: 3, watchers: 1),
            Fixtures.room("secret", state: .racing, size: 5, target: 4096, assists: true, limit: 300, isPrivate: true, players: 2),
            Fixtures.room("evil-room", state: .countdown, size: 3, target: 256, limit: 90),
        ]
        snapshot(model, "lobby-80x24-classic")
        var form = model
        _ = update(&form, .key(.character("n")))
        for character in "sat" { _ = update(&form, .key(.character(character))) }
        _ = update(&form, .key(.tab))
        snapshot(form, "lobby-create-form-80x24-mono", theme: .mono)
        var join = model
        _ = update(&join, .key(.character("J")))
        for character in "secret" { _ = update(&join, .key(.character(character))) }
        _ = update(&join, .key(.tab))
        snapshot(join, "lobby-join-80x24-classic")
        var wrongCode = model
        Fixtures.refuse(&wrongCode, .join(room: "secret", code: "nope"), .roomUnavailable)
        snapshot(wrongCode, "lobby-wrong-code-80x24-classic")
        snapshot(model, "lobby-40x10-too-small", size: Self.tiny)
    }

    /// A rated race: the racers' ratings beside them where the table has room.
    @Test func ratedRace() {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 100, height: 30)] {
            var model = Fixtures.race(size: size)
            model.room?.options.isRated = true
            let ratings = [ShownRating(rating: 1523, isProvisional: false), ShownRating(rating: 1337, isProvisional: true), nil, nil]
            for index in ratings.indices { model.room?.members[index].rating = ratings[index] }
            snapshot(model, "race-rated-\(size.width)x\(size.height)-classic", size: size)
        }
    }

    @Test func room() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .room
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, timeLimit: 300), isPrivate: true,
            members: [
                RoomMember(nickname: "bo", isReady: true, isYou: false), RoomMember(nickname: "ana", isReady: false, isYou: true),
                RoomMember(nickname: "chen", isReady: true, isYou: false),
                RoomMember(nickname: "eve", isReady: false, isYou: false, role: .watcher),
            ])
        snapshot(model, "room-80x24-classic")
        var rated = model
        rated.room?.options.isRated = true
        #expect(view(rated, size: TerminalSize(width: 80, height: 24), theme: .classic).plainText.contains("private · rated"))
        #expect(!view(model, size: TerminalSize(width: 80, height: 24), theme: .classic).plainText.contains("rated"))
        // After a rated race: each player's rating and its change beside the name.
        var bo = Fixtures.standing(1, "bo", score: 20116, largestTile: 2048, moves: 938, reason: .target, milliseconds: 432400)
        bo.finish.rating = 1523
        bo.finish.ratingChange = 12
        var ana = Fixtures.standing(2, "ana", score: 9120, largestTile: 512, moves: 610, reason: .time, milliseconds: 300000)
        ana.finish.rating = 1337
        ana.finish.ratingChange = -8
        ana.finish.isProvisional = true
        rated.room?.lastStandings = [bo, ana]
        rated.room?.showsRatingChanges = true
        snapshot(rated, "room-after-a-rated-race-100x30-classic", size: TerminalSize(width: 100, height: 30))
        // Before a race: the ratings the server gives (READY, MEMBER); chen's claim is not proved yet.
        var ratings = model
        ratings.room?.options.isRated = true
        ratings.room?.members[0].rating = ShownRating(rating: 1523, isProvisional: false)
        ratings.room?.members[1].rating = ShownRating(rating: 1337, isProvisional: true)
        snapshot(ratings, "room-rated-ratings-80x24-classic")
        var away = model
        Fixtures.event(&away, .away(room: "friday", nickname: "chen", milliseconds: 30_000))
        _ = update(&away, .tick(Fixtures.now + 3_000))
        snapshot(away, "room-player-away-80x24-classic")
        snapshot(away, "room-player-away-60x18-classic", size: TerminalSize(width: 60, height: 18))
        model.room?.code = "k3y"
        model.hostingInfo = ["Hosting on port 2048 — friends join with:", "tilerace play --host 192.168.1.20 --port 2048"]
        #expect(
            RoomJoinLine.text(model, room: model.room!)
                == "join code k3y · a friend types: tilerace play --host 192.168.1.20 --port 2048 --room friday, then the code")
        snapshot(model, "room-private-code-120x40-classic", size: TerminalSize(width: 120, height: 40))
        #expect(RoomJoinLine.text(model, room: model.room!, width: 57) == "code k3y · --host 192.168.1.20 --port 2048 --room friday")
        snapshot(model, "room-private-code-80x24-classic")
        model.room?.code = nil
        model.room?.countdownEndsAt = Fixtures.now + 2_500
        snapshot(model, "room-countdown-80x24-mono", theme: .mono)
        model.room?.countdownEndsAt = nil
        model.room?.lastStandings = [
            Fixtures.standing(1, "bo", score: 20116, largestTile: 2048, moves: 938, reason: .target, milliseconds: 432400),
            Fixtures.standing(2, "ana", score: 9120, largestTile: 512, moves: 610, reason: .resigned, milliseconds: 300000),
        ]
        snapshot(model, "room-after-a-race-200x50-classic", size: Self.large)
        snapshot(model, "room-after-a-race-80x24-classic")
    }

    @Test func nicknamePromptAndConnectionProblems() {
        var model = Fixtures.connected(Fixtures.model(), nickname: nil)
        model.network.takenNickname = "bo"
        model.config.lastNickname = "bo"
        _ = update(&model, .key(.character("r")))
        snapshot(model, "nickname-taken-80x24-classic")

        var lost = Fixtures.race()
        _ = update(&lost, .server(.disconnected(reason: "the server closed the connection", bye: "server shutting down")))
        snapshot(lost, "race-connection-lost-80x24-classic")
        snapshot(lost, "race-connection-lost-200x50-mono", theme: .mono, size: Self.large)

        var unreachable = Fixtures.model()
        unreachable.network.endpoint = ServerEndpoint(host: "10.0.0.5", port: 2048)
        _ = update(&unreachable, .server(.connectFailed("connection refused")))
        snapshot(unreachable, "menu-unreachable-80x24-classic")
    }

    @Test func menuWhileHosting() {
        var model = Fixtures.model()
        let plan = NetworkPlan(
            endpoint: ServerEndpoint(host: "127.0.0.1", port: 2049),
            hostingInfo: ["Hosting on port 2049 — friends join with:", "tilerace play --host 192.168.1.20 --port 2049"])
        _ = Update.launch(plan, model: &model)
        _ = update(&model, .server(.greeted(Greeting())))
        Fixtures.reply(&model, to: .hello(nickname: nil), .hello(nickname: nil))
        snapshot(model, "menu-hosting-80x24-classic")
    }

    // MARK: Watching a record

    @Test func watching() {
        var model = Fixtures.watching()
        snapshot(model, "watch-start-80x24-classic")
        for _ in 0..<9 { _ = update(&model, .key(.right)) }
        snapshot(model, "watch-paused-80x24-mono", theme: .mono)
        _ = update(&model, .key(.end))
        snapshot(model, "watch-end-120x40-classic", size: TerminalSize(width: 120, height: 40))
        var tampered = Fixtures.watching(tampered: true)
        _ = update(&tampered, .key(.end))
        snapshot(tampered, "watch-mismatch-80x24-classic")
        var loading = Fixtures.connected(Fixtures.model())
        loading.screen = .leaderboard(LeaderboardState())
        loading.leaderboard?.entries = Fixtures.entries
        loading.leaderboard?.status = .loaded
        _ = update(&loading, .key(.enter))
        snapshot(loading, "watch-loading-80x24-classic")
        Fixtures.refuse(&loading, .record(RecordQuery(nickname: "bo")), .noRecord)
        snapshot(loading, "watch-no-record-80x24-mono", theme: .mono)
    }

    /// A timed record shows its pace and its running time.
    @Test func watchingATimedRecord() throws {
        var model = Fixtures.model()
        let log = try GameLog(parsing: "L@0D@153R@87U@1204L@65000")
        Update.startWatch(
            RecordToWatch(seed: try Seed(parsing: "42"), config: .standard, log: log, title: "ana · sprint board · rank 1", expected: nil),
            model: &model)
        _ = update(&model, .tick(Fixtures.now + 1500))
        snapshot(model, "watch-timed-80x24-classic")
    }

    // MARK: Leaderboard

    @Test func leaderboard() {
        var model = Fixtures.model()
        model.screen = .leaderboard(LeaderboardState())
        snapshot(model, "leaderboard-offline-80x24-classic")
        model = Fixtures.connected(model)
        model.config.lastNickname = "ana"
        model.leaderboard?.entries = Fixtures.entries
        model.leaderboard?.total = 20
        model.leaderboard?.status = .loaded
        model.leaderboard?.sort(by: .score)
        snapshot(model, "leaderboard-by-score-80x24-classic")
        snapshot(model, "leaderboard-by-score-60x18-classic", size: TerminalSize(width: 60, height: 18))
        snapshot(model, "leaderboard-by-score-120x40-classic", size: TerminalSize(width: 120, height: 40))
        let wide = view(model, size: Self.large, theme: .classic).plainText
        #expect(wide.contains(Fixtures.entries[0].date), "whole dates at 200 columns")
        #expect(wide.contains("assists"))
        _ = update(&model, .key(.pageDown))
        snapshot(model, "leaderboard-scrolled-80x24-mono", theme: .mono)
        _ = update(&model, .key(.character("2")))
        model.leaderboard?.entries = Fixtures.entries.sorted { $0.nickname.lowercased() < $1.nickname.lowercased() }
        model.leaderboard?.status = .loaded
        snapshot(model, "leaderboard-by-nickname-200x50-classic", size: Self.large)
        model.leaderboard?.total = 85
        snapshot(model, "leaderboard-more-on-the-server-80x24-classic")
        snapshot(model, "leaderboard-40x10-too-small", size: Self.tiny)
        // The rating tab (offered by the server) is left of the score tab.
        model.network.serverFeatures = [.resync, .ratings]
        model.leaderboard?.board = .all
        let effects = update(&model, .key(.left))
        #expect(model.leaderboard?.board == .rating)
        #expect(
            effects == [
                .send(.top(LeaderboardQuery(board: .rating, sort: .nickname, order: .asc, offset: 0, limit: 50))),
                .send(.top(LeaderboardQuery(board: .rating, limit: 1, nickname: "ana"))),
            ])
        model.leaderboard?.ratings = [
            RatingEntry(rank: 1, nickname: "bo", rating: 1734, deviation: 61, races: 40, isProvisional: false),
            RatingEntry(rank: 2, nickname: "ana", rating: 1523, deviation: 96, races: 14, isProvisional: false),
            RatingEntry(rank: 1, nickname: "chen", rating: 1662, deviation: 290, races: 1, isProvisional: true),
        ]
        model.leaderboard?.total = 3
        model.leaderboard?.status = .loaded
        snapshot(model, "leaderboard-rating-80x24-classic")
        _ = update(&model, .key(.tab))
        #expect(model.leaderboard?.board == .all)
    }

    // MARK: Colours

    @Test func colours() {
        var model = Fixtures.model()
        _ = update(&model, .key(.character("c")))
        _ = update(&model, .key(.down))
        snapshot(model, "colours-80x24-classic")
        _ = update(&model, .key(.enter))
        for key: Key in [.character("1"), .character("2"), .tab, .character("9"), .character("9"), .character("9")] {
            _ = update(&model, .key(key))
        }
        snapshot(model, "colours-editing-80x24-classic")
        snapshot(model, "colours-editing-200x50-classic", size: Self.large)
        var mono = Fixtures.model()
        mono.config.themeName = "mono"
        _ = update(&mono, .key(.character("c")))
        snapshot(mono, "colours-80x24-mono", theme: .mono)
        snapshot(mono, "colours-40x10-too-small", size: Self.tiny)
    }
}
