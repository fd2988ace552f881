import Testing

@testable import TileRaceClient

@Suite struct UpdateMenuTests {
    @Test func anyKeySkipsTheSplashAndIsNotApplied() {
        var model = Fixtures.model(interactive: true)
        #expect(model.menu.introStartedAt != nil)
        #expect(model.tickIntervalMilliseconds != nil)
        #expect(update(&model, .key(.character("q"))).isEmpty)
        #expect(model.menu.introStartedAt == nil)
        #expect(model.screen == .menu)
    }

    @Test func theSplashEndsByItself() {
        var model = Fixtures.model(interactive: true)
        _ = update(&model, .tick(Fixtures.now + 500))
        #expect(model.menu.introStartedAt != nil)
        _ = update(&model, .tick(Fixtures.now + MenuState.introDurationMilliseconds))
        #expect(model.menu.introStartedAt == nil)
    }

    @Test func noSplashWithoutATerminalOrWithNoAnim() {
        #expect(Fixtures.model(interactive: false).menu.introStartedAt == nil)
        var options = ClientOptions()
        options.animationsEnabled = false
        #expect(Fixtures.model(options: options, interactive: true).menu.introStartedAt == nil)
    }

    @Test func arrowsMoveTheSelectionAndWrap() {
        var model = Fixtures.model()
        #expect(model.menu.selection == .race)
        _ = update(&model, .key(.up))
        #expect(model.menu.selection == .quit)
        _ = update(&model, .key(.down))
        _ = update(&model, .key(.character("j")))
        #expect(model.menu.selection == .quickRace)
        _ = update(&model, .key(.character("j")))
        #expect(model.menu.selection == .practice)
        _ = update(&model, .key(.enter))
        #expect(model.screen == .game)
        #expect(model.session?.mode == .practice)
    }

    @Test func raceOfflineSaysWhy() {
        var model = Fixtures.model()
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.screen == .menu)
        #expect(model.notice?.text.contains("racing needs a server") == true)
        #expect(model.notice?.kind == .warning)
    }

    @Test func raceWhenConnectedAsksForRooms() {
        var model = Fixtures.connected(Fixtures.model())
        #expect(update(&model, .key(.character("r"))) == [.send(.rooms)])
        #expect(model.lobby != nil)
    }

    @Test func raceAfterLosingTheServerOffersToReconnect() {
        var model = Fixtures.model()
        model.network.endpoint = Fixtures.endpoint
        model.connection = .lost(reason: "Lost the connection")
        #expect(update(&model, .key(.character("r"))).isEmpty)
        #expect(model.overlay == .connectionProblem(ConnectionProblem(message: "Lost the connection", wasRacing: false)))
        #expect(update(&model, .key(.enter)) == [.connect])
        #expect(model.connection == .connecting(Fixtures.endpoint))
    }

    @Test func dailyWhenConnectedJoinsTheDailyRoom() {
        var model = Fixtures.connected(Fixtures.model())
        #expect(update(&model, .key(.character("d"))) == [.send(.join(room: "daily", code: nil))])
        let description = Fixtures.room("daily")
        #expect(Fixtures.reply(&model, to: .join(room: "daily", code: nil), .join(description)) == [.send(.who)])
        #expect(model.screen == .room)
        #expect(model.room?.isDaily == true)
    }

    @Test func dailyUsesTheDateAsSeedOnAStandardBoard() {
        var options = ClientOptions()
        options.size = 6
        var model = Fixtures.model(options: options)
        _ = update(&model, .key(.character("d")))
        #expect(model.session?.mode == .daily(date: Fixtures.today))
        #expect(model.session?.game.seed.text == Fixtures.today)
        #expect(model.session?.game.config.size == 4)
        #expect(model.notice?.text.contains("offline") == true)
    }

    @Test func leaderboardOfflineShowsNotConnected() {
        var model = Fixtures.model()
        #expect(update(&model, .key(.character("l"))).isEmpty)
        #expect(model.leaderboard != nil)
        #expect(model.leaderboard?.status == .notConnected)
    }

    @Test func themeKeySavesTheNextTheme() {
        var model = Fixtures.model()
        #expect(update(&model, .key(.character("t"))) == [.saveConfig])
        #expect(model.config.themeName == "dark")
    }

    @Test func quitAndControlC() {
        var model = Fixtures.model()
        #expect(update(&model, .key(.character("q"))) == [.quit])
        var other = Fixtures.practice()
        #expect(update(&other, .key(.control("c"))) == [.quit])
        #expect(update(&other, .key(.control("z"))) == [.suspend])
        #expect(update(&other, .key(.control("l"))) == [.redraw])
    }

    @Test func hostQuittingWithOthersConnectedIsAskedFirst() {
        var model = Fixtures.connected(Fixtures.model())
        #expect(update(&model, .hostedClientCount(3)) == [])
        #expect(update(&model, .key(.character("q"))) == [])
        #expect(model.overlay == .confirm(.quitWhileHosting(players: 2)))
        #expect(Confirmation.quitWhileHosting(players: 2).question.hasPrefix("2 players connected: quit anyway?"))
        #expect(update(&model, .key(.character("n"))) == [])
        #expect(model.overlay == nil)
        _ = update(&model, .key(.character("q")))
        #expect(update(&model, .key(.character("y"))) == [.send(.quit), .quit])
    }

    @Test func hostAloneQuitsAtOnce() {
        var model = Fixtures.connected(Fixtures.model())
        _ = update(&model, .hostedClientCount(1))
        #expect(update(&model, .key(.character("q"))) == [.send(.quit), .quit])
        var offline = Fixtures.model()
        _ = update(&offline, .hostedClientCount(1))
        #expect(offline.otherHostedPlayers == 1)
        _ = update(&offline, .hostedClientCount(0))
        #expect(update(&offline, .key(.character("q"))) == [.quit])
    }

    @Test func helpOpensAndAnyKeyClosesIt() {
        var model = Fixtures.model()
        _ = update(&model, .key(.character("?")))
        #expect(model.overlay == .help)
        #expect(update(&model, .key(.character("q"))).isEmpty)
        #expect(model.overlay == nil)
    }

    @Test func practiceUsesTheSeedOptionOnceThenFreshSeeds() {
        var options = ClientOptions()
        options.seed = "friday"
        options.size = 5
        options.target = 512
        var model = Fixtures.model(options: options)
        _ = update(&model, .key(.character("p")))
        #expect(model.session?.game.seed.text == "friday")
        #expect(model.session?.game.config.size == 5)
        #expect(model.session?.game.config.target == 512)
        _ = update(&model, .key(.character("q")))
        _ = update(&model, .key(.character("p")))
        #expect(model.session?.game.seed.text != "friday")
    }

    @Test func configSaveOutcomesAreShown() {
        var model = Fixtures.model()
        model.mustPreserveConfigFile = true
        _ = update(&model, .configSaved(backup: "/c/config.json.bak"))
        #expect(!model.mustPreserveConfigFile)
        #expect(model.notice?.text.contains("/c/config.json.bak") == true)
        _ = update(&model, .configSaveFailed("disk full\u{1B}[2J"))
        #expect(model.notice?.text == "could not save settings: disk full[2J")
    }

    @Test func noticesExpire() {
        var model = Fixtures.model()
        model.show("hello")
        _ = update(&model, .tick(Fixtures.now + Notice.lifetimeMilliseconds - 100))
        #expect(model.notice != nil)
        _ = update(&model, .tick(Fixtures.now + Notice.lifetimeMilliseconds))
        #expect(model.notice == nil)
    }
}
