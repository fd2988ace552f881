import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Watching a leaderboard entry's game: fetching, playing, the controls, and
/// the check of the replay against the entry.
@Suite struct UpdateWatchTests {
    @Test func enterOnAnEntryAsksForItsRecord() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.entries = Fixtures.entries
        model.leaderboard?.total = 20
        model.leaderboard?.status = .loaded
        _ = update(&model, .key(.down))
        #expect(update(&model, .key(.enter)) == [.send(.record(RecordQuery(nickname: "ana")))])
        #expect(model.watch != nil)
        #expect(model.watch?.status == .loading)
        #expect(model.watch?.title == "ana · all-time board · rank 2")
        #expect(model.watch?.expected == Fixtures.entries[1].result)
    }

    @Test func theDailyBoardAsksForItsDate() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.board = .daily
        model.leaderboard?.date = "2026-11-21"
        model.leaderboard?.entries = Fixtures.entries
        model.leaderboard?.status = .loaded
        #expect(update(&model, .key(.enter)) == [.send(.record(RecordQuery(nickname: "bo", board: .daily, date: "2026-11-21")))])
    }

    @Test func theRecordPlaysAtItsSpeedOneEntryAtATime() {
        var model = Fixtures.watching()
        let watch = try! #require(model.watch)
        #expect(watch.status == .ready)
        #expect(watch.entries.count == 18)
        #expect(watch.position == 0)
        #expect(watch.differences.isEmpty)
        #expect(watch.speed == 4)
        #expect(model.tickIntervalMilliseconds == 100)
        _ = update(&model, .tick(Fixtures.now + 249))
        #expect(model.watch?.position == 0)
        _ = update(&model, .tick(Fixtures.now + 250))
        #expect(model.watch?.position == 1)
        _ = update(&model, .tick(Fixtures.now + 500))
        #expect(model.watch?.position == 2)
        var time = Fixtures.now + 500
        while model.watch?.isAtEnd == false {
            time += 250
            _ = update(&model, .tick(time))
        }
        #expect(model.watch?.position == 18)
        let end = try! Replay.run(seedText: "42", log: Fixtures.recordLog).game
        #expect(model.watch?.game == end)
        #expect(model.tickIntervalMilliseconds == nil)
    }

    /// A timed record (`L@0D@153...`) plays each entry when the server
    /// applied it, with its running time; `+` doubles the pace, Home and
    /// the arrows move the running time with the position.
    @Test func aTimedRecordPlaysAtItsRealPace() throws {
        var model = Fixtures.model()
        let log = try GameLog(parsing: "L@0D@153R@87U@1204")
        Update.startWatch(
            RecordToWatch(seed: try Seed(parsing: "42"), config: .standard, log: log, title: "ana", expected: nil), model: &model)
        let start = Fixtures.now
        #expect(model.watch?.isTimed == true)
        #expect(model.watch?.speed == 1)
        #expect(model.tickIntervalMilliseconds == 50)
        _ = update(&model, .tick(start))
        #expect(model.watch?.position == 1)  // L at 0 ms
        _ = update(&model, .tick(start + 152))
        #expect(model.watch?.position == 1)
        #expect(model.watch?.runningTime == 152)
        _ = update(&model, .tick(start + 240))
        #expect(model.watch?.position == 3)  // D at 153 ms, R at 240 ms: both due
        _ = update(&model, .key(.character("+")))
        #expect(model.watch?.speed == 2)
        _ = update(&model, .tick(start + 240 + 601))
        #expect(model.watch?.position == 3)
        #expect(model.watch?.runningTime == 1442)
        _ = update(&model, .tick(start + 240 + 602))
        #expect(model.watch?.position == 4)  // U at 1444 ms
        #expect(model.watch?.isAtEnd == true)
        #expect(model.watch?.runningTime == 1444)
        _ = update(&model, .key(.home))
        #expect(model.watch?.position == 0 && model.watch?.runningTime == 0)
        _ = update(&model, .key(.right))
        _ = update(&model, .key(.right))
        #expect(model.watch?.position == 2 && model.watch?.runningTime == 153)
        let end = try Replay.run(seedText: "42", log: log.description).game
        _ = update(&model, .key(.end))
        #expect(model.watch?.game == end)
    }

    @Test func spacePausesAndPlays() {
        var model = Fixtures.watching()
        _ = update(&model, .key(.character(" ")))
        #expect(model.watch?.isPaused == true)
        _ = update(&model, .tick(Fixtures.now + 5000))
        #expect(model.watch?.position == 0)
        #expect(model.tickIntervalMilliseconds == nil)
        _ = update(&model, .key(.character(" ")))
        #expect(model.watch?.isPaused == false)
        _ = update(&model, .tick(Fixtures.now + 5000 + 250))
        #expect(model.watch?.position == 1)
    }

    @Test func plusAndMinusChangeTheSpeedWithinItsRange() {
        var model = Fixtures.watching()
        let presses: [(Character, Int)] = [("+", 8), ("+", 15), ("=", 30), ("+", 60), ("+", 60), ("-", 30), ("-", 15)]
        for (key, speed) in presses {
            _ = update(&model, .key(.character(key)))
            #expect(model.watch?.speed == speed, "after \(key)")
        }
        for _ in 0..<10 { _ = update(&model, .key(.character("-"))) }
        #expect(model.watch?.speed == 1)
        #expect(model.watch?.stepMilliseconds == 1000)
    }

    @Test func arrowsStepOneEntryAndPause() throws {
        var model = Fixtures.watching()
        _ = update(&model, .key(.right))
        _ = update(&model, .key(.right))
        _ = update(&model, .key(.right))
        #expect(model.watch?.isPaused == true)
        #expect(model.watch?.position == 3)
        _ = update(&model, .key(.left))
        #expect(model.watch?.position == 2)
        let afterTwo = try Replay.run(seedText: "42", log: "LD").game
        #expect(model.watch?.game == afterTwo)
        _ = update(&model, .key(.left))
        _ = update(&model, .key(.left))
        _ = update(&model, .key(.left))
        #expect(model.watch?.position == 0)
        _ = update(&model, .tick(Fixtures.now + 10_000))
        #expect(model.watch?.position == 0, "paused: time does not play")
    }

    @Test func homeAndEndJump() {
        var model = Fixtures.watching()
        _ = update(&model, .key(.end))
        #expect(model.watch?.position == 18)
        #expect(model.watch?.isAtEnd == true)
        _ = update(&model, .key(.home))
        #expect(model.watch?.position == 0)
        _ = update(&model, .key(.end))
        // Space at the end plays again from the start.
        _ = update(&model, .key(.character(" ")))
        #expect(model.watch?.position == 0)
        #expect(model.watch?.isPaused == false)
    }

    @Test func escapeReturnsToTheLeaderboard() {
        var model = Fixtures.watching()
        #expect(update(&model, .key(.escape)).isEmpty)
        #expect(model.leaderboard != nil)
        #expect(model.watch == nil)
    }

    /// `tilerace replay --watch` quits on q or on Esc, as its help and docs/playing.md say.
    @Test(arguments: [Key.character("q"), Key.escape])
    func aCommandLineWatchQuitsOnQOrEscape(key: Key) {
        var model = Fixtures.model()
        var watch = WatchState(title: "seed 42", expected: nil, returnScreen: nil)
        watch.load(seed: Seed(42), config: .standard, log: GameLog(), now: model.now)
        model.screen = .watch(watch)
        #expect(update(&model, .key(key)) == [.quit])
    }

    @Test func aRecordThatDoesNotGiveTheEntrysFiguresIsShown() {
        let model = Fixtures.watching(tampered: true)
        let entry = Fixtures.recordEntry()
        #expect(model.watch?.differences == ["score: replay \(entry.score), entry \(entry.score + 8)"])
    }

    @Test func aMissingRecordSaysSo() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.entries = Fixtures.entries
        model.leaderboard?.status = .loaded
        _ = update(&model, .key(.enter))
        Fixtures.refuse(&model, .record(RecordQuery(nickname: "bo")), .noRecord, "bo has no game record on the all-time board")
        #expect(model.watch?.status == .failed("no record of this game: it was played before the server kept records"))
        _ = update(&model, .key(.escape))
        #expect(model.leaderboard != nil)
    }

    @Test func aRecordWithMissingLinesIsAnError() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.entries = Fixtures.entries
        model.leaderboard?.status = .loaded
        _ = update(&model, .key(.enter))
        Fixtures.reply(
            &model, to: .record(RecordQuery(nickname: "bo")),
            .record(RecordSummary(nickname: "bo", seed: "42", size: 4, target: 2048, entries: 4, count: 2)), items: [.log("LRUD")])
        #expect(model.watch?.status == .failed("the record came with 1 LOG lines, not 2"))
    }

    @Test func offlineEnterSaysWhy() {
        var model = Fixtures.model()
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.entries = Fixtures.entries
        model.leaderboard?.status = .loaded
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.leaderboard != nil)
    }

    @Test func slidesPlayAtSlowSpeedsWhenAnimated() {
        var model = Fixtures.watching()
        model.isInteractive = true
        model.options.animationsEnabled = true
        _ = update(&model, .tick(Fixtures.now + 250))
        #expect(model.watch?.animation != nil)
        #expect(model.tickIntervalMilliseconds == 16)
        _ = update(&model, .tick(Fixtures.now + 250 + TileAnimation.durationMilliseconds))
        #expect(model.watch?.animation == nil)
    }
}
